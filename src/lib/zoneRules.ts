import type { MomentTimezone } from 'moment-timezone';
import { loadOnce } from './loadOnce';

/**
 * moment's time zones (moment-timezone with the zone data of 1970–2030, every zone of the
 * browser's list; about 28 KB with moment) load apart, when a zone other than the browser's is
 * wanted: the user's chosen zone, the zone list of the preferences or the palette. Dates
 * outside the range use the nearest known rules. This module does not load moment itself.
 */
/** Loads the time zones once; later calls share the first load. */
export const loadTimezones = loadOnce<MomentTimezone>(async () => {
  const module = await import(
    /* webpackChunkName: "timezones" */ 'moment-timezone/builds/moment-timezone-with-data-1970-2030'
  );
  return module.default.tz;
});

/** The time zones once loaded (`moment.tz`), else undefined. */
export function timezones(): MomentTimezone | undefined {
  return loadTimezones.now();
}
