import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { TypedResourceEditor } from '../../../src/features/editors/TypedResourceEditor';
import type { TypedResourceValues } from '../../../src/features/editors/types';
import { SCHEDULE_PRESETS_BY_KIND } from '../../../src/ui/form/ScheduleField';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import { confirmDelete } from '../../support/confirm';
import { schedulePresets } from '../../support/schedulePresets';

jest.mock('../../../src/ui/CodeEditor/monacoSetup', () => ({}));
/** Monaco as a plain text area, so the spec can be typed into. */
jest.mock('@monaco-editor/react', () => jest.requireActual('../../support/monacoEditableMock'));

/** The HTTP form only. */
jest.mock('../../../src/features/editors/checks/forms', () =>
  jest.requireActual('./testCheckForms'),
);
jest.mock('../../../src/features/editors/scrapers/forms', () => ({ SCRAPER_FORMS: {} }));

/** The health-check schema (MISC-06) as a CRD schema: the editor checks the spec part. */
const CANARY_SCHEMA = {
  $ref: '#/$defs/Canary',
  $defs: {
    Canary: {
      type: 'object',
      properties: { kind: { type: 'string' }, spec: { $ref: '#/$defs/CanarySpec' } },
    },
    CanarySpec: {
      type: 'object',
      properties: { http: { type: 'array', items: { type: 'object', required: ['url'] } } },
    },
  },
};

const STORED: TypedResourceValues = {
  id: 'c-1',
  name: 'web',
  namespace: 'default',
  source: 'UI',
  labels: { team: 'ops' },
  spec: { schedule: '@every 1m', http: [{ name: 'web', url: 'https://example.com' }] },
};

const ui = {
  card: (label: string) => screen.findByRole('button', { name: label }),
  field: (label: string) => screen.getByLabelText(new RegExp(`^${label}`)),
  code: () => screen.findByRole('textbox', { name: 'Code' }),
  tab: (name: 'Form' | 'Code') => screen.getByRole('tab', { name }),
  button: (name: string | RegExp) => screen.getByRole('button', { name }),
  queryButton: (name: string) => screen.queryByRole('button', { name }),
};

const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';
const EDGE_AGENT = '0190d1a2-7c4e-7000-8000-0000000a9e01';
/** AGENT-08: the local agent and two registered ones. */
const AGENTS = [
  { id: LOCAL_AGENT, name: 'local', description: 'This Mission Control instance' },
  { id: '0190d1a2-7c4e-7000-8000-0000000a9e02', name: 'prod-west', description: null },
  { id: EDGE_AGENT, name: 'edge-east', description: null },
];

function renderEditor(props: Partial<Parameters<typeof TypedResourceEditor>[0]> = {}) {
  server.use(
    http.get('*/api/db/agents', () => HttpResponse.json(AGENTS)),
    http.get('*/api/schemas/canary.schema.json', () => HttpResponse.json(CANARY_SCHEMA)),
    http.get('*/api/schemas/scrape_config.schema.json', () =>
      HttpResponse.json({ error: 'not found' }, { status: 404 }),
    ),
  );
  const save = jest.fn<Promise<unknown>, [TypedResourceValues]>(async () => ({}));
  const onSaved = jest.fn();
  const view = renderApp(
    <TypedResourceEditor family="check" save={save} onSaved={onSaved} {...props} />,
  );
  return { ...view, save, onSaved };
}

