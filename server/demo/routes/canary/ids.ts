const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a UUID in its usual hyphenated form. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
