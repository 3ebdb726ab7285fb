import { baseApi } from '../baseApi';
import type { ApiExtra } from '../baseQuery';
import type { ApiError } from '../errors';
import { httpError, networkError, shapeError } from '../errors';

/**
 * MISC-06: where a JSON schema for editors is read. Always `/api/schemas/...` on the console's
 * own origin, also in the hosted "direct" mode (api.md §23 item 29).
 */
export function jsonSchemaUrl(file: string): string {
  return `/api/schemas/${encodeURIComponent(file)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The same-origin URL of a path (fetch outside a browser page refuses relative URLs). */
function onOwnOrigin(path: string): string {
  if (typeof location === 'undefined' || !/^https?:$/.test(location.protocol)) return path;
  return new URL(path, location.origin).toString();
}

/** Reads a JSON schema at `path` with the store's fetch (tests) or the global one. */
async function fetchJsonSchema(
  path: string,
  extra: unknown,
  signal: AbortSignal,
): Promise<{ data: Record<string, unknown> } | { error: ApiError }> {
  const fetchFn = (extra as ApiExtra | undefined)?.fetchFn ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await fetchFn(onOwnOrigin(path), {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch {
    return { error: networkError() };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the error
  }
  if (!response.ok) return { error: httpError(response.status, body) };
  if (!isRecord(body)) return { error: shapeError(`GET ${path}: the answer is not a JSON schema`) };
  return { data: body };
}

/** The JSON schemas the editors check their text against (MISC-06). */
export const jsonSchemasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * MISC-06: a JSON schema for an editor, read from the console's origin (not through the
     * direct backend, see `jsonSchemaUrl`). It changes only with the backend, so it is kept.
     */
    getJsonSchema: build.query<Record<string, unknown>, string>({
      queryFn: async (file, api) => fetchJsonSchema(jsonSchemaUrl(file), api.extra, api.signal),
      keepUnusedDataFor: 3600,
    }),
    /**
     * The JSON schema a code parameter names (`properties.jsonSchemaUrl`): a path on the
     * console's origin (`/api/schemas/…`) or an http(s) address the browser may reach.
     */
    getJsonSchemaAt: build.query<Record<string, unknown>, string>({
      queryFn: async (url, api) => fetchJsonSchema(url, api.extra, api.signal),
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetJsonSchemaQuery } = jsonSchemasApi;
