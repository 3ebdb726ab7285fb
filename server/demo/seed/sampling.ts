import type { Rng } from './random';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The all-zero uuid that stands for the local Mission Control instance. */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** `base` items at scale 1, multiplied by the scale, never fewer than `min`. */
export function scaledCount(base: number, scale: number, min = 1): number {
  return Math.max(min, Math.round(base * scale));
}

/** How many copies of a catalogue of definitions (one per namespace) the scale asks for. */
export function copiesFor(scale: number): number {
  return Math.max(1, Math.round(scale));
}

/** Picks one value with probability proportional to its weight. */
export function weighted<T>(rng: Rng, options: ReadonlyArray<readonly [T, number]>): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng.next() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = options[options.length - 1];
  if (!last) throw new Error('weighted pick from an empty list');
  return last[0];
}

/** `count` distinct items in random order (all of them when there are fewer). */
export function pickSome<T>(rng: Rng, items: readonly T[], count: number): T[] {
  if (count * 4 < items.length) {
    // Few from many: draw indexes instead of copying a large list.
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(rng.int(0, items.length - 1));
    return [...chosen].map((index) => items[index] as T);
  }
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const index = rng.int(0, pool.length - 1);
    picked.push(pool.splice(index, 1)[0] as T);
  }
  return picked;
}

/** A moment `ms` before `now`. */
export function before(now: Date, ms: number): Date {
  return new Date(now.getTime() - Math.round(ms));
}

/** A moment `ms` after `from`. */
export function after(from: Date, ms: number): Date {
  return new Date(from.getTime() + Math.round(ms));
}

/**
 * A random age up to `maxMs`, skewed towards recent times (skew > 1), as activity histories are
 * denser near the present.
 */
export function recentAge(rng: Rng, maxMs: number, skew = 1.6): number {
  return Math.pow(rng.next(), skew) * maxMs;
}

/** A positive duration drawn around `meanMs`, clamped to [minMs, maxMs]. */
export function duration(rng: Rng, meanMs: number, minMs: number, maxMs: number): number {
  return Math.round(Math.min(maxMs, Math.max(minMs, rng.normal(meanMs, meanMs / 2.5))));
}

/** Replaces `{key}` placeholders with the given values. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * The namespace of copy `copy` of a definition: copy 0 keeps its own namespace, later copies go to
 * the estate's team namespaces, then to numbered namespaces.
 */
export function copyNamespace(base: string, copy: number, namespaces: readonly string[]): string {
  if (copy === 0) return base;
  const named = namespaces[copy - 1];
  return named ?? `${base}-${copy}`;
}

/** Lower-case, dash-separated form of a name. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
