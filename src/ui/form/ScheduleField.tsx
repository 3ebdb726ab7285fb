import { InputGroup } from '@blueprintjs/core';
import type { FieldChromeProps } from './FormFieldGroup';
import { KitField } from './FormFieldGroup';
import '../ui.css';

/** The schedule choices of spec 002 §9: the presets of the default kind. */
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

/**
 * Which presets a schedule offers (spec 001 §3): `short` for what runs often (health checks),
 * `scraper` for catalog scrapers, `medium` for periodic syncs (topologies), `default` otherwise.
 */
export type ScheduleKind = 'short' | 'scraper' | 'medium' | 'default';

/** Catalog scrapers: every few minutes up to once a day. */
const SCRAPER_PRESETS = [
  '@every 5m',
  '@every 15m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@every 12h',
  '@daily',
] as const;

/** The presets offered per kind, most frequent first. */
export const SCHEDULE_PRESETS_BY_KIND: Readonly<Record<ScheduleKind, readonly string[]>> = {
  short: [
    '@every 30s',
    '@every 1m',
    '@every 2m',
    '@every 5m',
    '@every 10m',
    '@every 15m',
    '@every 30m',
  ],
  scraper: SCRAPER_PRESETS,
  // Periodic syncs: the scrapers' list, and once a minute.
  medium: ['@every 1m', ...SCRAPER_PRESETS],
  default: SCHEDULE_PRESETS,
};

/** What a preset reads as in the suggestions. */
export const SCHEDULE_PRESET_LABELS: Readonly<Record<string, string>> = {
  '@every 30s': 'Every 30 seconds',
  '@every 1m': 'Every minute',
  '@every 2m': 'Every 2 minutes',
  '@every 5m': 'Every 5 minutes',
  '@every 10m': 'Every 10 minutes',
  '@every 15m': 'Every 15 minutes',
  '@every 30m': 'Every 30 minutes',
  '@hourly': 'Every hour',
  '@every 6h': 'Every 6 hours',
  '@every 12h': 'Every 12 hours',
  '@daily': 'Every day',
  '@weekly': 'Every week',
};

/** The presets of a kind, as "e.g. …" help text. */
export const schedulePresetsHelp = (kind: ScheduleKind = 'default') =>
  `e.g. ${SCHEDULE_PRESETS_BY_KIND[kind].join(', ')}`;

export const INVALID_SCHEDULE =
  'Use a preset, "@every" and a duration (e.g. @every 10m) or a cron expression';

/** The cron descriptors a schedule may be (`@daily` …). */
export const SCHEDULE_DESCRIPTORS: ReadonlySet<string> = new Set([
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
  if (SCHEDULE_DESCRIPTORS.has(value) || EVERY.test(value)) return true;
  const fields = value.split(/\s+/);
  return (fields.length === 5 || fields.length === 6) && fields.every((f) => CRON_FIELD.test(f));
}

export interface ScheduleFieldProps extends FieldChromeProps {
  name: string;
  /** The presets suggested. Default `default` (spec 002 §9's choices). */
  kind?: ScheduleKind;
}

/** A schedule: typed freely, with its kind's presets offered as suggestions. */
export function ScheduleField({ kind = 'default', ...field }: ScheduleFieldProps) {
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
            className="mc-schedule-input"
            leftIcon="time"
            placeholder="@every 5m"
            disabled={disabled}
            {...invalid}
          />
          <datalist id={`${id}-presets`}>
            {SCHEDULE_PRESETS_BY_KIND[kind].map((preset) => (
              <option key={preset} value={preset} label={SCHEDULE_PRESET_LABELS[preset]} />
            ))}
          </datalist>
        </>
      )}
    </KitField>
  );
}
