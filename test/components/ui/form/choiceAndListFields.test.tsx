import userEvent from '@testing-library/user-event';
import { render, screen, within } from '@testing-library/react';
import arrayMutators from 'final-form-arrays';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import type { Choice } from '../../../../src/ui/form/ChoiceField';
import { ChoiceField } from '../../../../src/ui/form/ChoiceField';
import { Collapsible } from '../../../../src/ui/form/Collapsible';
import { EnvVarField } from '../../../../src/ui/form/EnvVarField';
import type { FieldSpec } from '../../../../src/ui/form/FieldList';
import { field, FieldList } from '../../../../src/ui/form/FieldList';
import { FormDisabledContext } from '../../../../src/ui/form/FormFieldGroup';
import { KeyValueMapField } from '../../../../src/ui/form/KeyValueMapField';
import { NameValueListField } from '../../../../src/ui/form/NameValueListField';
import { ObjectListField } from '../../../../src/ui/form/ObjectListField';
import { TextField } from '../../../../src/ui/form/TextField';

type Values = Record<string, unknown>;

/** A form with the array mutators around `fields`; Submit sends the values to `onSubmit`. */
function renderForm(fields: ReactNode, initialValues: Values = {}, disabled = false) {
  const user = userEvent.setup({ delay: null });
  const onSubmit = jest.fn();
  render(
    <FormDisabledContext.Provider value={disabled}>
      <Form<Values>
        initialValues={initialValues}
        mutators={{ ...arrayMutators }}
        onSubmit={onSubmit}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} aria-label="Test form">
            {fields}
            <button type="submit">Submit</button>
          </form>
        )}
      />
    </FormDisabledContext.Provider>,
  );
  const submitted = async (): Promise<Values> => {
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const calls = onSubmit.mock.calls;
    return calls[calls.length - 1]?.[0] as Values;
  };
  return { user, submitted };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('ChoiceField', () => {
  const choices: Choice[] = [
    { value: 'key', label: 'API key', owns: ['auth.key'] },
    { value: 'token', label: 'Token', owns: ['auth.token'], sets: { 'auth.kind': 'bearer' } },
  ];
  const fields = (
    <ChoiceField label="Auth" choices={choices} noneLabel="No auth">
      {(chosen) =>
        chosen === 'key' ? (
          <TextField name="auth.key" label="Key" />
        ) : (
          <TextField name="auth.token" label="Token value" />
        )
      }
    </ChoiceField>
  );

  it('shows the choice the values hold, with its fields', () => {
    renderForm(fields, { auth: { token: 't1', kind: 'bearer' } });
    expect(screen.getByRole('combobox', { name: 'Auth' })).toHaveValue('token');
    expect(textbox('Token value')).toHaveValue('t1');
    expect(screen.queryByRole('textbox', { name: 'Key' })).toBeNull();
  });

  it('clears what the other choices own and sets the new one’s values on switching', async () => {
    const { user, submitted } = renderForm(fields, { auth: { key: 'k1' }, other: 1 });
    const select = screen.getByRole('combobox', { name: 'Auth' });
    expect(select).toHaveValue('key');
    await user.selectOptions(select, 'Token');
    expect(textbox('Token value')).toHaveValue('');
    expect(await submitted()).toEqual({ auth: { kind: 'bearer' }, other: 1 });
    await user.selectOptions(select, 'API key');
    expect(textbox('Key')).toHaveValue('');
    await user.type(textbox('Key'), 'k2');
    expect(await submitted()).toEqual({ auth: { key: 'k2' }, other: 1 });
    await user.selectOptions(select, 'No auth');
    expect(screen.queryByRole('textbox', { name: 'Key' })).toBeNull();
    expect(await submitted()).toEqual({ other: 1 });
  });

  it('follows a form-wide disable', () => {
    renderForm(fields, {}, true);
    expect(screen.getByRole('combobox', { name: 'Auth' })).toBeDisabled();
  });
});

