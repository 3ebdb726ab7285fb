import moment from 'moment-timezone/builds/moment-timezone-with-data-1970-2030';

/**
 * moment with the time zone data of 1970–2030: every zone of the browser's list, at a fifth of
 * the size of the full data set. Dates outside the range use the nearest known rules.
 */
export { moment };
