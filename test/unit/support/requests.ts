/** The query of a request URL as decoded pairs, in order; when `path` is given, the URL's path must be it. */
export function queryPairs(url: string, path?: string): Array<[string, string]> {
  const parsed = new URL(url, 'http://console');
  if (path !== undefined) expect(parsed.pathname).toBe(path);
  return [...parsed.searchParams];
}

/** The URL with its query decoded, as api.md writes it. */
export const decodedUrl = (url: string): string => decodeURIComponent(url.replace(/\+/g, ' '));

/** A request of the endpoint files: `method` to `url` with `body`. */
export const requestOf = (method: 'POST' | 'PATCH', url: string, body: unknown) => ({
  url,
  method,
  body,
});

/** The PATCH of the row of `relation` whose id is `id` through `/api/db`, sending `body`. */
export const patchById = (relation: string, id: string, body: unknown) =>
  requestOf('PATCH', `/api/db/${relation}?id=eq.${id}`, body);

/** The soft delete of the row of `relation` whose id is `id`: a PATCH of `deleted_at` to now(). */
export const softDeleteById = (relation: string, id: string) =>
  patchById(relation, id, { deleted_at: 'now()' });
