import { PersonPicker, TeamPicker } from '../../../../widgets/pickers';
import { parameterType } from '../../model/parameters';
import type { ParameterFieldProps } from './fieldProps';
import { PickerChrome, pickerProps } from './fieldProps';

/** A people or team parameter: the person or team is searched as the user types; the form holds its id. */
export function PeopleTeamField(props: ParameterFieldProps) {
  const Picker = parameterType(props.parameter) === 'team' ? TeamPicker : PersonPicker;
  return (
    <PickerChrome parameter={props.parameter} onBlur={props.onBlur}>
      <Picker {...pickerProps(props)} />
    </PickerChrome>
  );
}
