import type { MomentTimezone } from 'moment-timezone';

/**
 * moment's time zones (moment-timezone with the zone data of 1970–2030, every zone of the
 * browser's list; about 28 KB with moment) load apart, when a zone other than the browser's is
 * wanted: the user's chosen zone, the zone list of the preferences or the palette. Dates
 * outside the range use the nearest known rules. This module does not load moment itself.
 */
let zones: MomentTimezone | undefined;
let loading: Promise<MomentTimezone> | undefined;

/** The time zones once loaded (`moment.tz`), else undefined. */
export function timezones(): MomentTimezone | undefined {
  return zones;
}

/** Loads the time zones once; later calls share the first load. */
export function loadTimezones(): Promise<MomentTimezone> {
  loading ??= import(
    /* webpackChunkName: "timezones" */ 'moment-timezone/builds/moment-timezone-with-data-1970-2030'
  ).then((module) => {
    zones = module.default.tz;
    return zones;
  });
  return loading;
}
