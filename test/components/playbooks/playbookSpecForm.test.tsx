import '../../support/withEditableMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import playbookSpecSchema from '../../../server/demo/schemas/playbook-spec.schema.json';
import type { AppPage } from '../../../src/app/routes';
import { PlaybooksPage } from '../../../src/features/playbooks/PlaybooksPage';
import type { PermissionSummary } from '../../../src/api/schemas/permissions';
import { ResourcePermissions } from '../../../src/features/permissions/ResourcePermissions';
import { PlaybookLink } from '../../../src/features/playbooks/spec/PlaybookLink';
import { SlotsProvider } from '../../../src/widgets/slots/SlotsProvider';
import { server } from '../../support/msw';
import type { PostgrestTable } from '../../support/postgrestTable';
import { postgrestTable } from '../../support/postgrestTable';
import type { RenderAppOptions } from '../../support/renderApp';
import { testUser } from '../../support/shellHandlers';
import { renderPages } from '../../support/renderPages';
import { replaceCode } from '../../support/fillFields';
import { onlyWrite } from '../../support/expectations';

const UI_ID = '018f4b8e-7777-7000-8000-0000000000b1';
const CRD_ID = '018f4b8e-7777-7000-8000-0000000000b2';
const NEW_ID = '018f4b8e-7777-7000-8000-0000000000b3';

interface Row {
  id: string;
  name: string;
  namespace: string;
  title: string;
  description: string | null;
  icon: string | null;
  category: string;
  source: string;
  spec: Record<string, unknown>;
  created_by: unknown;
  deleted_at: string | null;
}

const ROWS: Row[] = [
  {
    id: UI_ID,
    name: 'Purge Cache',
    namespace: 'default',
    title: 'Purge Cache',
    description: 'Empties the CDN cache',
    icon: 'trash',
    category: 'Operations',
    source: 'UI',
    spec: {
      title: 'Purge Cache',
      category: 'Operations',
      actions: [{ name: 'purge', exec: { script: 'cdn purge --all' } }],
    },
    created_by: null,
    deleted_at: null,
  },
  {
    id: CRD_ID,
    name: 'restart-deployment',
    namespace: 'mission-control',
    title: 'Restart Deployment',
    description: 'Rolls the pods',
    icon: 'refresh',
    category: 'Kubernetes',
    source: 'KubernetesCRD',
    spec: {
      category: 'Kubernetes',
      configs: [{ types: ['Kubernetes::Deployment'] }],
      actions: [{ name: 'restart', exec: { script: 'kubectl rollout restart' } }],
    },
    created_by: null,
    deleted_at: null,
  },
];

/**
 * The catalog's items of Playbook custom resources: the CRD playbook's own (same id), and one
 * of another playbook that must not be taken for it.
 */
const PLAYBOOK_CONFIGS = [
  {
    id: CRD_ID,
    name: 'restart-deployment',
    type: 'MissionControl::Playbook',
    config_class: 'Playbook',
    tags: { cluster: 'prod', namespace: 'mission-control' },
    deleted_at: null,
  },
  {
    id: '018f4b8e-7777-7000-8000-0000000000c9',
    name: 'restart-deployment',
    type: 'MissionControl::Playbook',
    config_class: 'Playbook',
    tags: { cluster: 'staging', namespace: 'mission-control' },
    deleted_at: null,
  },
];

/** The page as the app loads it: with the permissions panel of the permissions area. */
const SLOTS = { ResourcePermissions };
function Playbooks() {
  return (
    <SlotsProvider slots={SLOTS}>
      <PlaybooksPage />
    </SlotsProvider>
  );
}

const PAGES: AppPage[] = [
  {
    path: '/playbooks',
    load: async () => Playbooks,
    access: { resource: 'playbooks', feature: 'playbooks' },
  },
  {
    path: '/playbooks/:id',
    load: async () => PlaybookLink,
    access: { resource: 'playbooks', feature: 'playbooks' },
  },
];

const SLOW = { timeout: 5_000 };

const ui = {
  dialog: (name: RegExp | string = /Playbook$/) => screen.findByRole('dialog', { name }, SLOW),
  card: (title: string) => screen.findByRole('article', { name: title }, SLOW),
  field: (dialog: HTMLElement, label: string) =>
    within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }),
  spec: (dialog: HTMLElement) =>
    within(within(dialog).getByRole('group', { name: 'Spec' })).findByRole('textbox', {
      name: 'Code',
    }),
  button: (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name }),
};

interface Backend {
  playbooks: PostgrestTable<Row>;
  runs: PostgrestTable<{ id: string }>;
  configs: PostgrestTable<(typeof PLAYBOOK_CONFIGS)[number]>;
}

