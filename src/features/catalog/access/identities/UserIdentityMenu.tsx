import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { IDENTITY_TEXT } from './identityText';

export type IdentityAction = 'alias' | 'merge';

export interface UserIdentityMenuProps {
  /** The user's name as the row shows it. */
  name: string;
  onAction: (action: IdentityAction) => void;
}

/** A by-user row's menu: add an alias to the user, or merge it into another user. */
export function UserIdentityMenu({ name, onAction }: UserIdentityMenuProps) {
  const label = IDENTITY_TEXT.actions(name);
  return (
    <PopoverNext
      shouldReturnFocusOnClose={false}
      placement="bottom-end"
      content={
        <Menu aria-label={label}>
          <MenuItem
            icon="new-person"
            text={IDENTITY_TEXT.addAlias}
            onClick={() => onAction('alias')}
          />
          <MenuItem
            icon="merge-columns"
            text={IDENTITY_TEXT.mergeInto}
            onClick={() => onAction('merge')}
          />
        </Menu>
      }
    >
      <Button variant="minimal" size="small" icon="more" aria-label={label} />
    </PopoverNext>
  );
}
