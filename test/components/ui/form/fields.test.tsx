import type React from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { CodeField } from '../../../../src/ui/form/CodeField';
import { IconField } from '../../../../src/ui/form/IconField';
import { KeyValueField } from '../../../../src/ui/form/KeyValueField';
import { NumberField } from '../../../../src/ui/form/NumberField';
import type { ScheduleKind } from '../../../../src/ui/form/ScheduleField';
import {
  INVALID_SCHEDULE,
  SCHEDULE_PRESETS,
  SCHEDULE_PRESETS_BY_KIND,
  ScheduleField,
} from '../../../../src/ui/form/ScheduleField';
import { SelectField, SwitchField } from '../../../../src/ui/form/SelectField';
import { MultiSelectField, TagsField } from '../../../../src/ui/form/TagsField';
import { TextAreaField, TextField } from '../../../../src/ui/form/TextField';
import { NOT_A_NUMBER, REQUIRED } from '../../../../src/ui/form/fieldError';
import { schedulePresets } from '../../../support/schedulePresets';

// Monaco needs a real browser: the code field's editor is a plain text area here.
jest.mock('../../../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('@monaco-editor/react', () => ({
  __esModule: true,
  default: ({ value, onChange }: { value: string; onChange: (text: string) => void }) =>
    jest.requireActual<typeof React>('react').createElement('textarea', {
      'aria-label': 'Code',
      value,
      onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    }),
}));

type Values = Record<string, unknown>;

/** A bare form around the fields; Submit sends the values to `onSubmit`. */
function renderForm(
  fields: ReactNode,
  {
    initialValues = {},
    onSubmit = jest.fn(),
  }: { initialValues?: Values; onSubmit?: jest.Mock } = {},
) {
  const user = userEvent.setup();
  render(
    <Form<Values>
      initialValues={initialValues}
      onSubmit={onSubmit}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Test form">
          {fields}
          <button type="submit">Submit</button>
        </form>
      )}
    />,
  );
  return {
    user,
    onSubmit,
    submit: () => user.click(screen.getByRole('button', { name: 'Submit' })),
  };
}

describe('the kit fields’ one error rule', () => {
  it('shows nothing on a field not yet visited, the error once it is left, and clears it', async () => {
    const { user } = renderForm(<TextField name="name" label="Name" required />);
    const input = screen.getByRole('textbox', { name: 'Name (required)' });
    expect(screen.queryByText(REQUIRED)).toBeNull();
    await user.click(input);
    await user.tab();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, 'api');
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows every field’s error on submit, and sends nothing while one fails', async () => {
    const { submit, onSubmit } = renderForm(
      <>
        <TextField name="name" label="Name" required />
        <TextField name="owner" label="Owner" required="Owner is required" />
      </>,
    );
    await submit();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    expect(screen.getByText('Owner is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows an error while typing, before the field is left (validated on change)', async () => {
    const { user } = renderForm(
      <TextField
        name="name"
        label="Name"
        validate={(value) => (value?.includes(' ') ? 'No spaces' : undefined)}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'a b');
    expect(screen.getByText('No spaces')).toBeInTheDocument();
  });
});

describe('NumberField', () => {
  it('says required, then not a number, and sends an integer', async () => {
    const { user, submit, onSubmit } = renderForm(
      <NumberField name="replicas" label="Replicas" required />,
    );
    await submit();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Replicas (required)' });
    await user.type(input, '3x');
    expect(screen.getByText(NOT_A_NUMBER)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '12.7');
    expect(screen.queryByText(NOT_A_NUMBER)).toBeNull();
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ replicas: 12 });
  });

  it('runs its own rule once the value is a number', async () => {
    const { user } = renderForm(
      <NumberField
        name="port"
        label="Port"
        validate={(port) => (port > 65535 ? 'At most 65535' : undefined)}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Port' }), '70000');
    expect(screen.getByText('At most 65535')).toBeInTheDocument();
  });
});

describe('SelectField and SwitchField', () => {
  it('keeps a value that is not among the options and sends the chosen one', async () => {
    const { user, submit, onSubmit } = renderForm(
      <>
        <SelectField
          name="role"
          label="Role"
          options={[
            { value: 'admin', label: 'admin' },
            { value: 'viewer', label: 'viewer' },
          ]}
        />
        <SwitchField name="active" label="Active" />
      </>,
      { initialValues: { role: 'auditor', active: false } },
    );
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select).toHaveValue('auditor');
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ role: 'auditor', active: false });
    await user.selectOptions(select, 'viewer');
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await submit();
    expect(onSubmit.mock.calls[1][0]).toEqual({ role: 'viewer', active: true });
  });
});

