/** The presets a schedule field suggests (its datalist's options): value and label of each. */
export function schedulePresets(input: HTMLElement): Array<{ value: string; label: string }> {
  const list = document.getElementById(input.getAttribute('list') ?? '');
  return [...(list?.querySelectorAll('option') ?? [])].map((option) => ({
    value: option.value,
    label: option.label,
  }));
}

/** The presets of a `short` schedule (health checks), in the order offered. */
export const SHORT_SCHEDULE_PRESETS = [
  '@every 30s',
  '@every 1m',
  '@every 2m',
  '@every 5m',
  '@every 10m',
  '@every 15m',
  '@every 30m',
];

/** The presets of a `scraper` schedule, in the order offered. */
export const SCRAPER_SCHEDULE_PRESETS = [
  '@every 5m',
  '@every 15m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@every 12h',
  '@daily',
];

/** The presets of a `medium` schedule (topologies): once a minute, then the scraper's. */
export const MEDIUM_SCHEDULE_PRESETS = ['@every 1m', ...SCRAPER_SCHEDULE_PRESETS];
