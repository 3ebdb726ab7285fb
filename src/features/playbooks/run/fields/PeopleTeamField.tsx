import { PersonPicker, TeamPicker } from '../../../../widgets/peoplePickers';
import { parameterRoles, parameterType } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { PickerChrome, pickerProps } from './fieldProps';

/**
 * A people or team parameter: the person or team is searched as the user types; the form holds
 * its id. A people parameter with `properties.role` offers only people with that role (AUTH-07).
 */
export function PeopleTeamField(props: ParameterFieldProps) {
  const picker = pickerProps(props);
  return (
    <PickerChrome parameter={props.parameter} onBlur={props.onBlur}>
      {parameterType(props.parameter) === 'team' ? (
        <TeamPicker {...picker} />
      ) : (
        <PersonPicker {...picker} roles={parameterRoles(props.parameter)} />
      )}
    </PickerChrome>
  );
}
