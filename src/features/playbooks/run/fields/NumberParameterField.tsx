import { InputGroup } from '@blueprintjs/core';
import { numberProp } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { ParameterChrome, invalidProps, textOf } from './fieldProps';

/**
 * A number parameter, typed as text so that a wrong entry stays visible with its message
 * (`min` and `max` are the validator's).
 */
export function NumberParameterField(props: ParameterFieldProps) {
  const { parameter, id, value, error, disabled, onChange, onBlur } = props;
  const min = numberProp(parameter, 'min');
  const max = numberProp(parameter, 'max');
  const range =
    min !== undefined && max !== undefined
      ? `${min} – ${max}`
      : min !== undefined
        ? `≥ ${min}`
        : max !== undefined
          ? `≤ ${max}`
          : undefined;
  return (
    <ParameterChrome {...props}>
      <InputGroup
        id={id}
        inputMode="decimal"
        value={textOf(value)}
        placeholder={range}
        disabled={disabled}
        onValueChange={(next) => onChange(next)}
        onBlur={onBlur}
        {...invalidProps(error)}
      />
    </ParameterChrome>
  );
}
