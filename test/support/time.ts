/** Moments before now, as ISO timestamps: fixtures that stay recent whenever a test runs. */
export const minutesAgo = (minutes: number): string =>
  new Date(Date.now() - minutes * 60_000).toISOString();

export const hoursAgo = (hours: number): string =>
  new Date(Date.now() - hours * 3_600_000).toISOString();

export const daysAgo = (days: number): string =>
  new Date(Date.now() - days * 86_400_000).toISOString();
