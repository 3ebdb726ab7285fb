import { HTMLSelect } from '@blueprintjs/core';
import { parameterOptions } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { ParameterChrome, textOf } from './fieldProps';

/** Shown while no option is chosen. */
export const CHOOSE_OPTION = 'Select an option';

/**
 * A list parameter: one of its options (`properties.options`). A value that is not an option
 * (a default the playbook no longer lists) is kept and shown, and the validator reports it.
 */
export function ListField(props: ParameterFieldProps) {
  const { parameter, id, value, error, disabled, onChange, onBlur } = props;
  const options = parameterOptions(parameter);
  const text = textOf(value);
  const known = text === '' || options.some((option) => option.value === text);
  return (
    <ParameterChrome {...props}>
      <HTMLSelect
        id={id}
        value={text}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        options={[
          { value: '', label: CHOOSE_OPTION },
          ...(known ? [] : [{ value: text, label: text }]),
          ...options,
        ]}
      />
    </ParameterChrome>
  );
}
