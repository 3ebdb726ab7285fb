export interface Preferences {
  /** `return=representation`: answer writes with the affected rows. */
  representation: boolean;
  /** `count=exact` (planned and estimated are answered exactly too). */
  count: boolean;
}

/** Reads the `Prefer` header (comma-separated, possibly repeated); unknown tokens are ignored. */
export function parsePrefer(header: string | undefined): Preferences {
  const tokens = (header ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '');
  return {
    representation: tokens.includes('return=representation'),
    count: tokens.some(
      (t) => t === 'count=exact' || t === 'count=planned' || t === 'count=estimated',
    ),
  };
}
