/**
 * Decodes update bodies the way the identity service does: flattened keys such as
 * `traits.name.first` become nested objects, for JSON and form posts alike.
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function merge(existing: unknown, value: unknown): unknown {
  if (!isPlainObject(existing) || !isPlainObject(value)) return value;
  const out: Record<string, unknown> = { ...existing };
  for (const [key, inner] of Object.entries(value)) out[key] = merge(out[key], inner);
  return out;
}

function assign(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string;
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  node[last] = merge(node[last], value);
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

export function unflatten(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const path = key.split('.').filter((part) => part !== '');
    if (path.length === 0 || path.some((part) => FORBIDDEN_KEYS.has(part))) continue;
    const nested = isPlainObject(value) ? unflatten(value) : value;
    assign(out, path, nested);
  }
  return out;
}

/** The request body as a nested object (anything that is not an object becomes `{}`). */
export function decodeBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return unflatten(body as Record<string, unknown>);
}

/** Parses `application/x-www-form-urlencoded`; a repeated key keeps its last value. */
export function parseFormBody(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) out[key] = value;
  return out;
}

/** A string field, or '' when absent or not a string. */
export function stringField(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return '';
}

/** Form-style booleans: `true` or `"true"`. */
export function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}
