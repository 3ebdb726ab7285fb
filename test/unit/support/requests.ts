/** The query of a request URL as decoded pairs, in order; when `path` is given, the URL's path must be it. */
export function queryPairs(url: string, path?: string): Array<[string, string]> {
  const parsed = new URL(url, 'http://console');
  if (path !== undefined) expect(parsed.pathname).toBe(path);
  return [...parsed.searchParams];
}

/** The URL with its query decoded, as api.md writes it. */
export const decodedUrl = (url: string): string => decodeURIComponent(url.replace(/\+/g, ' '));
