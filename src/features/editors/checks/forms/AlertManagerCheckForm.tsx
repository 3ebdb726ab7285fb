import type { TypeFormProps } from '../../types';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field } from '../../../../ui/form/FieldList';
import { CheckFields } from './common';

export { alertManagerDefaults } from './defaults';

const ALERT_MANAGER_FIELDS: readonly FieldSpec[] = [
  field('text', 'host', 'Host', { placeholder: 'http://alertmanager:9093', required: true }),
  field('tags', 'alerts', 'Alerts', { helperText: 'The alert names to look for; Enter adds one' }),
  field('map', 'filters', 'Filters', { helperText: 'Labels an alert must have' }),
  field('tags', 'ignore', 'Ignore', { helperText: 'Alert names to leave out; Enter adds one' }),
];

/** The form of an Alert Manager check: which firing alerts make it fail. */
export function AlertManagerCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={ALERT_MANAGER_FIELDS} />;
}
