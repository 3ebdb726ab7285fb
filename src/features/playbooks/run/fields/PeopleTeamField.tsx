import type { PickerOption } from '../../../../ui/ResourcePicker';
import { PersonPicker, TeamPicker } from '../../../../widgets/pickers';
import { parameterLabel, parameterRoles, parameterType } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { textOf } from './fieldProps';

/**
 * A people or team parameter: the person or team is searched as the user types; the form holds
 * its id. A people parameter with `properties.role` offers only people with that role.
 */
export function PeopleTeamField({
  parameter,
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: ParameterFieldProps) {
  const common = {
    label: parameterLabel(parameter),
    value: textOf(value) || undefined,
    onChange: (option: PickerOption | undefined) => onChange(option?.value ?? ''),
    error,
    required: parameter.required === true,
    disabled,
  };
  return (
    <div onBlur={onBlur}>
      {parameterType(parameter) === 'team' ? (
        <TeamPicker {...common} />
      ) : (
        // `properties.role` narrows the people offered to those holding it (AUTH-07).
        <PersonPicker {...common} roles={parameterRoles(parameter)} />
      )}
      {parameter.description && <p className="mc-run-description">{parameter.description}</p>}
    </div>
  );
}
