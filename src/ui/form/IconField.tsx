import { Icon, MenuItem } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { IconNames } from '@blueprintjs/icons';
import { Suggest } from '@blueprintjs/select';
import { useState } from 'react';
import type { FieldChromeProps, KitControl } from './FormFieldGroup';
import { KitField } from './FormFieldGroup';

const ICONS: readonly string[] = [...new Set<string>(Object.values(IconNames))];
/** How many matches the list shows; typing narrows it. */
export const ICON_MATCHES_SHOWN = 50;

/** Icon names containing `query` (all when empty), at most `ICON_MATCHES_SHOWN`. */
export function matchIcons(query: string): string[] {
  const text = query.trim().toLowerCase();
  const found = text === '' ? ICONS : ICONS.filter((name) => name.includes(text));
  return found.slice(0, ICON_MATCHES_SHOWN);
}

const isIconName = (name: string): name is IconName => ICONS.includes(name);

export interface IconFieldProps extends FieldChromeProps {
  name: string;
}

/** The icon list: the typed text is held here (not reset as the list opens, losing it). */
function IconSuggest({ input, id, disabled, invalid }: KitControl<string | undefined>) {
  const [query, setQuery] = useState('');
  const value = input.value ?? '';
  return (
    <Suggest<string>
      items={[...ICONS]}
      itemListPredicate={(text) => matchIcons(text)}
      selectedItem={value === '' ? null : value}
      inputValueRenderer={(item) => item}
      query={query}
      onQueryChange={setQuery}
      createNewItemFromQuery={(text) => text.trim()}
      createNewItemRenderer={(text, active, handleClick) =>
        text.trim() === '' ? undefined : (
          <MenuItem
            text={`Use "${text.trim()}"`}
            active={active}
            onClick={handleClick}
            roleStructure="listoption"
          />
        )
      }
      itemRenderer={(item, { handleClick, modifiers }) => (
        <MenuItem
          key={item}
          text={item}
          icon={isIconName(item) ? item : undefined}
          active={modifiers.active}
          roleStructure="listoption"
          onClick={handleClick}
        />
      )}
      onItemSelect={(item) => input.onChange(item)}
      noResults={<MenuItem disabled text="No options found" roleStructure="listoption" />}
      disabled={disabled}
      fill
      popoverProps={{
        minimal: true,
        onClosing: () => setQuery(''),
        onClosed: () => input.onBlur(),
      }}
      inputProps={{
        id,
        leftElement: isIconName(value) ? (
          <Icon icon={value} className="mc-icon-preview" />
        ) : undefined,
        'aria-invalid': invalid['aria-invalid'],
      }}
    />
  );
}

/**
 * An icon by name: the console's icon set is searched as the user types and previewed; a name
 * from elsewhere (a catalog's own icon) is kept as typed.
 */
export function IconField(field: IconFieldProps) {
  return (
    <KitField<string | undefined> {...field}>{(control) => <IconSuggest {...control} />}</KitField>
  );
}