describe('TypedResourceEditor: a new health check', () => {
  it('picks HTTP, keeps the values across Form and Code, and saves them', async () => {
    const { user, save, onSaved } = renderEditor();
    // The picker: sorted cards, each with a documentation link that does not pick.
    const list = await screen.findByRole('list', { name: 'Types' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Alert Manager');
    expect(screen.getByRole('link', { name: 'HTTP documentation' })).toHaveAttribute(
      'href',
      'https://canarychecker.io/reference/http',
    );
    await user.click(await ui.card('HTTP'));

    expect(await screen.findByRole('form', { name: 'HTTP' })).toBeInTheDocument();
    await user.type(ui.field('Name'), 'homepage');
    await user.type(ui.field('URL'), 'https://example.org');
    await user.type(ui.field('Schedule'), '@every 5m');

    await user.click(ui.tab('Code'));
    const code = await ui.code();
    expect((code as HTMLTextAreaElement).value).toBe(
      'http:\n  - name: homepage\n    method: GET\n    url: https://example.org\n',
    );
    // The code's changes are read back into the form.
    await user.clear(code);
    await user.click(code);
    await user.paste('http:\n  - name: homepage\n    url: https://example.net\n');
    await user.click(ui.tab('Form'));
    expect(await screen.findByRole('textbox', { name: /^URL/ })).toHaveValue('https://example.net');
    expect(ui.field('Name')).toHaveValue('homepage');
    // The entry's own name, given in the code, is still there once the form shows again.
    expect(ui.field('Check name')).toHaveValue('homepage');
    expect(ui.field('Schedule')).toHaveValue('@every 5m');

    await user.click(ui.button('Save'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({
      name: 'homepage',
      labels: {},
      spec: { schedule: '@every 5m', http: [{ name: 'homepage', url: 'https://example.net' }] },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  });

  it('keeps YAML that does not parse in the code, with the reason', async () => {
    const { user, save } = renderEditor();
    await user.click(await ui.card('HTTP'));
    await user.type(ui.field('Name'), 'api');
    await user.click(ui.tab('Code'));
    const code = await ui.code();
    await user.clear(code);
    await user.click(code);
    await user.paste('http:\n  - url: [unclosed');
    await user.click(ui.tab('Form'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid YAML: /);
    expect(ui.tab('Code')).toHaveAttribute('aria-selected', 'true');
    expect(await ui.code()).toHaveValue('http:\n  - url: [unclosed');
    await user.click(ui.button('Save'));
    expect(save).not.toHaveBeenCalled();
  });

  it('checks the code against the spec part of the schema', async () => {
    const { user } = renderEditor();
    await user.click(await ui.card('HTTP'));
    await user.click(ui.tab('Code'));
    const code = await ui.code();
    await user.clear(code);
    await user.click(code);
    await user.paste('http:\n  - name: api\n');
    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(problems).toHaveTextContent("/http/0: must have required property 'url'");
  });

  it('requires a Name and the form’s own required fields, shown once Save is pressed', async () => {
    const { user, save } = renderEditor();
    await user.click(await ui.card('HTTP'));
    await user.click(ui.button('Save'));
    // Name, the entry's name and its URL.
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(save).not.toHaveBeenCalled();
  });

  it('edits a code-only type as code, its entry named after the resource; Back returns to the picker', async () => {
    const { user, save } = renderEditor();
    await user.click(await ui.card('DNS'));
    expect(screen.queryByRole('tab', { name: 'Form' })).not.toBeInTheDocument();
    expect(ui.queryButton('Delete')).not.toBeInTheDocument();
    await user.type(ui.field('Name'), 'resolver');
    const code = await ui.code();
    expect(code).toHaveValue('dns:\n  - name: resolver\n');
    await user.click(ui.button('Back'));
    expect(await screen.findByRole('list', { name: 'Types' })).toBeInTheDocument();
    await user.click(await ui.card('Custom'));
    expect(await ui.code()).toHaveValue('');
    expect(save).not.toHaveBeenCalled();
  });

  it('offers the short kind’s schedule presets to a check, the scraper kind’s to a scraper', async () => {
    const check = renderEditor();
    await check.user.click(await ui.card('HTTP'));
    await screen.findByRole('form', { name: 'HTTP' });
    const values = () =>
      schedulePresets(screen.getByRole('combobox', { name: 'Schedule' })).map((p) => p.value);
    expect(values()).toEqual(SCHEDULE_PRESETS_BY_KIND.short);
    check.unmount();

    const scraper = renderEditor({ family: 'scraper' });
    await scraper.user.click(await ui.card('Custom'));
    await screen.findByRole('form', { name: 'Custom' });
    expect(values()).toEqual(SCHEDULE_PRESETS_BY_KIND.scraper);
  });

  it('finds types with the search and picks with the keyboard', async () => {
    const { user } = renderEditor();
    await user.type(await screen.findByRole('searchbox', { name: 'Search types' }), 'tcp');
    const list = screen.getByRole('list', { name: 'Types' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await user.tab();
    expect(ui.button('TCP')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('form', { name: 'TCP' })).toBeInTheDocument();
  });
});

describe('TypedResourceEditor: a stored health check', () => {
  it('opens in its inferred type with Update and Delete, and shows why a save failed', async () => {
    const remove = jest.fn(async () => undefined);
    const onDeleted = jest.fn();
    const save = jest.fn<Promise<unknown>, [TypedResourceValues]>(async () => {
      throw new Error('duplicate key value violates unique constraint');
    });
    const { user } = renderEditor({ resource: STORED, save, remove, onDeleted });
    expect(await screen.findByRole('form', { name: 'HTTP' })).toBeInTheDocument();
    expect(ui.field('Name')).toHaveValue('web');
    expect(ui.field('URL')).toHaveValue('https://example.com');
    expect(ui.queryButton('Back')).not.toBeInTheDocument();

    await user.click(ui.button('Update'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'duplicate key value violates unique constraint',
    );
    expect(save.mock.calls[0]?.[0]).toEqual(STORED);
    expect(ui.field('URL')).toHaveValue('https://example.com');

    await user.click(ui.button('Delete'));
    await confirmDelete(user, 'Are you sure you want to delete this resource?');
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('mirrors the entry name while it equals the resource name', async () => {
    const { user, save } = renderEditor({ resource: STORED });
    await screen.findByRole('form', { name: 'HTTP' });
    await user.type(ui.field('Name'), '-2');
    await user.click(ui.button('Update'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0].spec).toEqual({
      schedule: '@every 1m',
      http: [{ name: 'web-2', url: 'https://example.com' }],
    });
  });

  it('read-only: fields disabled, the banner, no Save, Update or Delete', async () => {
    renderEditor({
      resource: { ...STORED, source: 'KubernetesCRD' },
      readOnly: true,
      remove: jest.fn(),
    });
    expect(await screen.findByRole('form', { name: 'HTTP' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Read-Only Mode: This resource is managed by Kubernetes CRD and cannot be edited from the UI.',
    );
    expect(ui.field('Name')).toBeDisabled();
    expect(ui.field('URL')).toBeDisabled();
    for (const name of ['Save', 'Update', 'Delete', 'Back']) {
      expect(ui.queryButton(name)).not.toBeInTheDocument();
    }
  });
});

describe('TypedResourceEditor: the agent of a health check', () => {
  const agentSelect = () => screen.getByRole('combobox', { name: /^Agent/ });
  const optionLabels = () =>
    within(agentSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('offers local and the registered agents, and saves the chosen one as agent_id', async () => {
    const { user, save } = renderEditor();
    await user.click(await ui.card('HTTP'));
    await screen.findByRole('form', { name: 'HTTP' });
    expect(agentSelect()).toHaveValue(LOCAL_AGENT);
    await waitFor(() => expect(optionLabels()).toEqual(['local', 'edge-east', 'prod-west']));
    await user.type(ui.field('Name'), 'edge');
    await user.type(ui.field('URL'), 'https://edge.example.org');
    await user.selectOptions(agentSelect(), 'edge-east');
    await user.click(ui.button('Save'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toMatchObject({ name: 'edge', agent_id: EDGE_AGENT });
  });

  it('opens a stored check on its agent, and saves local once local is chosen', async () => {
    const { user, save } = renderEditor({ resource: { ...STORED, agent_id: EDGE_AGENT } });
    await screen.findByRole('form', { name: 'HTTP' });
    await waitFor(() => expect(agentSelect()).toHaveValue(EDGE_AGENT));
    await user.selectOptions(agentSelect(), 'local');
    await user.click(ui.button('Update'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({ ...STORED, agent_id: LOCAL_AGENT });
  });

  it('asks no agent of a scraper', async () => {
    renderEditor({ family: 'scraper', resource: { id: 's-1', name: 'c', spec: {} } });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Agent/ })).toBeNull();
  });
});

describe('TypedResourceEditor: a stored scraper', () => {
  it('opens a spec whose type has no form in the code, labelled with its type', async () => {
    const save = jest.fn<Promise<unknown>, [TypedResourceValues]>(async () => ({}));
    const { user } = renderEditor({
      family: 'scraper',
      save,
      resource: {
        id: 's-1',
        name: 'cluster',
        spec: { retention: { changes: [] }, kubernetes: [{ clusterName: 'prod' }] },
      },
    });
    expect(await screen.findByRole('form', { name: 'Kubernetes' })).toBeInTheDocument();
    expect(await ui.code()).toHaveValue(
      'retention:\n  changes: []\nkubernetes:\n  - clusterName: prod\n',
    );
    await user.click(ui.button('Update'));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({
      id: 's-1',
      name: 'cluster',
      labels: {},
      spec: { retention: { changes: [] }, kubernetes: [{ clusterName: 'prod' }] },
    });
  });
});
