import { Checkbox, FormGroup } from '@blueprintjs/core';
import { parameterLabel } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';

/** A checkbox parameter: its label beside the box, its description under it. */
export function CheckboxField({ parameter, id, value, disabled, onChange }: ParameterFieldProps) {
  return (
    <FormGroup helperText={parameter.description ?? undefined}>
      <Checkbox
        id={id}
        label={parameterLabel(parameter)}
        checked={value === true}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </FormGroup>
  );
}
