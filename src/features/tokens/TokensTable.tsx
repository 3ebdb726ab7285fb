import { Button, Classes, HTMLTable } from '@blueprintjs/core';
import type { Token } from '../../api/schemas/tokens';
import type { FormatDateFn } from '../../shell/useFormatDate';

export interface TokensTableProps {
  tokens: readonly Token[];
  formatDate: FormatDateFn;
  /** Whether the signed-in user may delete this token (its creator, or an admin). */
  canDelete: (token: Token) => boolean;
  onDelete: (token: Token) => void;
}

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

/** Name, owner, created and expiry of each token, with Delete where allowed. */
export function TokensTable({ tokens, formatDate, canDelete, onDelete }: TokensTableProps) {
  const showActions = tokens.some(canDelete);
  return (
    <HTMLTable striped className="mc-tokens-table" aria-label="API tokens">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Owner</th>
          <th scope="col">Created</th>
          <th scope="col">Expires</th>
          {showActions && (
            <th scope="col">
              <span className={Classes.TEXT_MUTED}>Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id}>
            <td>{token.name}</td>
            <td>{tokenOwner(token)}</td>
            <td>{formatDate(token.created_at)}</td>
            <td>{tokenExpiry(token, formatDate)}</td>
            {showActions && (
              <td>
                {canDelete(token) && (
                  <Button
                    variant="minimal"
                    icon="trash"
                    intent="danger"
                    aria-label={`Delete ${token.name}`}
                    onClick={() => onDelete(token)}
                  />
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
