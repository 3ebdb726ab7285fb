import { Icon, MenuItem } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { IconNames } from '@blueprintjs/icons';
import { Suggest } from '@blueprintjs/select';
import { useId } from 'react';
import { Field } from 'react-final-form';
import type { FieldChromeProps } from './FormFieldGroup';
import { FormFieldGroup, useFieldDisabled } from './FormFieldGroup';
import { requiredRule, shownError } from './fieldError';

const ICONS: readonly string[] = Object.values(IconNames);
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

/**
 * An icon by name: the console's icon set is searched as the user types and previewed; a name
 * from elsewhere (a catalog's own icon) is kept as typed.
 */
export function IconField({ name, label, required, helperText, disabled }: IconFieldProps) {
  const id = useId();
  const isDisabled = useFieldDisabled(disabled);
  return (
    <Field<string> name={name} validate={requiredRule(required)}>
      {({ input, meta }) => {
        const error = shownError(meta);
        const value = input.value ?? '';
        return (
          <FormFieldGroup
            id={id}
            label={label}
            required={required}
            helperText={helperText}
            error={error}
          >
            <Suggest<string>
              items={[...ICONS]}
              itemListPredicate={(query) => matchIcons(query)}
              selectedItem={value === '' ? null : value}
              inputValueRenderer={(item) => item}
              createNewItemFromQuery={(query) => query.trim()}
              createNewItemRenderer={(query, active, handleClick) =>
                query.trim() === '' ? undefined : (
                  <MenuItem
                    text={`Use "${query.trim()}"`}
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
              disabled={isDisabled}
              resetOnClose
              fill
              popoverProps={{ minimal: true, onClosed: () => input.onBlur() }}
              inputProps={{
                id,
                leftElement: isIconName(value) ? (
                  <Icon icon={value} className="mc-icon-preview" />
                ) : undefined,
                'aria-invalid': error ? true : undefined,
              }}
            />
          </FormFieldGroup>
        );
      }}
    </Field>
  );
}
