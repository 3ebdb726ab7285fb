/**
 * The query builder's fields and the catalog query they write (api.md CAT-38): SQL over
 * `config_items`, as config-db runs it, each value a quoted text.
 */

/** What the builder asks for; every field is optional, and they all must hold. */
export interface QueryFields {
  /** One config type (`Kubernetes::Pod`). */
  type?: string;
  /** Any of these health states. */
  health: string[];
  /** One status (`Running`). */
  status?: string;
  /** `key=value` items: each label must have that value. */
  labels: string[];
  /** `key=value` items: each tag must have that value. */
  tags: string[];
  /** `name=value` items: each property must have that text. */
  properties: string[];
}

/** A text as an SQL literal: in single quotes, each quote doubled. */
export function sqlText(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** `key=value` as its key and value; an item without `=` or a key is none. */
export function pairOf(item: string): [key: string, value: string] | undefined {
  const at = item.indexOf('=');
  if (at <= 0) return undefined;
  return [item.slice(0, at).trim(), item.slice(at + 1).trim()];
}

/** The `key=value` items of a field as pairs, items that are not one left out. */
function pairsOf(items: readonly string[]): Array<[key: string, value: string]> {
  return items.map(pairOf).filter((pair) => pair !== undefined);
}

/** Whether an item typed into a labels, tags or properties field is `key=value`. */
export function isPair(item: string): boolean {
  return pairOf(item) !== undefined;
}

/**
 * The conditions of the fields, live items first: the type, the health states (one `=`, or
 * `IN`), the status, each label and tag by its key (`tags->>'cluster' = 'prod'`), and each
 * property as a JSON document the item's properties contain.
 */
export function queryConditions(fields: QueryFields): string[] {
  const conditions = ['deleted_at IS NULL'];
  if (fields.type) conditions.push(`type = ${sqlText(fields.type)}`);
  if (fields.health.length === 1) conditions.push(`health = ${sqlText(fields.health[0]!)}`);
  if (fields.health.length > 1) {
    conditions.push(`health IN (${fields.health.map(sqlText).join(', ')})`);
  }
  if (fields.status) conditions.push(`status = ${sqlText(fields.status)}`);
  for (const column of ['labels', 'tags'] as const) {
    for (const [key, value] of pairsOf(fields[column])) {
      conditions.push(`${column}->>${sqlText(key)} = ${sqlText(value)}`);
    }
  }
  for (const [name, text] of pairsOf(fields.properties)) {
    conditions.push(`properties @> ${sqlText(JSON.stringify([{ name, text }]))}`);
  }
  return conditions;
}

/** The query that lists the items of the fields. */
export function builtQuery(fields: QueryFields): string {
  return `SELECT * FROM config_items WHERE ${queryConditions(fields).join(' AND ')}`;
}

/** The query that counts them (the builder's live count). */
export function countQuery(fields: QueryFields): string {
  return `SELECT count(*) FROM config_items WHERE ${queryConditions(fields).join(' AND ')}`;
}
