import {
  Button,
  Callout,
  Card,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  MenuItem,
  TextArea,
} from '@blueprintjs/core';
import { Select } from '@blueprintjs/select';
import { Field, useField, useForm } from 'react-final-form';
import { KitField, useFieldDisabled } from '../../../ui/form/FormFieldGroup';
import { ConnectionField } from '../../../widgets/ConnectionField';
import type { AnyChannelTypeId, ChannelField, ChannelTypeId } from '../model/channelTypes';
import {
  CHANNEL_TYPES,
  RAW_CHANNEL_TYPE,
  channelFields,
  channelLabel,
} from '../model/channelTypes';
import type { ChannelFormValue, RuleFormValues } from './model/ruleForm';
import {
  RULE_FORM_MESSAGES,
  changeChannelType,
  channelErrors,
  hasInlineSecrets,
  newChannel,
} from './model/ruleForm';
import { channelIcon } from './ruleColumns';

/** The choices of a channel's type: the 16 of the catalogue. */
const TYPE_OPTIONS: readonly ChannelTypeId[] = CHANNEL_TYPES.map((type) => type.id);

/** The channel at `index` of the form's values. */
const channelAt = (values: object, index: number): ChannelFormValue | undefined =>
  (values as RuleFormValues).channels?.[index];

interface ChannelTypeSelectProps {
  index: number;
  type: AnyChannelTypeId | '';
  disabled: boolean;
  onChange: (type: ChannelTypeId) => void;
}

/** The type of a channel: a menu of the 16 types, each with its icon. */
function ChannelTypeSelect({ index, type, disabled, onChange }: ChannelTypeSelectProps) {
  return (
    <Select<ChannelTypeId>
      items={[...TYPE_OPTIONS]}
      filterable={false}
      disabled={disabled}
      popoverProps={{ minimal: true }}
      onItemSelect={onChange}
      itemRenderer={(id, { handleClick, handleFocus, modifiers }) => (
        <MenuItem
          key={id}
          icon={channelIcon(id)}
          text={channelLabel(id)}
          roleStructure="listoption"
          selected={id === type}
          active={modifiers.active}
          onClick={handleClick}
          onFocus={handleFocus}
        />
      )}
    >
      <Button
        aria-label={`Channel ${index + 1} type`}
        icon={type ? channelIcon(type) : 'add'}
        endIcon="caret-down"
        text={type ? channelLabel(type) : 'Choose a type'}
        disabled={disabled}
        intent={type ? 'none' : 'primary'}
      />
    </Select>
  );
}

interface ChannelInputProps {
  index: number;
  field: ChannelField;
}

/** One catalogue field of a channel, as the kit field of its kind, checked by `validateChannel`. */
function ChannelInput({ index, field }: ChannelInputProps) {
  const name = `channels[${index}].values.${field.name}`;
  const validateAll = (_value: unknown, all: object) =>
    channelErrors(channelAt(all, index))[field.name];
  const disabled = useFieldDisabled(undefined);
  if (field.kind === 'checkbox') {
    return (
      <Field<boolean> name={name} type="checkbox">
        {({ input }) => (
          <Checkbox
            label={field.label}
            checked={input.checked ?? false}
            disabled={disabled}
            onChange={(event) => input.onChange(event.currentTarget.checked)}
          />
        )}
      </Field>
    );
  }
  return (
    <KitField<string | number | undefined>
      name={name}
      label={field.label}
      required={field.required}
      helperText={field.hint}
      validateAll={validateAll}
    >
      {({ input, id, disabled: off, invalid }) => {
        const value = input.value === undefined || input.value === null ? '' : String(input.value);
        if (field.kind === 'select') {
          return (
            <HTMLSelect
              id={id}
              value={value}
              disabled={off}
              aria-invalid={invalid['aria-invalid']}
              onChange={(event) => input.onChange(event.currentTarget.value)}
              onBlur={() => input.onBlur()}
              options={[
                ...(field.required ? [] : [{ value: '', label: '(none)' }]),
                ...(value !== '' && !field.options?.includes(value) ? [value] : []),
                ...(field.options ?? []),
              ]}
            />
          );
        }
        if (field.kind === 'textarea') {
          return (
            <TextArea
              id={id}
              value={value}
              fill
              rows={3}
              disabled={off}
              {...invalid}
              onChange={(event) => input.onChange(event.currentTarget.value)}
              onBlur={() => input.onBlur()}
            />
          );
        }
        return (
          <InputGroup
            id={id}
            value={value}
            type={field.kind === 'password' ? 'password' : 'text'}
            inputMode={field.kind === 'number' ? 'numeric' : undefined}
            autoComplete={field.secret ? 'off' : undefined}
            placeholder={field.placeholder}
            disabled={off}
            {...invalid}
            onChange={(event) => input.onChange(event.currentTarget.value)}
            onBlur={() => input.onBlur()}
          />
        );
      }}
    </KitField>
  );
}

