import type { TypeFormProps } from '../../types';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { CheckFields } from './common';

/** A new Alert Manager check. */
export function alertManagerDefaults(): Record<string, unknown> {
  return { name: '' };
}

const ALERT_MANAGER_FIELDS: readonly FieldSpec[] = [
  {
    kind: 'text',
    name: 'host',
    label: 'Host',
    placeholder: 'http://alertmanager:9093',
    required: true,
  },
  {
    kind: 'tags',
    name: 'alerts',
    label: 'Alerts',
    helperText: 'The alert names to look for; Enter adds one',
  },
  { kind: 'map', name: 'filters', label: 'Filters', helperText: 'Labels an alert must have' },
  {
    kind: 'tags',
    name: 'ignore',
    label: 'Ignore',
    helperText: 'Alert names to leave out; Enter adds one',
  },
];

/** The form of an Alert Manager check: which firing alerts make it fail. */
export function AlertManagerCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={ALERT_MANAGER_FIELDS} />;
}