function renderPage(
  url: string,
  appOptions: RenderAppOptions = {},
  /** MISC-06 answers 500. */
  schemaFails = false,
) {
  const playbooks = postgrestTable<Row>('playbooks', ROWS, {
    onInsert: (body) =>
      ({
        id: NEW_ID,
        namespace: 'default',
        description: null,
        icon: null,
        category: '',
        created_by: null,
        deleted_at: null,
        ...(body as Partial<Row>),
      }) as Row,
  });
  const runs = postgrestTable<{ id: string }>('playbook_runs', []);
  const configs = postgrestTable('config_items', PLAYBOOK_CONFIGS);
  // PB-01: the view over the table, without the deleted playbooks.
  server.use(
    http.get('*/api/db/playbook_names', () =>
      HttpResponse.json(
        playbooks.rows
          .filter((row) => row.deleted_at === null)
          .map(({ id, name, title, icon, category }) => ({ id, name, title, icon, category }))
          .sort((a, b) => a.title.localeCompare(b.title)),
      ),
    ),
    http.get('*/api/schemas/playbook-spec.schema.json', () =>
      schemaFails
        ? HttpResponse.json({ error: 'schemas unavailable' }, { status: 500 })
        : HttpResponse.json(playbookSpecSchema),
    ),
  );
  const backend: Backend = { playbooks, runs, configs };
  const rendered = renderPages(PAGES, url, appOptions);
  return { ...rendered, backend };
}

async function replaceSpec(
  user: ReturnType<typeof renderPage>['user'],
  dialog: HTMLElement,
  text: string,
) {
  return replaceCode(user, await ui.spec(dialog), text);
}