describe('NameValueListField', () => {
  it('edits an ordered list of name/value rows, a name given twice kept twice', async () => {
    const { user, submitted } = renderForm(<NameValueListField name="headers" label="Headers" />, {
      headers: [{ name: 'Accept', value: 'text/plain' }],
    });
    expect(textbox('Header 1 name')).toHaveValue('Accept');
    await user.click(screen.getByRole('button', { name: 'Add Header' }));
    await user.type(textbox('Header 2 name'), 'Accept');
    await user.type(textbox('Header 2 value'), 'application/json');
    expect(await submitted()).toEqual({
      headers: [
        { name: 'Accept', value: 'text/plain' },
        { name: 'Accept', value: 'application/json' },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Remove header 1' }));
    expect(textbox('Header 1 value')).toHaveValue('application/json');
    expect(await submitted()).toEqual({
      headers: [{ name: 'Accept', value: 'application/json' }],
    });
  });
});

describe('KeyValueMapField', () => {
  it('holds the rows with a key as a map, and nothing once every row is gone', async () => {
    const { user, submitted } = renderForm(<KeyValueMapField name="filters" label="Filters" />, {
      filters: { b: '2', a: '1' },
    });
    expect(textbox('Filter 1 key')).toHaveValue('a');
    expect(textbox('Filter 2 key')).toHaveValue('b');
    await user.click(screen.getByRole('button', { name: 'Add Filter' }));
    expect(textbox('Filter 3 key')).toHaveValue('');
    await user.type(textbox('Filter 3 value'), 'x');
    expect(screen.getByText('A value needs a key')).toBeInTheDocument();
    expect(await submitted()).toEqual({ filters: { a: '1', b: '2' } });
    await user.type(textbox('Filter 3 key'), 'c');
    expect(await submitted()).toEqual({ filters: { a: '1', b: '2', c: 'x' } });
    for (let i = 0; i < 3; i += 1) {
      await user.click(screen.getByRole('button', { name: 'Remove filter 1' }));
    }
    expect(await submitted()).toEqual({});
  });
});

describe('EnvVarField', () => {
  it('takes a plain value, a secret key or a config map key, clearing the other source; back to a value brings the saved one', async () => {
    const { user, submitted } = renderForm(
      <EnvVarField name="password" label="Password" secret />,
      {
        password: { value: 'hunter2' },
      },
    );
    const source = screen.getByRole('combobox', { name: 'Password from' });
    expect(source).toHaveValue('value');
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAttribute(
      'type',
      'password',
    );
    await user.selectOptions(source, 'Secret');
    await user.type(textbox('Password secret name (required)'), 'db');
    await user.type(textbox('Password secret key (required)'), 'pw');
    expect(await submitted()).toEqual({
      password: { valueFrom: { secretKeyRef: { name: 'db', key: 'pw' } } },
    });
    await user.selectOptions(source, 'ConfigMap');
    expect(textbox('Password config map name (required)')).toHaveValue('');
    await user.type(textbox('Password config map name (required)'), 'cm');
    await user.type(textbox('Password config map key (required)'), 'k');
    expect(await submitted()).toEqual({
      password: { valueFrom: { configMapKeyRef: { name: 'cm', key: 'k' } } },
    });
    await user.selectOptions(source, 'Value');
    expect(await submitted()).toEqual({ password: { value: 'hunter2' } });
  });
});

describe('ObjectListField', () => {
  const list = (
    <ObjectListField
      name="watch"
      label="Watch"
      itemLabel="Resource"
      newItem={() => ({ apiVersion: 'v1' })}
    >
      {(entry) => (
        <>
          <TextField name={`${entry}.apiVersion`} label="API version" />
          <TextField name={`${entry}.kind`} label="Kind" />
        </>
      )}
    </ObjectListField>
  );

  it('adds entries with their defaults and removes one, the others keeping their values', async () => {
    const { user, submitted } = renderForm(list, {
      watch: [{ apiVersion: 'apps/v1', kind: 'Deployment' }],
    });
    await user.click(screen.getByRole('button', { name: 'Add resource' }));
    const second = screen.getByRole('group', { name: 'Resource 2' });
    expect(within(second).getByRole('textbox', { name: 'API version' })).toHaveValue('v1');
    await user.type(within(second).getByRole('textbox', { name: 'Kind' }), 'Pod');
    await user.click(screen.getByRole('button', { name: 'Remove resource 1' }));
    expect(screen.queryByRole('group', { name: 'Resource 2' })).toBeNull();
    expect(await submitted()).toEqual({ watch: [{ apiVersion: 'v1', kind: 'Pod' }] });
    await user.click(screen.getByRole('button', { name: 'Add resource' }));
    const again = screen.getByRole('group', { name: 'Resource 2' });
    expect(within(again).getByRole('textbox', { name: 'Kind' })).toHaveValue('');
  });

  it('follows a form-wide disable', () => {
    renderForm(list, {}, true);
    expect(screen.getByRole('button', { name: 'Add resource' })).toBeDisabled();
  });
});

describe('Collapsible', () => {
  it('keeps its fields and their values while closed', async () => {
    const { user, submitted } = renderForm(
      <Collapsible title="Advanced">
        <TextField name="depth" label="Depth" />
      </Collapsible>,
    );
    const toggle = screen.getByRole('button', { name: 'Advanced' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await user.type(textbox('Depth'), '3');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await submitted()).toEqual({ depth: '3' });
  });
});

describe('FieldList', () => {
  // Specs said as objects or with `field`, the same thing in one line.
  const fields: FieldSpec[] = [
    { kind: 'text', name: 'url', label: 'URL', required: true },
    { kind: 'select', name: 'method', label: 'Method', options: [{ value: 'GET', label: 'GET' }] },
    {
      kind: 'custom',
      name: 'note',
      render: (name, disabled) => (
        <label>
          Note at {name}
          <input aria-label="Note" disabled={disabled} />
        </label>
      ),
    },
    {
      kind: 'objects',
      name: 'watch',
      label: 'Watch',
      itemLabel: 'Resource',
      fields: [{ kind: 'text', name: 'kind', label: 'Kind' }],
    },
    field('number', 'limit', 'Limit'),
  ];

  it('draws its fields in order, each named under the prefix, lists of objects under each entry', async () => {
    const { user, submitted } = renderForm(<FieldList prefix="spec.http[0]" fields={fields} />, {
      spec: { http: [{ method: 'GET', watch: [{ kind: 'Pod' }] }] },
    });
    const labels = [...document.querySelectorAll('label')].map((label) =>
      label.textContent?.trim(),
    );
    expect(labels).toEqual([
      'URL (required)',
      'Method',
      'Note at spec.http[0].note',
      'Watch',
      'Kind',
      'Limit',
    ]);
    expect(screen.getByRole('group', { name: 'Resource 1' })).toBeInTheDocument();
    await user.type(textbox('URL (required)'), 'https://example.com');
    await user.type(textbox('Kind'), 's');
    await user.type(textbox('Limit'), '3');
    expect(await submitted()).toEqual({
      spec: {
        http: [{ url: 'https://example.com', method: 'GET', watch: [{ kind: 'Pods' }], limit: 3 }],
      },
    });
  });

  it('names its fields as they are without a prefix, and disables every one with its own disabled', () => {
    renderForm(<FieldList fields={fields} disabled />, { watch: [{}] });
    expect(screen.getByText('Note at note')).toBeInTheDocument();
    expect(textbox('URL (required)')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Method' })).toBeDisabled();
    expect(textbox('Note')).toBeDisabled();
    expect(textbox('Kind')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add resource' })).toBeDisabled();
  });
});
