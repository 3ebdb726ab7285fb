import type { TypeFormProps } from '../../types';
import type { FieldSpec } from '../../../../ui/form/FieldList';
import { field } from '../../../../ui/form/FieldList';
import { CheckFields } from './common';

export { execDefaults } from './defaults';

const EXEC_FIELDS: readonly FieldSpec[] = [
  field('textarea', 'script', 'Script', {
    rows: 8,
    required: true,
    helperText: 'The check passes when the script exits with 0',
  }),
];

/** The form of an exec check: the script run (bash on Linux, PowerShell on Windows). */
export function ExecCheckForm(props: TypeFormProps) {
  return <CheckFields {...props} fields={EXEC_FIELDS} />;
}
