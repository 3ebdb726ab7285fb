import { screen, waitFor, within } from '@testing-library/react';
import { JobHistoryTable } from '../../../src/features/jobs/JobHistoryTable';
import { TypedResourceEditor } from '../../../src/features/editors/TypedResourceEditor';
import { SCHEDULE_PRESETS_BY_KIND } from '../../../src/ui/form/ScheduleField';
import type { Slots } from '../../../src/widgets/slots/slotTypes';
import { schedulePresets } from '../../support/schedulePresets';
import { testUser } from '../../support/shellHandlers';
import {
  CANARY_ID,
  CRD_TEAM_ID,
  SLOW,
  TEAM_ID,
  TOPOLOGIES,
  TOPOLOGY_ID,
  renderResources,
} from './resourcesBackend';
import { confirmDelete } from '../../support/confirm';
import { onlyWrite } from '../../support/expectations';

jest.setTimeout(60_000);
jest.mock('../../../src/ui/CodeEditor/monacoSetup', () => ({}));
/** Monaco as a plain text area, so the spec can be typed into. */
jest.mock('@monaco-editor/react', () => jest.requireActual('../../support/monacoEditableMock'));

/** The app hands the page the real typed editor and job history: their props must fit. */
const REAL_SLOTS: Pick<Slots, 'TypedEditor' | 'JobHistory'> = {
  TypedEditor: TypedResourceEditor,
  JobHistory: JobHistoryTable,
};

const BANNER =
  'Read-Only Mode: This resource is managed by Kubernetes CRD and cannot be edited from the UI.';

const ui = {
  form: (name: string) => screen.findByRole('form', { name: `${name} spec` }, SLOW),
  field: (form: HTMLElement, label: string) =>
    within(form).getByRole('textbox', { name: new RegExp(`^${label}(\\s|$)`) }),
  /** An input with suggestions is a combobox. */
  schedule: (form: HTMLElement) => within(form).getByRole('combobox', { name: /^Schedule/ }),
  spec: (form: HTMLElement) =>
    within(within(form).getByRole('group', { name: 'Spec' })).findByRole('textbox', {
      name: 'Code',
    }),
  button: (name: string) => screen.getByRole('button', { name }),
  noButton: (name: string) => expect(screen.queryByRole('button', { name })).toBeNull(),
};

async function typeSpec(
  user: ReturnType<typeof renderResources>['user'],
  form: HTMLElement,
  text: string,
) {
  const editor = await ui.spec(form);
  await user.clear(editor);
  await user.click(editor);
  await user.paste(text);
  return editor;
}

