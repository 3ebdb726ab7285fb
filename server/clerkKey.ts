const KEY_PATTERN = /^pk_(test|live)_([A-Za-z0-9+/_-]+={0,2})$/;
const HOST_PATTERN =
  /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?$/i;

/**
 * The frontend API host encoded in a hosted-auth publishable key: `pk_test_` or `pk_live_`
 * followed by the base64 of `<host>$`. Null when the key does not have that form.
 */
export function frontendApiHost(publishableKey: string): string | null {
  const match = KEY_PATTERN.exec(publishableKey.trim());
  const encoded = match?.[2];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString(
    'utf8',
  );
  if (!decoded.endsWith('$')) return null;
  const host = decoded.slice(0, -1);
  return HOST_PATTERN.test(host) ? host.toLowerCase() : null;
}
