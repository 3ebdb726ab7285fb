import type { Token } from '../../api/schemas/tokens';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { TokenPermissions } from './TokenPermissions';

/** The owner's name, else their id. */
export function tokenOwner(token: Token): string {
  return token.person?.name || token.person?.email || token.person_id || '';
}

/**
 * When the token expires: the date, "Never" when the backend says it has no expiry (`null`),
 * and nothing when the backend does not say (mission-control leaves `expires_at` out).
 */
export function tokenExpiry(token: Token, formatDate: FormatDateFn): string {
  if (!('expires_at' in token) || token.expires_at === undefined) return '';
  if (token.expires_at === null) return 'Never';
  return formatDate(token.expires_at);
}

/** Name, Owner, Created, Expires and the effective permissions (AUTH-13) of each token. */
export function tokenColumns(formatDate: FormatDateFn): DataTableColumn<Token>[] {
  return [
    { id: 'name', header: 'Name', sortKey: 'name', cell: (token) => token.name },
    { id: 'owner', header: 'Owner', cell: tokenOwner },
    {
      id: 'created',
      header: 'Created',
      sortKey: 'created_at',
      width: 170,
      cell: (token) => formatDate(token.created_at),
    },
    {
      id: 'expires',
      header: 'Expires',
      width: 170,
      cell: (token) => tokenExpiry(token, formatDate),
    },
    {
      id: 'permissions',
      header: 'Permissions',
      width: 130,
      cell: (token) => <TokenPermissions token={token} />,
    },
  ];
}

/** Newest first unless the address sorts otherwise. */
export const TOKENS_DEFAULT_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;

/** The value a token is sorted by for each sortable column. */
export function tokenSortValue(token: Token, sortBy: string): string | null | undefined {
  return sortBy === 'created_at' ? token.created_at : token.name;
}
