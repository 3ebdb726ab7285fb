import { Button, Intent, PopoverAnimation, PopoverNext, Tag } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';
import { useId } from 'react';
import type { TriStateMap } from '../lib/triState';
import { applyTriState } from '../lib/triState';
import { SelectionCount, summarisesSelection } from './SelectionCount';
import { TriStateToggle } from './TriStateToggle';
import './ui.css';

/** One choice of a filter dropdown. */
export interface FilterOption {
  /** The item written to the selection (and the URL). */
  value: string;
  /** What the user reads. */
  label: string;
  /** Shown before the label. */
  icon?: ReactNode;
}

export interface FilterDropdownProps {
  /** The filter's name, shown on the button and naming the list. */
  label: string;
  /** The choices, in the order shown. */
  options: FilterOption[];
  /** The selection: item → 1 (include) or -1 (exclude). */
  value: TriStateMap;
  /** Called with the whole new selection. */
  onChange: (next: TriStateMap) => void;
  /**
   * Items are `key=value` tags: including one removes the other choices of the same key.
   * Default false: choosing a state removes the items that have the other state.
   */
  tagStyle?: boolean;
  /** Called as the list opens: a page can load options no one has asked for only then. */
  onOpening?: () => void;
  /** The options are being loaded: the list says so instead of "No options". */
  loading?: boolean;
}

export interface DropdownPopoverProps {
  /** What opens below the button. */
  content: ReactElement;
  /** Called as it opens. */
  onOpening?: () => void;
  /** The button. */
  children: ReactElement;
}

/** A filter's list under its button: below it, left-aligned, without an arrow. */
export function DropdownPopover({ content, onOpening, children }: DropdownPopoverProps) {
  return (
    <PopoverNext
      shouldReturnFocusOnClose={false}
      content={content}
      placement="bottom-start"
      animation={PopoverAnimation.MINIMAL}
      arrow={false}
      onOpening={onOpening}
    >
      {children}
    </PopoverNext>
  );
}

function SelectionSummary({ value, options }: { value: TriStateMap; options: FilterOption[] }) {
  const entries = Object.entries(value);
  if (entries.length === 0) return <span>All</span>;
  if (summarisesSelection(entries.length)) return <SelectionCount count={entries.length} />;
  return (
    <span className="mc-filter-chips">
      {entries.map(([item, state]) => {
        const text = options.find((option) => option.value === item)?.label ?? item;
        const excluded = state === -1;
        return (
          <Tag
            key={item}
            minimal
            intent={excluded ? Intent.DANGER : Intent.NONE}
            icon={excluded ? 'disable' : undefined}
            className={excluded ? 'mc-filter-chip--exclude' : 'mc-filter-chip--include'}
            title={`${excluded ? 'Exclude' : 'Include'} ${text}`}
            data-state={excluded ? 'exclude' : 'include'}
          >
            {text}
          </Tag>
        );
      })}
    </span>
  );
}

/**
 * A button that opens a list of choices, each with include and exclude toggles. The button
 * shows the chosen items as chips (excluded ones crossed out in red), or a count from 4.
 */
export function FilterDropdown({
  label,
  options,
  value,
  onChange,
  tagStyle = false,
  onOpening,
  loading = false,
}: FilterDropdownProps) {
  const listId = useId();
  const known = new Set(options.map((option) => option.value));
  // Items chosen earlier (from a URL) that are no longer offered can still be removed.
  const shown: FilterOption[] = [
    ...Object.keys(value)
      .filter((item) => !known.has(item))
      .map((item) => ({ value: item, label: item })),
    ...options,
  ];
  const count = Object.keys(value).length;

  const content = (
    <div className="mc-filter-menu">
      <ul id={listId} aria-label={label} className="mc-filter-list">
        {shown.map((option) => (
          <li key={option.value} className="mc-filter-option">
            <TriStateToggle
              label={option.label}
              icon={option.icon}
              value={value[option.value] ?? 0}
              onChange={(state) =>
                onChange(applyTriState(value, option.value, state, { tagStyle }))
              }
            />
          </li>
        ))}
        {shown.length === 0 && (
          <li className="mc-filter-option">{loading ? 'Loading…' : 'No options'}</li>
        )}
      </ul>
      <div className="mc-filter-actions">
        <Button size="small" variant="minimal" disabled={count === 0} onClick={() => onChange({})}>
          Clear {label}
        </Button>
      </div>
    </div>
  );

  return (
    <DropdownPopover content={content} onOpening={onOpening}>
      <Button
        className="mc-filter-target"
        endIcon="caret-down"
        aria-label={`${label} filter${count > 0 ? `, ${count} selected` : ''}`}
      >
        <span className="mc-filter-target-label">{label}: </span>
        <SelectionSummary value={value} options={options} />
      </Button>
    </DropdownPopover>
  );
}