describe('TagsField', () => {
  it('adds trimmed, distinct values with Enter and requires one when required', async () => {
    const { user, submit, onSubmit } = renderForm(
      <TagsField name="namespaces" label="Namespaces" required />,
    );
    await submit();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    const input = () => screen.getByLabelText('Namespaces (required)');
    await user.type(input(), ' default {Enter}');
    expect(input()).toHaveFocus();
    await user.type(input(), 'kube-system{Enter}');
    await user.type(input(), 'default{Enter}');
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ namespaces: ['default', 'kube-system'] });
  });

  it('shows "4 selected" in its box from four values, every value again while focused', async () => {
    const { user, submit, onSubmit } = renderForm(<TagsField name="paths" label="Paths" />, {
      initialValues: { paths: ['/a', '/b', '/c'] },
    });
    const input = screen.getByRole('textbox', { name: 'Paths' });
    // Three values are shown one by one.
    expect(screen.getByText('/c')).toBeInTheDocument();
    expect(screen.queryByText(/selected$/)).toBeNull();
    await user.type(input, '/d{Enter}');
    // Focused: every value, each removable.
    expect(screen.getByText('/d')).toBeInTheDocument();
    expect(screen.queryByText(/selected$/)).toBeNull();
    // A value typed and left is added to all the others while the box turns to its summary.
    await user.type(input, '/e');
    await user.tab();
    expect(await screen.findByText('5 selected')).toBeInTheDocument();
    expect(screen.queryByText('/a')).toBeNull();
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ paths: ['/a', '/b', '/c', '/d', '/e'] });

    await user.click(input);
    expect(screen.queryByText('5 selected')).toBeNull();
    const tag = screen.getByText('/a').parentElement as HTMLElement;
    await user.click(within(tag).getByRole('button', { name: 'Remove tag' }));
    expect(screen.queryByText('/a')).toBeNull();
    await user.tab();
    expect(await screen.findByText('4 selected')).toBeInTheDocument();
  });
});

describe('MultiSelectField', () => {
  it('picks several options by typing and requires one when required', async () => {
    const { user, submit, onSubmit } = renderForm(
      <MultiSelectField
        name="roles"
        label="Roles"
        required
        options={[
          { value: 'admin', label: 'Admin' },
          { value: 'editor', label: 'Editor' },
          { value: 'viewer', label: 'Viewer' },
        ]}
      />,
    );
    await submit();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    const input = screen.getByLabelText('Roles (required)');
    await user.click(input);
    await user.type(input, 'edi');
    expect(screen.queryByRole('option', { name: 'Admin' })).toBeNull();
    await user.click(
      within(await screen.findByRole('option', { name: 'Editor' })).getByText('Editor'),
    );
    await user.type(input, 'view');
    await user.click(
      within(await screen.findByRole('option', { name: 'Viewer' })).getByText('Viewer'),
    );
    expect(screen.queryByText(REQUIRED)).toBeNull();
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ roles: ['editor', 'viewer'] });
  });

  it('shows "4 selected" in its box from four choices, like the filter dropdowns', async () => {
    const { user, submit, onSubmit } = renderForm(
      <MultiSelectField
        name="roles"
        label="Roles"
        placeholder="Choose roles"
        options={['Admin', 'Editor', 'Guest', 'Viewer', 'Responder'].map((label) => ({
          value: label.toLowerCase(),
          label,
        }))}
      />,
      { initialValues: { roles: ['admin', 'editor', 'guest'] } },
    );
    const input = screen.getByLabelText('Roles');
    // The box around the input, where the choices are shown.
    const box = input.closest('.bp6-tag-input') as HTMLElement;
    expect(within(box).getByText('Guest')).toBeInTheDocument();
    expect(within(box).queryByText(/selected$/)).toBeNull();

    await user.click(input);
    await user.click(
      within(await screen.findByRole('option', { name: 'Viewer' })).getByText('Viewer'),
    );
    // Leaving the field (a click elsewhere) turns the choices into their count.
    await user.click(document.body);
    expect(await within(box).findByText('4 selected')).toBeInTheDocument();
    expect(within(box).queryByText('Admin')).toBeNull();
    expect(input).not.toHaveAttribute('placeholder', 'Choose roles');
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ roles: ['admin', 'editor', 'guest', 'viewer'] });

    // Focused, the choices show again and one can be taken off: three are shown one by one.
    await user.click(input);
    expect(within(box).queryByText('4 selected')).toBeNull();
    const tag = within(box).getByText('Admin').closest('.bp6-tag') as HTMLElement;
    await user.click(within(tag).getByRole('button'));
    await user.click(document.body);
    expect(within(box).queryByText(/selected$/)).toBeNull();
    expect(within(box).queryByText('Admin')).toBeNull();
    expect(within(box).getByText('Guest')).toBeInTheDocument();
  });
});

