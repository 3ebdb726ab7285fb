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

/** The form value of one field from what is stored. */
function formValue(field: ConnectionField, stored: unknown): unknown {
  switch (field.control) {
    case 'switch':
      return flag(stored);
    case 'secret':
      return envVarFromStored(text(stored));
    default:
      return text(stored);
  }
}

/** The values a new connection of the type starts with: namespace `default` and the defaults. */
export function newConnectionValues(entry: ConnectionType): ConnectionFormValues {
  const values: ConnectionFormValues = { name: '', namespace: DEFAULT_NAMESPACE };
  for (const field of entry.fields) {
    if (field.defaultValue === undefined) continue;
    values[field.key] =
      field.control === 'secret' && typeof field.defaultValue === 'string'
        ? envVarFromStored(field.defaultValue)
        : field.defaultValue;
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
  for (const field of entry.fields) {
    const value = formValue(field, storedValue(field, row));
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}

/** The stored form of one field's value: a string, a boolean (a switch), or nothing. */
function storedOf(field: ConnectionField, value: unknown): string | boolean | undefined {
  if (field.control === 'switch') return value === true;
  if (field.control === 'secret') return storedFromEnvVar(value);
  const typed = text(value)?.trim();
  return typed === '' ? undefined : typed;
}

/**
 * The body of a create or an update (the mapping out): `name`, `namespace` (default
 * `default`), `type`, the columns of the type's fields and its `properties` as strings. On an
 * update (`existing` given) the stored type is kept, a column the user emptied is sent as null
 * so that it is cleared, and properties the form does not edit are kept. The AI providers send
 * only `{ name, url, password, properties{ model } }` plus `type`.
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
  return body;
}