describe('playbook spec form', () => {
  it('creates a playbook with PB-04 and the list shows it', async () => {
    const { user, backend, currentUrl } = renderPage('/playbooks');
    await ui.card('Purge Cache');
    await user.click(screen.getByRole('button', { name: 'New Playbook' }));
    expect(currentUrl()).toBe('/playbooks?new=1');
    const dialog = await ui.dialog('New Playbook');
    expect(ui.field(dialog, 'Namespace')).toHaveValue('default');
    await user.type(ui.field(dialog, 'Title'), 'Say Hello');
    await user.type(ui.field(dialog, 'Category'), 'Demo');
    await user.type(ui.field(dialog, 'Description'), 'Greets');
    await replaceSpec(
      user,
      dialog,
      'actions:\n  - name: hello\n    exec:\n      script: echo hi\n',
    );
    await user.click(ui.button(dialog, 'Save'));

    expect(await onlyWrite(backend.playbooks)).toMatchObject({
      method: 'POST',
      body: {
        name: 'Say Hello',
        title: 'Say Hello',
        namespace: 'default',
        category: 'Demo',
        description: 'Greets',
        source: 'UI',
        created_by: testUser().id,
        spec: {
          actions: [{ name: 'hello', exec: { script: 'echo hi' } }],
          title: 'Say Hello',
          category: 'Demo',
          description: 'Greets',
        },
      },
    });
    expect(Object.keys(backend.playbooks.writes[0]!.body as object).sort()).toEqual([
      'category',
      'created_by',
      'description',
      'name',
      'namespace',
      'source',
      'spec',
      'title',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentUrl()).toBe('/playbooks');
    expect(await screen.findByText('Playbook created')).toBeInTheDocument();
    await ui.card('Say Hello');
  });

  it('shows YAML and schema errors under the editor, blocks Save and keeps the text', async () => {
    const { user, backend } = renderPage('/playbooks?new=1');
    const dialog = await ui.dialog('New Playbook');
    await user.type(ui.field(dialog, 'Title'), 'Broken');
    // The schema has arrived once a schema error shows for a text without actions.
    const editor = await replaceSpec(user, dialog, 'actions:\n  - exec:\n      script: echo\n');
    expect(
      await within(dialog).findByText("/actions/0: must have required property 'name'", {}, SLOW),
    ).toBeInTheDocument();
    expect(ui.button(dialog, 'Save')).toBeDisabled();

    await replaceSpec(user, dialog, 'actions: [unclosed\n');
    expect(await within(dialog).findByText(/^Invalid YAML: /)).toBeInTheDocument();
    expect(ui.button(dialog, 'Save')).toBeDisabled();
    expect(editor).toHaveValue('actions: [unclosed\n');
    expect(ui.field(dialog, 'Title')).toHaveValue('Broken');
    expect(backend.playbooks.writes).toHaveLength(0);
  });

  it('leaves the check to the server when the schema cannot be loaded', async () => {
    const { user, backend } = renderPage('/playbooks?new=1', {}, true);
    const dialog = await ui.dialog('New Playbook');
    expect(
      await within(dialog).findByText(/The playbook schema could not be loaded/, {}, SLOW),
    ).toBeInTheDocument();
    await user.type(ui.field(dialog, 'Title'), 'Unchecked');
    await replaceSpec(user, dialog, 'actions:\n  - exec:\n      script: echo\n');
    await user.click(ui.button(dialog, 'Save'));
    expect((await onlyWrite(backend.playbooks)).body).toMatchObject({
      spec: { actions: [{ exec: { script: 'echo' } }] },
    });
  });

  it("shows the server's 400 reason inside the dialog and keeps the typed values", async () => {
    const { user, backend } = renderPage('/playbooks?new=1');
    const dialog = await ui.dialog('New Playbook');
    backend.playbooks.fail('POST', 400, {
      error: 'invalid playbook spec: /actions/0/exec must have required property script',
    });
    await user.type(ui.field(dialog, 'Title'), 'Rejected');
    await user.click(ui.button(dialog, 'Save'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'invalid playbook spec: /actions/0/exec must have required property script',
    );
    expect(ui.field(dialog, 'Title')).toHaveValue('Rejected');
    expect(screen.getByRole('dialog', { name: 'New Playbook' })).toBeInTheDocument();
  });

  it('edits a UI playbook with PB-05, opened from its card', async () => {
    const { user, backend, currentUrl } = renderPage('/playbooks');
    const card = await ui.card('Purge Cache');
    await user.click(within(card).getByRole('button', { name: 'Edit Purge Cache' }));
    expect(currentUrl()).toBe(`/playbooks?edit=${UI_ID}`);
    const dialog = await ui.dialog('Edit Playbook');
    await waitFor(() => expect(ui.field(dialog, 'Title')).toHaveValue('Purge Cache'));
    expect(ui.field(dialog, 'Namespace')).toBeDisabled();
    expect(ui.field(dialog, 'Category')).toHaveValue('Operations');
    // PB-02
    const read = backend.playbooks.reads.find(
      (r) => r.url.searchParams.get('id') === `eq.${UI_ID}`,
    );
    expect(read?.url.searchParams.get('select')).toBe('*,created_by(id,name,avatar,email)');
    expect(await ui.spec(dialog)).toHaveValue(
      'actions:\n  - name: purge\n    exec:\n      script: cdn purge --all\n',
    );

    await user.clear(ui.field(dialog, 'Title'));
    await user.type(ui.field(dialog, 'Title'), 'Purge CDN');
    await user.click(ui.button(dialog, 'Update'));
    expect(await onlyWrite(backend.playbooks)).toEqual({
      method: 'PATCH',
      filters: { id: `eq.${UI_ID}` },
      prefer: 'return=representation',
      body: {
        id: UI_ID,
        title: 'Purge CDN',
        source: 'UI',
        description: 'Empties the CDN cache',
        icon: 'trash',
        spec: {
          actions: [{ name: 'purge', exec: { script: 'cdn purge --all' } }],
          title: 'Purge CDN',
          category: 'Operations',
          description: 'Empties the CDN cache',
          icon: 'trash',
        },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Playbook updated')).toBeInTheDocument();
    await ui.card('Purge CDN');
  });

  it('opens a CRD playbook read-only, naming its source', async () => {
    const { backend } = renderPage(`/playbooks?edit=${CRD_ID}`);
    const dialog = await ui.dialog('Playbook');
    expect(await within(dialog).findByText('Managed by KubernetesCRD: read-only')).toBeVisible();
    expect(ui.field(dialog, 'Title')).toHaveValue('Restart Deployment');
    expect(ui.field(dialog, 'Title')).toBeDisabled();
    expect(await ui.spec(dialog)).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
    expect(backend.playbooks.writes).toHaveLength(0);
  });

  it("links a CRD playbook to its Kubernetes resource's config item", async () => {
    const { backend } = renderPage(`/playbooks?edit=${CRD_ID}`);
    const dialog = await ui.dialog('Playbook');
    const link = await within(dialog).findByRole(
      'link',
      { name: 'Playbook mission-control/restart-deployment' },
      SLOW,
    );
    expect(link).toHaveAttribute('href', `/catalog/${CRD_ID}`);
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Managed by KubernetesCRD: read-onlyKubernetes resource: Playbook mission-control/restart-deployment',
    );
    // Looked up by the playbook's id and the resource's catalog type, never by name alone.
    const read = new URL(backend.configs.reads.at(-1)!.url).searchParams;
    expect(
      Object.fromEntries(['id', 'type', 'deleted_at'].map((key) => [key, read.get(key)])),
    ).toEqual({
      id: `eq.${CRD_ID}`,
      type: 'eq.MissionControl::Playbook',
      deleted_at: 'is.null',
    });
  });

  it('looks up no Kubernetes resource for a playbook made in the console', async () => {
    const { backend } = renderPage(`/playbooks?edit=${UI_ID}`);
    const dialog = await ui.dialog('Edit Playbook');
    await waitFor(() => expect(ui.field(dialog, 'Title')).toHaveValue('Purge Cache'));
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    expect(backend.configs.reads).toHaveLength(0);
  });

  it("shows a 409 in the server's words when the server refuses the change", async () => {
    const message =
      'playbook default/Purge Cache was not created through the API and cannot be modified';
    const { user, backend } = renderPage(`/playbooks?edit=${UI_ID}`);
    backend.playbooks.fail('PATCH', 409, { error: message });
    const dialog = await ui.dialog('Edit Playbook');
    await waitFor(() => expect(ui.field(dialog, 'Title')).toHaveValue('Purge Cache'));
    await user.type(ui.field(dialog, 'Title'), '!');
    await user.click(ui.button(dialog, 'Update'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(ui.field(dialog, 'Title')).toHaveValue('Purge Cache!');
  });

  it('deletes after a confirmation with PB-06', async () => {
    const { user, backend, currentUrl } = renderPage(`/playbooks?edit=${UI_ID}`);
    const dialog = await ui.dialog('Edit Playbook');
    await waitFor(() => expect(ui.field(dialog, 'Title')).toHaveValue('Purge Cache'));
    await user.click(ui.button(dialog, 'Delete'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Playbook' });
    expect(confirm).toHaveTextContent('Purge Cache');
    expect(backend.playbooks.writes).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await onlyWrite(backend.playbooks)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${UI_ID}` },
      body: { deleted_at: 'now()' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentUrl()).toBe('/playbooks');
    await ui.card('Restart Deployment');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Purge Cache' })).not.toBeInTheDocument(),
    );
  });

  it('offers no New or Edit to a viewer', async () => {
    renderPage('/playbooks', { user: { roles: ['viewer'] } });
    await ui.card('Purge Cache');
    expect(screen.queryByRole('button', { name: 'New Playbook' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /^Edit / })).toHaveLength(0);
  });

  it('leads /playbooks/:id to the playbook form', async () => {
    const { currentUrl } = renderPage(`/playbooks/${UI_ID}`);
    const dialog = await ui.dialog('Edit Playbook');
    await waitFor(() => expect(ui.field(dialog, 'Title')).toHaveValue('Purge Cache'));
    expect(currentUrl()).toBe(`/playbooks?edit=${UI_ID}`);
  });

  it('shows the permissions that name the playbook, in their own dialog', async () => {
    const onPlaybook: PermissionSummary & { deleted_at: null } = {
      id: '5b1f0c1e-2f4e-4d6a-9d8e-000000000001',
      description: 'Responders run Purge Cache',
      source: 'UI',
      action: 'playbook:run',
      playbook_id: UI_ID,
      subject: 'responder',
      subject_type: 'group',
      deny: false,
      deleted_at: null,
      created_at: '2026-01-02T10:00:00Z',
      updated_at: '2026-01-02T10:00:00Z',
    };
    const summary = postgrestTable<PermissionSummary & { deleted_at: null }>(
      'permissions_summary',
      [
        onPlaybook,
        { ...onPlaybook, id: '5b1f0c1e-2f4e-4d6a-9d8e-000000000002', playbook_id: CRD_ID },
      ],
    );
    const { user } = renderPage(`/playbooks?edit=${UI_ID}`);
    const form = await ui.dialog('Edit Playbook');
    await user.click(await within(form).findByRole('button', { name: 'Permissions' }, SLOW));
    const dialog = await ui.dialog('Permissions: Purge Cache');
    const table = await within(dialog).findByRole(
      'table',
      { name: 'Permissions', busy: false },
      SLOW,
    );
    expect(within(table).getAllByText('Responders run Purge Cache')).toHaveLength(1);
    expect(summary.reads[0]!.url.searchParams.get('playbook_id')).toBe(`eq.${UI_ID}`);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Permissions: Purge Cache' })).toBeNull(),
    );
    // The playbook's form is still open, and nothing was saved.
    expect(screen.getByRole('dialog', { name: 'Edit Playbook' })).toBeInTheDocument();
  });
});
