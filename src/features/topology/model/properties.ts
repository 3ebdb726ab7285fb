import type { ComponentProperty } from '../../../api/schemas/topology';
import { formatBytes } from '../../../lib/bytes';
import { formatCost } from '../../../lib/cost';
import { shortAge } from '../../../lib/relativeTime';

/** How one property is shown, worked out from its type, value, unit and range. */
export type PropertyView =
  | { kind: 'link'; label: string; text: string; href: string }
  | { kind: 'badge'; label: string; text: string; color?: string }
  | { kind: 'text'; label: string; text: string; title?: string }
  | { kind: 'progress'; label: string; text: string; percent: number };

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function trimmed(n: number, places = 2): string {
  return String(Number(n.toFixed(places)));
}

/**
 * A number with its unit: bytes as `1.5 GB`, millicores as `850m` or `2.5 cores`, percent as
 * `99.5%`, milliseconds as `120 ms`, anything else as `{value} {unit}`.
 */
export function formatWithUnit(value: number, unit?: string | null): string {
  const u = (unit ?? '').trim();
  switch (u.toLowerCase()) {
    case '':
      return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
    case 'bytes':
    case 'byte':
    case 'b':
      return formatBytes(value, 1);
    case 'millicores':
    case 'millicore':
    case 'm':
      return value >= 1000 ? `${trimmed(value / 1000)} cores` : `${Math.round(value)}m`;
    case 'percent':
    case '%':
      return `${trimmed(value)}%`;
    case 'ms':
    case 'milliseconds':
      return `${trimmed(value)} ms`;
    default:
      return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${u}`;
  }
}

/** The name a property is shown under: its label, else its name. */
export function propertyLabel(property: ComponentProperty): string {
  return property.label || property.name || '';
}

function isUrl(text: string | null | undefined): text is string {
  return typeof text === 'string' && /^https?:\/\//i.test(text);
}

/**
 * How a property is shown, or null when it is not: `hidden` properties and properties
 * without any value.
 * - `url`: a link to `url`, its first link, or its text when that is an address.
 * - `badge`: a tag with the text (or value) in the property's colour.
 * - `currency`: the value as dollars.
 * - `age`: how long ago the text (or value) was, as `3d`.
 * - otherwise the text, else the value with its unit; with a `max`, a bar of value / max.
 */
export function propertyView(property: ComponentProperty, now = new Date()): PropertyView | null {
  const type = (property.type ?? '').toLowerCase();
  if (type === 'hidden') return null;
  const label = propertyLabel(property);
  const value = numberOf(property.value);
  const text = property.text ?? (typeof property.value === 'string' ? property.value : undefined);

  if (type === 'url') {
    const link = property.links?.find((l) => isUrl(l.url));
    const href = isUrl(property.url) ? property.url : (link?.url ?? (isUrl(text) ? text : null));
    if (!href) return text ? { kind: 'text', label, text } : null;
    return { kind: 'link', label, text: text || link?.label || href, href };
  }
  if (type === 'badge') {
    const shown = text ?? (value === undefined ? '' : formatWithUnit(value, property.unit));
    if (!shown) return null;
    return {
      kind: 'badge',
      label,
      text: shown,
      ...(property.color ? { color: property.color } : {}),
    };
  }
  if (type === 'currency') {
    if (value === undefined) return text ? { kind: 'text', label, text } : null;
    return { kind: 'text', label, text: formatCost(value) || '$0' };
  }
  if (type === 'age') {
    const from = text ?? (value === undefined ? undefined : value);
    const age = from === undefined ? '' : shortAge(from, now);
    if (!age) return null;
    return { kind: 'text', label, text: age, ...(text ? { title: text } : {}) };
  }
  if (text) return { kind: 'text', label, text };
  if (value === undefined) return null;
  const shown = formatWithUnit(value, property.unit);
  const max = numberOf(property.max);
  if (max !== undefined && max > 0) {
    const min = numberOf(property.min) ?? 0;
    const percent = ((value - min) / (max - min)) * 100;
    return {
      kind: 'progress',
      label,
      text: `${shown} / ${formatWithUnit(max, property.unit)}`,
      percent,
    };
  }
  return { kind: 'text', label, text: shown };
}

/**
 * The properties a card shows: the headline ones when any is marked, else none; hidden and
 * empty ones never.
 */
export function headlineProperties(
  properties: readonly ComponentProperty[] | null | undefined,
  now = new Date(),
): PropertyView[] {
  return (properties ?? [])
    .filter((property) => property.headline === true)
    .map((property) => propertyView(property, now))
    .filter((view): view is PropertyView => view !== null);
}

/** Every property that is shown (the details panel), in order. */
export function visibleProperties(
  properties: readonly ComponentProperty[] | null | undefined,
  now = new Date(),
): PropertyView[] {
  return (properties ?? [])
    .map((property) => propertyView(property, now))
    .filter((view): view is PropertyView => view !== null);
}
