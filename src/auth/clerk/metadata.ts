/**
 * The organisation's public metadata in hosted mode (api.md §1.2): `backend_url`, the address
 * of the organisation's Mission Control, and `direct`, whether the browser calls it directly
 * with the provider's bearer token instead of through the same-origin `/api` proxy.
 */
export interface OrganizationBackend {
  /** `backend_url`; null while the backend is being provisioned. */
  url: string | null;
  /** `direct`: `true` or `"true"` (any case); anything else is false. */
  direct: boolean;
}

function readFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.trim().toLowerCase() === 'true';
  return false;
}

function readUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  return url === '' ? null : url;
}

/** Reads `backend_url` and `direct` from an organisation's public metadata. */
export function readOrganizationBackend(publicMetadata: unknown): OrganizationBackend {
  const metadata =
    typeof publicMetadata === 'object' && publicMetadata !== null
      ? (publicMetadata as Record<string, unknown>)
      : {};
  return { url: readUrl(metadata.backend_url), direct: readFlag(metadata.direct) };
}
