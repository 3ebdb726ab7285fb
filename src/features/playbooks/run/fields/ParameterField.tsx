import type { ComponentType } from 'react';
import { useId } from 'react';
import type { ParameterType } from '../../model/parameters';
import { parameterType } from '../../model/parameters';
import { BytesField } from './BytesField';
import { CheckboxField } from './CheckboxField';
import { CodeParameterField } from './CodeParameterField';
import { ConfigsParameterField } from './ConfigsParameterField';
import { DurationField } from './DurationField';
import type { ParameterFieldProps } from './fieldProps';
import { ListField } from './ListField';
import { MillicoresField } from './MillicoresField';
import { NumberParameterField } from './NumberParameterField';
import { PasswordField } from './PasswordField';
import { PeopleTeamField } from './PeopleTeamField';
import { ResourceParameterField } from './ResourceParameterField';
import { TextParameterField } from './TextParameterField';

/** The field of each parameter type. */
export const PARAMETER_FIELDS: Record<ParameterType, ComponentType<ParameterFieldProps>> = {
  text: TextParameterField,
  email: TextParameterField,
  url: TextParameterField,
  dns1123: TextParameterField,
  password: PasswordField,
  number: NumberParameterField,
  bytes: BytesField,
  millicores: MillicoresField,
  duration: DurationField,
  code: CodeParameterField,
  checkbox: CheckboxField,
  list: ListField,
  component: ResourceParameterField,
  config: ResourceParameterField,
  configs: ConfigsParameterField,
  check: ResourceParameterField,
  people: PeopleTeamField,
  team: PeopleTeamField,
};

export type ParameterFieldInput = Omit<ParameterFieldProps, 'id'>;

/** A parameter's field, by its type (text when the type is unknown). */
export function ParameterField(props: ParameterFieldInput) {
  const id = useId();
  const Field = PARAMETER_FIELDS[parameterType(props.parameter)];
  return <Field id={id} {...props} />;
}
