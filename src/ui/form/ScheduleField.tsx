import { InputGroup } from '@blueprintjs/core';
import type { FieldChromeProps } from './FormFieldGroup';
import { KitField } from './FormFieldGroup';

/** The schedule choices of spec 002 §9. */
export const SCHEDULE_PRESETS = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

export const INVALID_SCHEDULE =
  'Use a preset, "@every" and a duration (e.g. @every 10m) or a cron expression';

const DESCRIPTORS = new Set([
  '@yearly',
  '@annually',
  '@monthly',
  '@weekly',
  '@daily',
  '@midnight',
  '@hourly',
]);
const EVERY = /^@every\s+(\d+(ns|us|µs|ms|s|m|h))+$/;
const CRON_FIELD = /^[\d*?/,\-A-Za-z#LW]+$/;

/** Whether `text` is a schedule the backend's cron runner accepts (presets, @every, 5–6 fields). */
export function isValidSchedule(text: string): boolean {
  const value = text.trim();
  if (DESCRIPTORS.has(value) || EVERY.test(value)) return true;
  const fields = value.split(/\s+/);
  return (fields.length === 5 || fields.length === 6) && fields.every((f) => CRON_FIELD.test(f));
}

export interface ScheduleFieldProps extends FieldChromeProps {
  name: string;
}

/** A schedule: typed freely, with spec 002 §9's presets offered as suggestions. */
export function ScheduleField(field: ScheduleFieldProps) {
  return (
    <KitField<string | undefined>
      {...field}
      validate={(value) =>
        value && value.trim() !== '' && !isValidSchedule(value) ? INVALID_SCHEDULE : undefined
      }
    >
      {({ input, id, disabled, invalid }) => (
        <>
          <InputGroup
            {...input}
            value={input.value ?? ''}
            id={id}
            list={`${id}-presets`}
            leftIcon="time"
            placeholder="@every 5m"
            disabled={disabled}
            {...invalid}
          />
          <datalist id={`${id}-presets`}>
            {SCHEDULE_PRESETS.map((preset) => (
              <option key={preset} value={preset} />
            ))}
          </datalist>
        </>
      )}
    </KitField>
  );
}