describe('TextAreaField', () => {
  it('keeps several lines and shows its rule’s message once left', async () => {
    const { user, submit, onSubmit } = renderForm(
      <TextAreaField
        name="description"
        label="Description"
        validate={(value) => (value && value.length > 10 ? 'Too long' : undefined)}
      />,
    );
    const area = screen.getByRole('textbox', { name: 'Description' });
    await user.type(area, 'line one{Enter}line two');
    await user.tab();
    expect(screen.getByText('Too long')).toBeInTheDocument();
    await user.clear(area);
    await user.type(area, 'a{Enter}b');
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ description: 'a\nb' });
  });
});

describe('IconField', () => {
  it('narrows the icon set as the user types and keeps a name from elsewhere', async () => {
    const { user, submit, onSubmit } = renderForm(<IconField name="icon" label="Icon" required />);
    await submit();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    const input = screen.getByLabelText('Icon (required)');
    await user.click(input);
    await user.type(input, 'databa');
    await user.click(
      within(await screen.findByRole('option', { name: 'database' })).getByText('database'),
    );
    expect(input).toHaveValue('database');
    await user.click(input);
    await user.type(input, 'kubernetes');
    await user.click(
      within(await screen.findByRole('option', { name: 'Use "kubernetes"' })).getByText(
        'Use "kubernetes"',
      ),
    );
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ icon: 'kubernetes' });
  });

  it('keeps text typed the moment the field takes focus', async () => {
    renderForm(<IconField name="icon" label="Icon" />);
    const input = screen.getByLabelText('Icon');
    act(() => {
      input.focus();
      fireEvent.change(input, { target: { value: 'databa' } });
    });
    expect(await screen.findByRole('option', { name: 'database' })).toBeInTheDocument();
    expect(input).toHaveValue('databa');
  });
});

describe('KeyValueField', () => {
  it('edits pairs row by row and refuses a key given twice', async () => {
    const { user, submit, onSubmit } = renderForm(<KeyValueField name="labels" label="Labels" />, {
      initialValues: { labels: [{ key: 'env', value: 'prod' }] },
    });
    const group = screen.getByRole('group', { name: 'Labels' });
    await user.click(within(group).getByRole('button', { name: 'Add Label' }));
    await user.type(within(group).getByRole('textbox', { name: 'Label 2 key' }), 'env');
    await submit();
    expect(screen.getByText('The key env is given twice')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(within(group).getByRole('button', { name: 'Remove label 1' }));
    await user.type(within(group).getByRole('textbox', { name: 'Label 1 value' }), 'dev');
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ labels: [{ key: 'env', value: 'dev' }] });
  });
});

describe('ScheduleField', () => {
  it('offers the presets and refuses what the scheduler cannot read', async () => {
    const { user, submit, onSubmit } = renderForm(
      <ScheduleField name="schedule" label="Schedule" />,
    );
    const input = screen.getByRole('combobox', { name: 'Schedule' });
    expect(schedulePresets(input).map((option) => option.value)).toEqual([...SCHEDULE_PRESETS]);
    await user.type(input, 'every five minutes');
    expect(screen.getByText(INVALID_SCHEDULE)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '*/5 * * * *');
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ schedule: '*/5 * * * *' });
  });

  it.each(Object.keys(SCHEDULE_PRESETS_BY_KIND) as ScheduleKind[])(
    'offers the %s kind’s presets, each with its label',
    (kind) => {
      renderForm(<ScheduleField name="schedule" label="Schedule" kind={kind} />);
      const input = screen.getByRole('combobox', { name: 'Schedule' });
      const options = schedulePresets(input);
      expect(options.map((option) => option.value)).toEqual(SCHEDULE_PRESETS_BY_KIND[kind]);
      expect(options.every((option) => /^Every /.test(option.label))).toBe(true);
      expect(options.find((option) => option.value === '@every 5m')?.label).toBe('Every 5 minutes');
    },
  );
});

describe('CodeField', () => {
  it('requires text, says why YAML does not parse, and sends the text once it does', async () => {
    const { user, submit, onSubmit } = renderForm(<CodeField name="spec" label="Spec" required />, {
      initialValues: { spec: '' },
    });
    await submit();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
    const editor = await screen.findByRole('textbox', { name: 'Code' });
    await user.type(editor, 'a: {[}1');
    expect(screen.getByText(/^Invalid YAML: /)).toBeInTheDocument();
    await user.type(editor, ']');
    await submit();
    expect(onSubmit.mock.calls[0][0]).toEqual({ spec: 'a: [1]' });
  });

  it('refuses text that is not valid in its language', async () => {
    const { submit, onSubmit } = renderForm(
      <CodeField name="spec" label="Spec" language="json" />,
      { initialValues: { spec: '{"a": ' } },
    );
    await submit();
    expect(screen.getByText(/^Invalid JSON: /)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
