import type { TypeFormProps } from '../../../src/features/editors/types';
import { TextField } from '../../../src/ui/form/TextField';

/** A small HTTP form: the entry's own name and URL (both required) under the editor's prefix. */
function TestHttpForm({ prefix, disabled }: TypeFormProps) {
  return (
    <>
      <TextField name={`${prefix}.name`} label="Check name" required disabled={disabled} />
      <TextField name={`${prefix}.url`} label="URL" required disabled={disabled} />
    </>
  );
}

/**
 * The health checks' forms of the editors' tests, in place of `features/editors/checks/forms`:
 * HTTP only. Use as
 * `jest.mock('<path>/features/editors/checks/forms', () => jest.requireActual('./testCheckForms'))`.
 */
export const CHECK_FORMS = {
  http: { Form: TestHttpForm, defaults: () => ({ name: '', method: 'GET' }) },
};
