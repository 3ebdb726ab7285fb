/**
 * Five-field cron schedules (minute hour day-of-month month day-of-week) as the demo backend
 * reads them (migration 320's `cron_field_values`): `*`, numbers, ranges `a-b`, steps `/n` and
 * lists; day of week 0-7 with 0 and 7 both Sunday. Pure.
 */

/** The five fields of a schedule: name, lowest and highest value (day of week: 0 and 7 Sunday). */
export const CRON_FIELDS = [
  { name: 'minute', lo: 0, hi: 59 },
  { name: 'hour', lo: 0, hi: 23 },
  { name: 'day of month', lo: 1, hi: 31 },
  { name: 'month', lo: 1, hi: 12 },
  { name: 'day of week', lo: 0, hi: 7 },
] as const;

/** One part of a field: `*`, `n` or `a-b`, each optionally with `/step`. */
const CRON_PART = /^(\*|([0-9]+)(-([0-9]+))?)(\/([0-9]+))?$/;

/** The values a part allows, or why it cannot be read. */
function partValues(
  part: string,
  lo: number,
  hi: number,
): { ok: true; values: number[] } | { ok: false; reason: 'read' | 'range' } {
  const m = CRON_PART.exec(part);
  if (!m) return { ok: false, reason: 'read' };
  const step = m[6] === undefined ? 1 : Number(m[6]);
  let first = lo;
  let last = hi;
  if (m[1] !== '*') {
    first = Number(m[2]);
    // `n/step` runs from n to the field's end; `n` alone is that one value.
    last = m[4] !== undefined ? Number(m[4]) : m[6] !== undefined ? hi : first;
  }
  if (first < lo || last > hi || first > last || step < 1) return { ok: false, reason: 'range' };
  const values: number[] = [];
  for (let value = first; value <= last; value += step) values.push(value);
  return { ok: true, values };
}

/** The values of each field of a schedule, or why it cannot be read (the field named). */
export function parseCron(
  text: string,
): { ok: true; fields: number[][] } | { ok: false; error: string } {
  const trimmed = text.trim();
  const parts = trimmed === '' ? [] : trimmed.split(/\s+/);
  if (parts.length !== CRON_FIELDS.length) {
    return {
      ok: false,
      error:
        `The cron schedule needs five fields (minute hour day-of-month month day-of-week), ` +
        `not ${parts.length}`,
    };
  }
  const fields: number[][] = [];
  for (const [index, field] of parts.entries()) {
    const { name, lo, hi } = CRON_FIELDS[index]!;
    const values: number[] = [];
    for (const part of field.split(',')) {
      const read = partValues(part, lo, hi);
      if (!read.ok) {
        return {
          ok: false,
          error:
            read.reason === 'read'
              ? `The ${name} field cannot be read: "${part}" (use *, numbers, a-b, /n and commas)`
              : `The ${name} field "${part}" is outside ${lo}-${hi}`,
        };
      }
      values.push(...read.values);
    }
    fields.push(values);
  }
  return { ok: true, fields };
}
