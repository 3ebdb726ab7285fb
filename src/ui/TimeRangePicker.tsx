import {
  Button,
  FormGroup,
  InputGroup,
  Intent,
  Menu,
  MenuItem,
  PopoverNext,
} from '@blueprintjs/core';
import { lazy, Suspense, useId, useState } from 'react';
import type { DateInput } from '../lib/dates';
import type { TimeRangeValue } from '../lib/timeRange';
import {
  FUTURE_RELATIVE_RANGES,
  MAPPED_RANGES,
  PAST_RELATIVE_RANGES,
  timeRangeLabel,
} from '../lib/timeRange';
import type { RecentRange } from './recentRanges';
import { addRecentRange, loadRecentRanges } from './recentRanges';
import './ui.css';

/** How the from/to fields read and write dates. */
export const TIME_RANGE_INPUT_FORMAT = 'yyyy-MM-dd HH:mm';

/** The date fields and their calendar load with the first opening of a picker. */
const TimeRangeDateInput = lazy(
  () => import(/* webpackChunkName: "date-input" */ './TimeRangeDateInput'),
);

/** A date field of the picker: while its calendar loads, the field, not yet usable. */
function DateField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <Suspense fallback={<InputGroup id={id} disabled placeholder={TIME_RANGE_INPUT_FORMAT} fill />}>
      <TimeRangeDateInput
        id={id}
        value={value}
        onChange={onChange}
        format={TIME_RANGE_INPUT_FORMAT}
      />
    </Suspense>
  );
}

function defaultFormat(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  // A time without an offset is the browser's, as the date inputs write it.
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) return String(value);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${parsed.getFullYear()}-${two(parsed.getMonth() + 1)}-${two(parsed.getDate())} ${two(parsed.getHours())}:${two(parsed.getMinutes())}`;
}

export interface TimeRangePickerProps {
  /** The chosen range; undefined for none. */
  value: TimeRangeValue | undefined;
  /** Called with the new range, or undefined when the user clears it. */
  onChange: (value: TimeRangeValue | undefined) => void;
  /** Offers future relative ranges (Indefinitely, +5m …) instead of past and quick ranges. */
  showFuture?: boolean;
  /** Writes the ends of absolute ranges. Default: `YYYY-MM-DD HH:mm` in the browser's zone. */
  formatDate?: (value: DateInput) => string;
  /** Button text when no range is chosen. Default `Time range`. */
  placeholder?: string;
  /** The button's id, for a label that points at it (a form field). */
  id?: string;
  /** The button cannot be pressed (a read-only form). Default false. */
  disabled?: boolean;
}

function sameRelative(value: TimeRangeValue | undefined, range: string): boolean {
  return value?.type === 'relative' && value.range === range;
}

/**
 * A button showing the chosen time range that opens the picker: relative ranges and quick
 * ranges apply at once; an absolute range needs both ends and Submit, and joins the recently
 * used list (kept in local storage). Clear removes the range.
 */
export function TimeRangePicker({
  value,
  onChange,
  showFuture = false,
  formatDate = defaultFormat,
  placeholder = 'Time range',
  id,
  disabled = false,
}: TimeRangePickerProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [recent, setRecent] = useState<RecentRange[]>([]);
  const fromId = useId();
  const toId = useId();

  const rangeText = (start: string, end: string) => `${formatDate(start)} to ${formatDate(end)}`;

  const open = (next: boolean) => {
    if (next && !isOpen) {
      setFrom(value?.type === 'absolute' ? value.from : null);
      setTo(value?.type === 'absolute' ? value.to : null);
      setRecent(loadRecentRanges());
    }
    setIsOpen(next);
  };

  const choose = (next: TimeRangeValue | undefined) => {
    if (next?.type === 'absolute') setRecent(addRecentRange({ from: next.from, to: next.to }));
    setIsOpen(false);
    onChange(next);
  };

  const inverted = from !== null && to !== null && new Date(from) > new Date(to);
  const canSubmit = !!from && !!to && !inverted;

  const relative = showFuture ? FUTURE_RELATIVE_RANGES : PAST_RELATIVE_RANGES;

  const content = (
    <div className="mc-time-range">
      <section className="mc-time-range-absolute" aria-label="Absolute time range">
        <h4 className="mc-time-range-heading">Absolute time range</h4>
        <FormGroup label="From" labelFor={fromId}>
          <DateField id={fromId} value={from} onChange={setFrom} />
        </FormGroup>
        <FormGroup
          label="To"
          labelFor={toId}
          intent={inverted ? Intent.DANGER : Intent.NONE}
          helperText={inverted ? 'From must be before To' : undefined}
        >
          <DateField id={toId} value={to} onChange={setTo} />
        </FormGroup>
        <div className="mc-time-range-actions">
          <Button onClick={() => choose(undefined)}>Clear</Button>
          <Button
            intent={Intent.PRIMARY}
            disabled={!canSubmit}
            onClick={() => {
              if (from && to) choose({ type: 'absolute', from, to });
            }}
          >
            Submit
          </Button>
        </div>
        {recent.length > 0 && (
          <>
            <h4 className="mc-time-range-heading">Recently used absolute ranges</h4>
            <Menu className="mc-time-range-recent" aria-label="Recently used absolute ranges">
              {recent.map((range) => (
                <MenuItem
                  key={`${range.from}|${range.to}`}
                  text={rangeText(range.from, range.to)}
                  onClick={() => choose({ type: 'absolute', from: range.from, to: range.to })}
                />
              ))}
            </Menu>
          </>
        )}
      </section>
      <div className="mc-time-range-lists">
        <section className="mc-time-range-list">
          <h4 className="mc-time-range-heading">Relative time ranges</h4>
          <Menu aria-label="Relative time ranges">
            {relative.map((option) => (
              <MenuItem
                key={option.range}
                text={option.label}
                active={sameRelative(value, option.range)}
                onClick={() => choose({ type: 'relative', range: option.range })}
              />
            ))}
          </Menu>
        </section>
        {!showFuture && (
          <section className="mc-time-range-list">
            <h4 className="mc-time-range-heading">Other quick ranges</h4>
            <Menu aria-label="Other quick ranges">
              {MAPPED_RANGES.map((name) => (
                <MenuItem
                  key={name}
                  text={name}
                  active={value?.type === 'mapped' && value.name === name}
                  onClick={() => choose({ type: 'mapped', name })}
                />
              ))}
            </Menu>
          </section>
        )}
      </div>
    </div>
  );

  return (
    <PopoverNext
      shouldReturnFocusOnClose={false}
      content={content}
      isOpen={isOpen}
      onInteraction={(next) => open(next)}
      placement="bottom-end"
      disabled={disabled}
    >
      <Button icon="time" endIcon="caret-down" aria-haspopup="dialog" id={id} disabled={disabled}>
        {timeRangeLabel(value, rangeText, placeholder)}
      </Button>
    </PopoverNext>
  );
}