describe('generic resource editor', () => {
  it('creates a team with the values and created_by, then returns to the list', async () => {
    const { user, backend, currentUrl } = renderResources('/settings/teams/new');
    const form = await ui.form('Teams');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Spec']);
    expect(ui.field(form, 'Name')).toBeEnabled();
    await user.click(ui.button('Save'));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(backend.teams.writes).toHaveLength(0);

    await user.type(ui.field(form, 'Name'), 'SRE');
    await typeSpec(user, form, 'responders:\n  - email\n');
    await user.click(ui.button('Save'));
    expect(await onlyWrite(backend.teams)).toEqual({
      method: 'POST',
      filters: {},
      prefer: 'return=representation',
      body: {
        name: 'SRE',
        icon: 'group',
        spec: { responders: ['email'] },
        source: 'UI',
        created_by: testUser().id,
      },
    });
    expect(await screen.findByText('Teams created successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/settings/teams'));
  });

  it('edits a topology: name and namespace fixed, the merged row sent with PATCH', async () => {
    const { user, backend, currentUrl } = renderResources(`/settings/topologies/${TOPOLOGY_ID}`);
    const form = await ui.form('Topology');
    expect(backend.topologies.reads[0]!.url.search).toBe(`?id=eq.${TOPOLOGY_ID}`);
    expect(ui.field(form, 'Name')).toHaveValue('payments');
    expect(ui.field(form, 'Name')).toBeDisabled();
    expect(ui.field(form, 'Namespace')).toHaveValue('prod');
    expect(ui.field(form, 'Namespace')).toBeDisabled();
    expect(await ui.spec(form)).toHaveValue('type: App\n');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Spec',
      'Job History',
    ]);

    // A topology's schedule offers the medium kind's presets (spec 001 §3).
    expect(schedulePresets(ui.schedule(form)).map((preset) => preset.value)).toEqual(
      SCHEDULE_PRESETS_BY_KIND.medium,
    );
    await user.clear(ui.schedule(form));
    await user.type(ui.schedule(form), '@hourly');
    await user.click(ui.button('Update'));
    // What the form did not change goes back as it was loaded.
    const { id, agent_id, name, namespace, labels, source } = TOPOLOGIES[0]!;
    const unchanged = { id, agent_id, name, namespace, labels, source };
    expect(await onlyWrite(backend.topologies)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${TOPOLOGY_ID}` },
      body: {
        ...unchanged,
        spec: { type: 'App', schedule: '@hourly' },
        schedule: '@hourly',
        is_pushed: false,
        created_by: testUser().id,
      },
    });
    expect(await screen.findByText('Topology updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/settings/topologies'));
  });

  it('checks the spec against the schema and keeps YAML that does not parse', async () => {
    const { user, backend } = renderResources(`/settings/topologies/${TOPOLOGY_ID}`);
    const form = await ui.form('Topology');
    await typeSpec(user, form, 'name: x\n');
    expect(
      await within(form).findByText("/: must have required property 'type'", {}, SLOW),
    ).toBeInTheDocument();
    const editor = await typeSpec(user, form, 'type: [unclosed\n');
    expect(await within(form).findByText(/^Invalid YAML: /)).toBeInTheDocument();
    expect(editor).toHaveValue('type: [unclosed\n');
    expect(ui.button('Update')).toBeDisabled();
    expect(backend.topologies.writes).toHaveLength(0);
  });

  it('deletes after the confirmation, softly, and returns to the list', async () => {
    const { user, backend, currentUrl } = renderResources(`/settings/topologies/${TOPOLOGY_ID}`);
    await ui.form('Topology');
    await user.click(ui.button('Delete'));
    await confirmDelete(user, 'Are you sure you want to delete this resource?');
    expect(await onlyWrite(backend.topologies)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${TOPOLOGY_ID}` },
      body: { deleted_at: 'now()' },
    });
    expect(await screen.findByText('Topology deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/settings/topologies'));
  });

  it('toasts why a delete was refused and stays on the record', async () => {
    const { user, backend, currentUrl } = renderResources(`/settings/topologies/${TOPOLOGY_ID}`);
    await ui.form('Topology');
    backend.topologies.fail('PATCH', 403, 'unauthorized. Access Denied');
    await user.click(ui.button('Delete'));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('unauthorized. Access Denied')).toBeInTheDocument();
    expect(currentUrl()).toBe(`/settings/topologies/${TOPOLOGY_ID}`);
    expect(screen.queryByText('Topology deleted successfully')).toBeNull();
  });

  it("shows the server's reason when saving fails and keeps the typed values", async () => {
    const { user, backend, currentUrl } = renderResources('/settings/teams/new');
    backend.teams.fail('POST', 409, {
      code: '23505',
      message: 'duplicate key value violates unique constraint "team_name_key"',
    });
    const form = await ui.form('Teams');
    await user.type(ui.field(form, 'Name'), 'Platform');
    await user.click(ui.button('Save'));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'duplicate key value violates unique constraint "team_name_key"',
    );
    expect(ui.field(form, 'Name')).toHaveValue('Platform');
    expect(currentUrl()).toBe('/settings/teams/new');
  });

  it('opens a CRD-sourced record read-only under the banner', async () => {
    const { backend } = renderResources(`/settings/teams/${CRD_TEAM_ID}`);
    const form = await ui.form('Teams');
    expect(within(form).getByRole('status')).toHaveTextContent(BANNER);
    expect(ui.field(form, 'Name')).toBeDisabled();
    expect(await ui.spec(form)).toHaveAttribute('readonly');
    ui.noButton('Update');
    ui.noButton('Save');
    ui.noButton('Delete');
    expect(ui.button('Close')).toBeEnabled();
    expect(backend.teams.writes).toHaveLength(0);
  });

  it('shows a viewer the record without Update or Delete', async () => {
    renderResources(`/settings/topologies/${TOPOLOGY_ID}`, { user: { roles: ['viewer'] } });
    const form = await ui.form('Topology');
    expect(ui.schedule(form)).toBeDisabled();
    expect(within(form).queryByRole('status')).toBeNull();
    ui.noButton('Update');
    ui.noButton('Delete');
  });

  it('keeps the tab in the address and shows the job history of the record', async () => {
    const { user, currentUrl } = renderResources(`/settings/teams/${TEAM_ID}`);
    await ui.form('Teams');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Spec',
      'Members',
      'Permissions',
      'Owned',
      'Job History',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Job History' }));
    expect(await screen.findByText(`Jobs of team ${TEAM_ID}`)).toBeInTheDocument();
    expect(currentUrl()).toBe(`/settings/teams/${TEAM_ID}?tab=jobs`);
    await user.click(screen.getByRole('tab', { name: 'Spec' }));
    await ui.form('Teams');
    expect(currentUrl()).toBe(`/settings/teams/${TEAM_ID}`);
  });

  it('hands health checks to the typed editor, saving and deleting through §21', async () => {
    const { user, backend, currentUrl } = renderResources(`/settings/canaries/${CANARY_ID}`);
    const editor = await screen.findByRole('region', { name: 'Typed editor check' }, SLOW);
    expect(within(editor).getByText('Editing google')).toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: 'Typed save' }));
    expect(await onlyWrite(backend.canaries)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${CANARY_ID}` },
      body: { id: CANARY_ID, name: 'google-2', namespace: 'default', source: 'UI' },
    });
    expect(await screen.findByText('Health Check updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/settings/canaries'));
  });

  it('creates a health check from the typed editor with created_by', async () => {
    const { user, backend } = renderResources('/settings/canaries/new');
    const editor = await screen.findByRole('region', { name: 'Typed editor check' }, SLOW);
    expect(within(editor).getByText('Editing a new resource')).toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: 'Typed save' }));
    expect((await onlyWrite(backend.canaries)).body).toEqual({
      name: 'new-check',
      namespace: 'default',
      spec: { tcp: [{ name: 'x' }] },
      source: 'UI',
      created_by: testUser().id,
    });
  });

  it('takes the real typed editor and job history as they are declared', () => {
    // Checked when the tests are type-checked: the slots' props fit the real components.
    expect(Object.keys(REAL_SLOTS)).toEqual(['TypedEditor', 'JobHistory']);
  });
});
