/**
 * The stored form of a connection's secret values (url, username, password, certificate and
 * the secret properties). Mission Control keeps each as one string: the value itself, or a
 * reference it resolves when the connection is used, `secret://{name}/{key}` for a key of a
 * Secret and `configmap://{name}/{key}` for a key of a ConfigMap. The form edits them with the
 * kit's `EnvVarField`, whose value is an `EnvVar` object; this module converts both ways.
 */

/** The kit's `EnvVar`: a plain value, or a reference to a key of a Secret or ConfigMap. */
export type EnvVarValue =
  | { value?: string }
  | { valueFrom: { secretKeyRef: KeyRef } }
  | { valueFrom: { configMapKeyRef: KeyRef } };

/** A key of a cluster object; either part may still be empty while the user types. */
export interface KeyRef {
  name?: string;
  key?: string;
}

const SECRET_SCHEME = 'secret://';
const CONFIG_MAP_SCHEME = 'configmap://';

/** `name/key` → its parts; the key is everything after the first slash (it may hold dots). */
function splitRef(rest: string): KeyRef | undefined {
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1) return undefined;
  return { name: rest.slice(0, slash), key: rest.slice(slash + 1) };
}

/**
 * The `EnvVar` of a stored string: a `secret://` or `configmap://` reference with both a name
 * and a key becomes a reference, anything else a plain value. Nothing stored gives undefined.
 */
export function envVarFromStored(stored: string | null | undefined): EnvVarValue | undefined {
  if (stored === null || stored === undefined || stored === '') return undefined;
  const lower = stored.toLowerCase();
  if (lower.startsWith(SECRET_SCHEME)) {
    const ref = splitRef(stored.slice(SECRET_SCHEME.length));
    if (ref) return { valueFrom: { secretKeyRef: ref } };
  }
  if (lower.startsWith(CONFIG_MAP_SCHEME)) {
    const ref = splitRef(stored.slice(CONFIG_MAP_SCHEME.length));
    if (ref) return { valueFrom: { configMapKeyRef: ref } };
  }
  return { value: stored };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refString(scheme: string, ref: unknown): string | undefined {
  if (!isRecord(ref)) return undefined;
  const name = typeof ref.name === 'string' ? ref.name.trim() : '';
  const key = typeof ref.key === 'string' ? ref.key.trim() : '';
  return name && key ? `${scheme}${name}/${key}` : undefined;
}

/**
 * The string stored for an `EnvVar`: a plain value as typed, a Secret key as
 * `secret://{name}/{key}`, a ConfigMap key as `configmap://{name}/{key}`. An empty value or an
 * incomplete reference stores nothing (undefined). A bare string is taken as a plain value.
 */
export function storedFromEnvVar(envVar: unknown): string | undefined {
  if (typeof envVar === 'string') return envVar === '' ? undefined : envVar;
  if (!isRecord(envVar)) return undefined;
  const from = envVar.valueFrom;
  if (isRecord(from)) {
    if ('secretKeyRef' in from) return refString(SECRET_SCHEME, from.secretKeyRef);
    if ('configMapKeyRef' in from) return refString(CONFIG_MAP_SCHEME, from.configMapKeyRef);
    return undefined;
  }
  const { value } = envVar;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