interface ChannelEditorProps {
  index: number;
  channel: ChannelFormValue;
  onRemove: () => void;
}

/** One channel: its type, a connection or its own fields, and the credentials warning. */
function ChannelEditor({ index, channel, onRemove }: ChannelEditorProps) {
  const form = useForm<RuleFormValues>();
  const disabled = useFieldDisabled(undefined);
  const viaConnection =
    typeof channel.values.connection === 'string' && channel.values.connection !== '';
  const fields = channel.type
    ? channelFields(channel.type).filter((field) => !(viaConnection && field.target === 'url'))
    : [];
  const setType = (type: ChannelTypeId) => {
    const channels = [...(form.getState().values.channels ?? [])];
    const current = channels[index];
    if (!current || current.type === type) return;
    channels[index] = changeChannelType(current, type);
    form.change('channels', channels);
  };
  return (
    <Card className="mc-rule-channel" compact aria-label={`Channel ${index + 1}`} role="group">
      <div className="mc-rule-channel-head">
        <ChannelTypeSelect
          index={index}
          type={channel.type}
          disabled={disabled}
          onChange={setType}
        />
        <Button
          variant="minimal"
          icon="trash"
          aria-label={`Remove channel ${index + 1}`}
          disabled={disabled}
          onClick={onRemove}
        />
      </div>
      {channel.type && (
        <div className="mc-rule-channel-fields">
          {fields.map((field) => (
            <ChannelInput key={`${channel.type}-${field.name}`} index={index} field={field} />
          ))}
          {channel.type !== RAW_CHANNEL_TYPE && (
            // A connection instead of inline credentials: it supplies the URL and its secrets.
            <ConnectionField name={`channels[${index}].values.connection`} />
          )}
          {hasInlineSecrets(channel) && (
            <Callout intent="warning" icon="key" className="mc-rule-secrets">
              {RULE_FORM_MESSAGES.secretsInline}
            </Callout>
          )}
        </div>
      )}
    </Card>
  );
}

/**
 * The custom services of a rule: one or more channels, each of one of the 16 types with the
 * fields of the catalogue, or a connection. "Add channel" appends one of no type yet.
 */
export function ChannelsField() {
  const form = useForm<RuleFormValues>();
  const { input } = useField<ChannelFormValue[]>('channels', { subscription: { value: true } });
  const disabled = useFieldDisabled(undefined);
  const channels = input.value || [];
  const replace = (next: ChannelFormValue[]) => form.change('channels', next);
  return (
    <FormGroup label="Channels">
      <div className="mc-rule-channels">
        {channels.map((channel, index) => (
          <ChannelEditor
            // Channels have no id of their own; their place is their identity in the form.
            key={index}
            index={index}
            channel={channel}
            onRemove={() => replace(channels.filter((_, other) => other !== index))}
          />
        ))}
        <Button
          icon="add"
          text="Add channel"
          disabled={disabled}
          onClick={() => replace([...channels, newChannel()])}
        />
      </div>
    </FormGroup>
  );
}
