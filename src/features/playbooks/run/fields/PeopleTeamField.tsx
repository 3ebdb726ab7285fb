import { PersonPicker, TeamPicker } from '../../../../widgets/pickers';
import { parameterLabel, parameterType } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { textOf } from './fieldProps';

/** A people or team parameter: the person or team is searched as the user types; the form holds its id. */
export function PeopleTeamField({
  parameter,
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: ParameterFieldProps) {
  const Picker = parameterType(parameter) === 'team' ? TeamPicker : PersonPicker;
  return (
    <div onBlur={onBlur}>
      <Picker
        label={parameterLabel(parameter)}
        value={textOf(value) || undefined}
        onChange={(option) => onChange(option?.value ?? '')}
        error={error}
        required={parameter.required === true}
        disabled={disabled}
      />
      {parameter.description && <p className="mc-run-description">{parameter.description}</p>}
    </div>
  );
}
