import './tokens.css';
import { Button, Classes, PopoverNext } from '@blueprintjs/core';
import { useGetTokenPermissionsQuery } from '../../api/endpoints/tokens';
import type { Token } from '../../api/schemas/tokens';
import { QueryView } from '../../ui/QueryView';
import { queryViewState } from '../../widgets/tableQueryState';
import { allowedActions } from './model/tokenPermissions';

/** Shown when the token may do nothing (its scope and its owner's roles share nothing). */
export const NO_TOKEN_PERMISSIONS = 'This token may do nothing';

/** AUTH-13, read when the list is opened: each object with the actions the token may take. */
function TokenPermissionList({ token }: { token: Token }) {
  const query = useGetTokenPermissionsQuery(token.id);
  return (
    <div className="mc-token-permissions">
      <QueryView
        {...queryViewState(query)}
        size="panel"
        loadingLabel="Loading permissions"
        errorTitle="Permissions could not be loaded"
        isEmpty={(permissions) => allowedActions(permissions).length === 0}
        empty={{ text: NO_TOKEN_PERMISSIONS, icon: 'disable' }}
      >
        {(permissions) => (
          <dl aria-label={`Permissions of ${token.name}`}>
            {allowedActions(permissions).map(({ object, actions }) => (
              <div key={object}>
                <dt>{object}</dt>
                <dd>{actions.join(', ')}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryView>
    </div>
  );
}

/** A token's effective permissions behind a button of its row, loaded when opened. */
export function TokenPermissions({ token }: { token: Token }) {
  return (
    <PopoverNext
      shouldReturnFocusOnClose={false}
      placement="bottom-start"
      popoverClassName={Classes.POPOVER_CONTENT_SIZING}
      content={<TokenPermissionList token={token} />}
    >
      <Button
        variant="minimal"
        size="small"
        endIcon="caret-down"
        text="Show"
        aria-label={`Show permissions of ${token.name}`}
      />
    </PopoverNext>
  );
}
