import type { ConnectionColumn, ConnectionField, ConnectionType } from './connectionTypes';
import { envVarFromStored, storedFromEnvVar } from './secretRef';

/**
 * The connection form's values and the mapping of a `connections` row into them and of them
 * into the CONN-04/05 body: each field of the type is read from and written to its column or
 * its key under `properties`; secret fields go through the `secret://` / `configmap://` string
 * form (secretRef.ts).
 */

/** The namespace of a connection that names none. */
export const DEFAULT_NAMESPACE = 'default';

/**
 * How specs refer to a connection (its "URL"): `connection://{namespace}/{name}`, the form the
 * connection pickers write (`CONNECTION_PREFIX` of the widgets), in the `default` namespace
 * when it names none.
 */
export function connectionUrl(row: { name?: string | null; namespace?: string | null }): string {
  return `connection://${row.namespace || DEFAULT_NAMESPACE}/${row.name ?? ''}`;
}

/** The form: `name`, `namespace`, and one value per field of the type, under the field's key. */
export type ConnectionFormValues = Record<string, unknown> & {
  name?: string;
  namespace?: string;
};

/** What the mapping reads of a stored connection (a CONN-01 row). */
export interface StoredConnection {
  type?: string | null;
  name?: string | null;
  namespace?: string | null;
  url?: string | null;
  username?: string | null;
  password?: string | null;
  certificate?: string | null;
  insecure_tls?: boolean | null;
  properties?: Record<string, unknown> | null;
}

/** The CONN-04/05 body (without `id` and `created_by`, which the endpoint adds). */
export interface ConnectionBody {
  name: string;
  namespace?: string;
  type: string;
  url?: string | null;
  username?: string | null;
  password?: string | null;
  certificate?: string | null;
  insecure_tls?: boolean;
  properties: Record<string, string>;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A stored property or column read as a switch: `true`, or the text `true` in any case. */
function flag(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

function storedValue(field: ConnectionField, row: StoredConnection): unknown {
  if (field.store === 'column') return row[field.key as ConnectionColumn];
  return row.properties?.[field.key];
}

/** A stored choice as one of the field's options, matched in any case; else as stored. */
function optionOf(field: ConnectionField, stored: string | undefined): string | undefined {
  if (stored === undefined || stored === '') return undefined;
  const lower = stored.toLowerCase();
  return field.options?.find((option) => option.value.toLowerCase() === lower)?.value ?? stored;
}

/** A stored number as a number (the number field's value); text that is none, as it is. */
function numberOf(stored: string | undefined): number | string | undefined {
  const trimmed = stored?.trim();
  if (trimmed === undefined || trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A stored JSON object of strings as a map; nothing when empty or not such an object. */
function mapOf(stored: string | undefined): Record<string, string> | undefined {
  if (!stored) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const entries = Object.entries(parsed).flatMap(([key, value]) => {
    const kept = text(value);
    return kept === undefined ? [] : [[key, kept] as const];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The form value of one field from what is stored. */
function formValue(field: ConnectionField, stored: unknown): unknown {
  switch (field.control) {
    case 'switch':
      return flag(stored);
    case 'secret':
      return envVarFromStored(text(stored));
    case 'select':
      return optionOf(field, text(stored));
    case 'number':
      return numberOf(text(stored));
    case 'map':
      return mapOf(text(stored));
    default:
      return text(stored);
  }
}

/** A field's default as the form holds it. */
function defaultOf(field: ConnectionField): unknown {
  const { defaultValue } = field;
  if (typeof defaultValue !== 'string') return defaultValue;
  if (field.control === 'secret') return envVarFromStored(defaultValue);
  if (field.control === 'number') return numberOf(defaultValue);
  return defaultValue;
}

/** The values a new connection of the type starts with: namespace `default` and the defaults. */
export function newConnectionValues(entry: ConnectionType): ConnectionFormValues {
  const values: ConnectionFormValues = { name: '', namespace: DEFAULT_NAMESPACE };
  for (const field of entry.fields) {
    if (field.defaultValue === undefined) continue;
    values[field.key] = defaultOf(field);
  }
  return values;
}

/** The form's values of a stored connection (the mapping in). */
export function connectionFormValues(
  entry: ConnectionType,
  row: StoredConnection,
): ConnectionFormValues {
  const values: ConnectionFormValues = {
    name: row.name ?? '',
    namespace: row.namespace || DEFAULT_NAMESPACE,
  };
  // A composed URL fills the properties the row does not have (a connection made elsewhere).
  const fromUrl = entry.urlCodec && row.url ? entry.urlCodec.read(row.url) : {};
  for (const field of entry.fields) {
    let stored = storedValue(field, row);
    if (field.store === 'property' && (stored === undefined || stored === null || stored === '')) {
      stored = fromUrl[field.key];
    }
    const value = formValue(field, stored);
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}

/** The stored form of one field's value: a string, a boolean (a switch), or nothing. */
function storedOf(field: ConnectionField, value: unknown): string | boolean | undefined {
  if (field.control === 'switch') return value === true;
  if (field.control === 'secret') return storedFromEnvVar(value);
  if (field.control === 'map') {
    const map =
      typeof value === 'object' && value !== null ? mapOf(JSON.stringify(value)) : undefined;
    return map ? JSON.stringify(map) : undefined;
  }
  const typed = text(value)?.trim();
  return typed === '' ? undefined : typed;
}

/**
 * The body of a create or an update (the mapping out): `name`, `namespace` (default
 * `default`), `type`, the columns of the type's fields and its `properties` as strings (a type
 * whose URL is composed gets it from them). On an update (`existing` given) the stored type is
 * kept, a column the user emptied is sent as null so that it is cleared, and properties the
 * form does not edit are kept. The AI providers send only `{ name, url, password,
 * properties{ model } }` plus `type`.
 */
export function connectionBody(
  entry: ConnectionType,
  values: ConnectionFormValues,
  existing?: StoredConnection,
): ConnectionBody {
  const type = existing?.type || entry.type;
  const name = (values.name ?? '').trim();
  const properties: Record<string, string> = {};
  if (existing?.properties && !entry.reducedBody) {
    const edited = new Set(entry.fields.filter((f) => f.store === 'property').map((f) => f.key));
    for (const [key, value] of Object.entries(existing.properties)) {
      const kept = text(value);
      if (!edited.has(key) && kept !== undefined) properties[key] = kept;
    }
  }
  const body: ConnectionBody = entry.reducedBody
    ? { name, type, properties }
    : { name, namespace: (values.namespace ?? '').trim() || DEFAULT_NAMESPACE, type, properties };
  for (const field of entry.fields) {
    const stored = storedOf(field, values[field.key]);
    if (field.store === 'property') {
      if (stored !== undefined) properties[field.key] = String(stored);
      continue;
    }
    const key = field.key as ConnectionColumn;
    if (key === 'insecure_tls') {
      body.insecure_tls = stored === true;
    } else if (typeof stored === 'string') {
      body[key] = stored;
    } else if (existing?.[key]) {
      body[key] = null;
    }
  }
  if (entry.urlCodec) {
    body.url = entry.urlCodec.compose({ properties, insecureTls: body.insecure_tls === true });
  }
  return body;
}
