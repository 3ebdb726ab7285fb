import { Button, Icon, MenuItem, Tag } from '@blueprintjs/core';
import type { IconName, Intent } from '@blueprintjs/core';
import type { ItemRenderer } from '@blueprintjs/select';
import { Select } from '@blueprintjs/select';

/** One value of a `ChoiceSelect`. */
export interface ChoiceOption {
  value: string;
  label: string;
  icon?: IconName;
  intent?: Intent;
}

export interface ChoiceSelectProps {
  /** What is chosen ("Severity"): the list's name, and with the value the button's name. */
  label: string;
  /** The current value, shown on the button (with its icon and intent). */
  current: ChoiceOption;
  /** The values offered; the current one is marked when it is among them. */
  options: readonly ChoiceOption[];
  /** Called with the value picked; not called when the current value is picked again. */
  onChange: (value: string) => void;
  /** Shows the current value only, as a tag. Default false. */
  readOnly?: boolean;
}

const renderOption =
  (current: string): ItemRenderer<ChoiceOption> =>
  (option, { handleClick, handleFocus, modifiers }) => (
    <MenuItem
      key={option.value}
      text={option.label}
      icon={option.icon}
      intent={option.intent === 'none' ? undefined : option.intent}
      active={modifiers.active}
      selected={option.value === current}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
    />
  );

/**
 * A button showing one value (icon and label) that opens the list of values it may change to;
 * arrow keys and Enter pick one. Read-only, the value is a tag.
 */
export function ChoiceSelect({
  label,
  current,
  options,
  onChange,
  readOnly = false,
}: ChoiceSelectProps) {
  if (readOnly) {
    return (
      <Tag
        minimal
        large
        intent={current.intent}
        icon={current.icon ? <Icon icon={current.icon} aria-hidden /> : undefined}
        aria-label={`${label}: ${current.label}`}
      >
        {current.label}
      </Tag>
    );
  }
  return (
    <Select<ChoiceOption>
      items={[...options]}
      itemRenderer={renderOption(current.value)}
      itemsEqual="value"
      filterable={false}
      activeItem={options.find((option) => option.value === current.value) ?? null}
      onItemSelect={(option) => {
        if (option.value !== current.value) onChange(option.value);
      }}
      noResults={<MenuItem disabled text="No other values" roleStructure="listoption" />}
      menuProps={{ 'aria-label': label }}
      popoverProps={{ minimal: true }}
    >
      <Button
        text={current.label}
        icon={current.icon}
        intent={current.intent}
        endIcon="caret-down"
        variant="outlined"
        aria-label={`${label}: ${current.label}`}
      />
    </Select>
  );
}
