/**
 * Whether a value is a Date, whichever JavaScript realm created it: rows read from PGlite can
 * carry Dates of another realm (a test sandbox, a worker), for which `instanceof Date` is false.
 */
export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}
