/**
 * Date math as mission-control's `.filter` rewrite evaluates it: an anchor (`now`, or an
 * absolute date followed by `||`) and then operations `+N<unit>`, `-N<unit>` and rounding
 * `/<unit>`, with units y, M, w, d, h (or H), m, s. Everything is computed in UTC.
 */
export class DateMathError extends Error {
  constructor(expression: string, reason: string) {
    super(`invalid date math "${expression}": ${reason}`);
    this.name = 'DateMathError';
  }
}

type Unit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm' | 's';

function unitOf(ch: string): Unit | null {
  if (ch === 'H') return 'h';
  return ['y', 'M', 'w', 'd', 'h', 'm', 's'].includes(ch) ? (ch as Unit) : null;
}

function add(date: Date, amount: number, unit: Unit): Date {
  const d = new Date(date.getTime());
  switch (unit) {
    case 'y':
      d.setUTCFullYear(d.getUTCFullYear() + amount);
      break;
    case 'M':
      d.setUTCMonth(d.getUTCMonth() + amount);
      break;
    case 'w':
      d.setUTCDate(d.getUTCDate() + 7 * amount);
      break;
    case 'd':
      d.setUTCDate(d.getUTCDate() + amount);
      break;
    case 'h':
      d.setUTCHours(d.getUTCHours() + amount);
      break;
    case 'm':
      d.setUTCMinutes(d.getUTCMinutes() + amount);
      break;
    case 's':
      d.setUTCSeconds(d.getUTCSeconds() + amount);
      break;
  }
  return d;
}

function roundDown(date: Date, unit: Unit): Date {
  const d = new Date(date.getTime());
  d.setUTCMilliseconds(0);
  if (unit === 's') return d;
  d.setUTCSeconds(0);
  if (unit === 'm') return d;
  d.setUTCMinutes(0);
  if (unit === 'h') return d;
  d.setUTCHours(0);
  if (unit === 'd') return d;
  if (unit === 'w') {
    const weekday = (d.getUTCDay() + 6) % 7;
    d.setUTCDate(d.getUTCDate() - weekday);
    return d;
  }
  d.setUTCDate(1);
  if (unit === 'M') return d;
  d.setUTCMonth(0);
  return d;
}

const ABSOLUTE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function parseAnchor(expression: string, text: string): Date {
  if (!ABSOLUTE.test(text)) throw new DateMathError(expression, `"${text}" is not a date`);
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(text) && text.length > 10;
  const iso = text.length === 10 ? `${text}T00:00:00Z` : hasZone ? text : `${text}Z`;
  const date = new Date(iso.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) throw new DateMathError(expression, `"${text}" is not a date`);
  return date;
}

export function evaluateDateMath(expression: string, now: Date): Date {
  const text = expression.trim();
  let date: Date;
  let rest: string;
  if (text.startsWith('now')) {
    date = new Date(now.getTime());
    rest = text.slice(3);
  } else {
    const split = text.indexOf('||');
    date = parseAnchor(expression, split === -1 ? text : text.slice(0, split));
    rest = split === -1 ? '' : text.slice(split + 2);
  }
  let i = 0;
  while (i < rest.length) {
    const op = rest.charAt(i);
    i += 1;
    if (op === '/') {
      const unit = unitOf(rest.charAt(i));
      if (unit === null) throw new DateMathError(expression, 'expected a unit after "/"');
      date = roundDown(date, unit);
      i += 1;
    } else if (op === '+' || op === '-') {
      const digits = /^\d*/.exec(rest.slice(i))?.[0] ?? '';
      i += digits.length;
      const unit = unitOf(rest.charAt(i));
      if (unit === null)
        throw new DateMathError(expression, `expected a unit after "${op}${digits}"`);
      i += 1;
      const amount = digits === '' ? 1 : Number(digits);
      if (!Number.isSafeInteger(amount)) throw new DateMathError(expression, 'amount too large');
      date = add(date, op === '+' ? amount : -amount, unit);
    } else {
      throw new DateMathError(expression, `unexpected "${op}"`);
    }
    if (Number.isNaN(date.getTime())) throw new DateMathError(expression, 'date out of range');
  }
  return date;
}

/** RFC 3339 in UTC without fractions, as Go's time.RFC3339 prints a UTC time. */
export function formatRfc3339(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
