import { Button, ButtonGroup, Callout, SegmentedControl, Switch } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useField, useForm, useFormState } from 'react-final-form';
import { useTimezones } from '../../../ui/useTimezones';
import { KitField, useFieldDisabled } from '../../../ui/form/FormFieldGroup';
import { SelectField } from '../../../ui/form/SelectField';
import { TextField } from '../../../ui/form/TextField';
import type { RecurrenceValues, ScheduleMode } from './model/recurrence';
import { WEEK_DAYS, recurrenceOf, scheduleSummary } from './model/recurrence';

export const REPEATS_LABEL = 'Repeats';
export const SCHEDULE_MODES: ReadonlyArray<{ value: ScheduleMode; label: string }> = [
  { value: 'days', label: 'Days and time' },
  { value: 'cron', label: 'Cron' },
];

/** The chosen days as toggle buttons, Monday first; the value is cron's numbers (0 Sunday). */
function DaysField() {
  return (
    <KitField<number[] | undefined> name="days" label="Days">
      {({ input, disabled }) => {
        const chosen = new Set(input.value || []);
        return (
          <ButtonGroup role="group" aria-label="Days">
            {WEEK_DAYS.map((day) => (
              <Button
                key={day.value}
                text={day.short}
                aria-label={day.long}
                aria-pressed={chosen.has(day.value)}
                active={chosen.has(day.value)}
                disabled={disabled}
                onClick={() => {
                  const next = new Set(chosen);
                  if (next.has(day.value)) next.delete(day.value);
                  else next.add(day.value);
                  input.onChange([...next].sort((a, b) => a - b));
                  input.onBlur();
                }}
              />
            ))}
          </ButtonGroup>
        );
      }}
    </KitField>
  );
}

/** The zone the schedule is read in: moment's zone names, loaded once the silence repeats. */
function TimezoneField() {
  const tz = useTimezones(true);
  const options = useMemo(
    () => (tz ? tz.names().map((name) => ({ value: name, label: name })) : []),
    [tz],
  );
  return <SelectField name="timezone" label="Time zone" options={options} />;
}

/** The schedule as a sentence, once every part of it is valid. */
function ScheduleSummary() {
  const { values } = useFormState<RecurrenceValues>({ subscription: { values: true } });
  const recurrence = recurrenceOf(values);
  if (!recurrence) return null;
  return (
    <Callout icon="repeat" className="mc-silence-schedule-summary" role="status">
      {scheduleSummary(recurrence.schedule, recurrence.timezone, recurrence.duration)}
    </Callout>
  );
}

export interface RecurrenceFieldsProps {
  /** Called when the Repeats switch is turned on or off. */
  onRepeatsChange?: (repeats: boolean) => void;
}

/**
 * A maintenance window: the Repeats switch and, while it is on, the schedule (days of the week
 * and a start time, or a cron), its time zone and the length of each window, read back as a
 * sentence. The messages come from the form's rules (`recurrenceErrors`).
 */
export function RecurrenceFields({ onRepeatsChange }: RecurrenceFieldsProps) {
  const form = useForm<RecurrenceValues>();
  const disabled = useFieldDisabled(false);
  const repeats = useField<boolean>('repeats', { type: 'checkbox' }).input;
  const mode = useField<ScheduleMode | undefined>('scheduleMode').input.value || 'days';
  return (
    <>
      <Switch
        name="repeats"
        label={REPEATS_LABEL}
        checked={repeats.checked ?? false}
        disabled={disabled}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          repeats.onChange(on);
          onRepeatsChange?.(on);
        }}
      />
      {repeats.checked && (
        <fieldset className="mc-silence-recurrence">
          <legend>Maintenance window</legend>
          <SegmentedControl
            className="mc-silence-schedule-mode"
            aria-label="Schedule"
            size="small"
            options={SCHEDULE_MODES.map((option) => ({ ...option }))}
            value={mode}
            onValueChange={(value) => form.change('scheduleMode', value as ScheduleMode)}
            disabled={disabled}
          />
          {mode === 'cron' ? (
            <TextField
              name="cron"
              label="Cron schedule"
              placeholder="0 22 * * 1-5"
              helperText="minute hour day-of-month month day-of-week (0 and 7 are Sunday), e.g. 0 22 * * 1-5"
            />
          ) : (
            <>
              <DaysField />
              <TextField
                name="time"
                label="Start time"
                placeholder="22:00"
                helperText="Hours and minutes, 24-hour clock"
              />
            </>
          )}
          <TimezoneField />
          <TextField
            name="duration"
            label="Window length"
            placeholder="2h"
            helperText="How long each window lasts, e.g. 2h, 90m or 1h30m"
          />
          <ScheduleSummary />
        </fieldset>
      )}
    </>
  );
}
