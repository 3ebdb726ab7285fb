/**
 * The typed editor of a health check driven along the `typePicker` machine's generated paths
 * (machines/editors/typePicker.ts) by `driveDialogAlongPaths`, on its page (the resource
 * editor's `/settings/canaries/new` and `/settings/canaries/:id`): a new check picks HTTP (a
 * form) or DNS (code only); a stored HTTP check opens on its form. The server's answer to each
 * save or delete is chosen per path before the page opens (done, or refused with its reason);
 * one the path does not answer is held, so "Saving..." or the busy confirmation stays.
 *
 * The shortest path to every vertex, and a path for each transition those leave out (by state
 * and event type, and whether the code parses for Save and Form): every event of every vertex
 * would be over a hundred page renders, over a minute and a half. Saving a
 * new HTTP check from its code is left out: its hidden form still asks for the URL.
 */
import '../../support/withEditableMonacoMock';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { specYamlCodec } from '../../../src/features/editors/model/specYaml';
import type { TypePickerInput, TypedValues } from '../../../machines/editors/typePicker';
import { typePickerActions, typePickerMachine } from '../../../machines/editors/typePicker';
import type { AppPage } from '../../../src/app/routes';
import { checkTypes } from '../../../src/features/editors/checks/checkTypes';
import {
  EDITOR_TEXT,
  TypedResourceEditor,
} from '../../../src/features/editors/TypedResourceEditor';
import {
  inferType,
  pickerTypes,
  typeDefaults,
} from '../../../src/features/editors/model/typedResource';
import { SlotsProvider } from '../../../src/widgets/slots/SlotsProvider';
import { ResourceEditorPage } from '../../../src/features/resources/ResourceEditorPage';
import type { Gesture, ViewCheck } from '../../support/driveDialog';
import { answersInTurn, driveDialogAlongPaths } from '../../support/driveDialog';
import type { MachinePath } from '../../support/machinePaths';
import { actorEvents, describeActorEvent } from '../../support/machineReplay';
import { server } from '../../support/msw';
import {
  CANARIES,
  CANARY_ID,
  FakeJobHistory,
  SLOW,
  resourcesBackend,
} from '../resources/resourcesBackend';
import { renderPages } from '../../support/renderPages';

/** The HTTP form only. */
jest.mock('../../../src/features/editors/checks/forms', () =>
  jest.requireActual('./testCheckForms'),
);
jest.mock('../../../src/features/editors/scrapers/forms', () => ({ SCRAPER_FORMS: {} }));

type Machine = typeof typePickerMachine;
type Snapshot = SnapshotFrom<Machine>;
type Path = MachinePath<Snapshot>;

const TYPES = checkTypes();
const LABELS: Record<string, string> = { http: 'HTTP', dns: 'DNS' };
const STORED: TypedValues = {
  id: CANARY_ID,
  name: 'google',
  namespace: 'default',
  labels: {},
  spec: CANARIES[0]!.spec as Record<string, unknown>,
  source: 'UI',
};
/** The machine as the console provides it: the types' defaults in its `chooseType` action. */
const machine = typePickerMachine.provide({ actions: typePickerActions(typeDefaults(TYPES)) });

const NEW: TypePickerInput = { types: pickerTypes(TYPES), codec: specYamlCodec };
const EDIT: TypePickerInput = {
  types: pickerTypes(TYPES),
  codec: specYamlCodec,
  resource: STORED,
  typeId: inferType(STORED.spec, TYPES),
};

const INVALID_YAML = 'http:\n  - url: [unclosed';
const VALID_YAML: Record<string, string> = {
  http: 'http:\n  - name: google\n    url: https://example.org\n',
  dns: 'dns:\n  - name: resolver\n',
};
const REFUSAL = 'duplicate key value violates unique constraint';

const [SAVE_DONE, SAVE_ERROR] = actorEvents('save');
const [REMOVE_DONE, REMOVE_ERROR] = actorEvents('remove');
const ANSWERS = new Set([SAVE_DONE, SAVE_ERROR, REMOVE_DONE, REMOVE_ERROR]);

const hasForm = (typeId: string | undefined) => typeId === 'http';

/** What the user and the server can do in each state of the editor. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const c = snapshot.context;
  const values = c.values;
  const back = c.isNew ? [{ type: 'back' }] : [{ type: 'delete.request' }];
  const parses = !c.yaml.includes('[unclosed');
  switch (snapshot.value) {
    case 'picking':
      return [
        { type: 'type.pick', typeId: 'http' },
        { type: 'type.pick', typeId: 'dns' },
      ];
    case 'editingForm':
      return [{ type: 'view.code', values }, { type: 'save', values }, ...back];
    case 'editingCode':
      return [
        { type: 'code.change', text: parses ? INVALID_YAML : VALID_YAML[c.typeId!]! },
        ...(hasForm(c.typeId) ? [{ type: 'view.form', values }] : []),
        ...(!c.isNew || !hasForm(c.typeId) ? [{ type: 'save', values }] : []),
        ...back,
      ];
    case 'confirmingDelete':
      return [{ type: 'delete.confirm' }, { type: 'delete.cancel' }];
    case 'saving':
      return [
        { type: SAVE_DONE, output: {} },
        { type: SAVE_ERROR, error: new Error(REFUSAL) },
      ];
    case 'deleting':
      return [
        { type: REMOVE_DONE, output: {} },
        { type: REMOVE_ERROR, error: new Error(REFUSAL) },
      ];
    case 'failed':
      return [{ type: 'save', values }, ...back];
    default:
      return [];
  }
}

/**
 * A vertex: the state and the type; while editing, the view and whether the code parses. (What
 * a failure leaves, and the view under the confirmation or a request, make no vertex of their
 * own: the paths stay few enough to render.)
 */
function key(snapshot: Snapshot): string {
  const c = snapshot.context;
  const editing = snapshot.value === 'editingForm' || snapshot.value === 'editingCode';
  return JSON.stringify([
    snapshot.value,
    c.typeId ?? null,
    editing ? [c.view, c.yaml.includes('[unclosed')] : null,
  ]);
}

/** The answers of the path's writes, in order: done or refused (one past them is held). */
function answersOf(path: Path): Array<'done' | 'refused'> {
  return path.steps
    .filter(({ event }) => ANSWERS.has(event.type))
    .map(({ event }) =>
      event.type === SAVE_DONE || event.type === REMOVE_DONE ? 'done' : 'refused',
    );
}

const access = { resource: 'teams' as const };
const PAGES: AppPage[] = [
  { path: '/settings/:table', load: async () => () => <h1>Health checks list</h1>, access },
  {
    path: '/settings/:table/:id',
    load: async () => () => (
      <SlotsProvider slots={{ TypedEditor: TypedResourceEditor, JobHistory: FakeJobHistory }}>
        <ResourceEditorPage />
      </SlotsProvider>
    ),
    access,
  },
];

/** The editor's page, its writes answered as the path says. */
function renderEditor(url: string, path: Path) {
  const backend = resourcesBackend();
  const answer = answersInTurn(answersOf(path));
  let writes = 0;
  const write = async () => {
    writes += 1;
    if ((await answer()) === 'refused') {
      return HttpResponse.json({ message: REFUSAL }, { status: 409 });
    }
    // Done (or held until the test ends): the table of the backend takes the write.
    return undefined;
  };
  server.use(
    http.post('*/api/db/canaries', write),
    http.patch('*/api/db/canaries', write),
    http.delete('*/api/db/canaries', write),
    // The agents a health check may run on (AGENT-08): none registered.
    http.get('*/api/db/agents', () => HttpResponse.json([])),
  );
  const rendered = renderPages(PAGES, url);
  return { ...rendered, backend, writes: () => writes };
}

type Rendered = ReturnType<typeof renderEditor>;

const ui = {
  form: (type: string) => screen.getByRole('form', { name: type }),
  field: (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}(\\s|$)`) }),
  code: () => screen.queryByRole('textbox', { name: 'Code' }),
  tab: (name: 'Form' | 'Code') => screen.queryByRole('tab', { name }),
  button: (name: string | RegExp) => screen.getByRole('button', { name }),
  submit: () =>
    screen.getByRole('button', {
      name: new RegExp(`^(${EDITOR_TEXT.save}|${EDITOR_TEXT.update}|${EDITOR_TEXT.saving})$`),
    }),
  confirm: () => screen.queryByRole('alertdialog', { name: EDITOR_TEXT.deleteTitle }),
  alerts: () => screen.queryAllByRole('alert').map((alert) => alert.textContent ?? ''),
};

/** Types `text` into an empty field. */
async function fill({ user }: Rendered, label: string, text: string) {
  const field = ui.field(label);
  if ((field as HTMLInputElement).value === '') await user.type(field, text);
}

const GESTURES: Record<string, Gesture<Machine, Rendered>> = {
  'type.pick': async ({ user }, event) =>
    user.click(await screen.findByRole('button', { name: LABELS[String(event.typeId)] }, SLOW)),
  'view.code': ({ user }) => user.click(ui.tab('Code')!),
  'view.form': ({ user }) => user.click(ui.tab('Form')!),
  'code.change': async ({ user }, event) => {
    const code = ui.code()!;
    await user.clear(code);
    await user.click(code);
    await user.paste(String(event.text));
  },
  // The required fields filled (what the form asks is not the machine's), then Save or Update.
  save: async (rendered, _event, before) => {
    await fill(rendered, 'Name', 'homepage');
    if (hasForm(before.context.typeId) && before.context.view === 'form') {
      await fill(rendered, 'Check name', 'homepage');
      await fill(rendered, 'URL', 'https://example.org');
    }
    await rendered.user.click(ui.submit());
  },
  back: ({ user }) => user.click(ui.button(EDITOR_TEXT.back)),
  'delete.request': ({ user }) => user.click(ui.button(EDITOR_TEXT.delete)),
  'delete.confirm': ({ user }) =>
    user.click(within(ui.confirm()!).getByRole('button', { name: EDITOR_TEXT.delete })),
  'delete.cancel': ({ user }) =>
    user.click(within(ui.confirm()!).getByRole('button', { name: 'Cancel' })),
};

/** The chosen type's editor, in its view, with the reason the code does not parse. */
function expectEditor({ context }: Snapshot) {
  const type = LABELS[context.typeId!]!;
  expect(ui.form(type)).toBeInTheDocument();
  if (hasForm(context.typeId)) {
    expect(ui.tab(context.view === 'code' ? 'Code' : 'Form')).toHaveAttribute(
      'aria-selected',
      'true',
    );
  } else {
    expect(ui.tab('Form')).toBeNull();
  }
  expect(ui.code() !== null).toBe(context.view === 'code');
  if (context.parseError) expect(ui.alerts()).toContain(context.parseError);
  else expect(ui.alerts().filter((text) => text.startsWith('Invalid YAML'))).toEqual([]);
  expect(ui.confirm()).toBeNull();
  // Back to the picker for a new check, Delete for a stored one.
  expect(screen.queryByRole('button', { name: EDITOR_TEXT.back }) !== null).toBe(context.isNew);
  expect(screen.queryByRole('button', { name: EDITOR_TEXT.delete }) !== null).toBe(!context.isNew);
}

/** The editor can be used: no save or delete under way. */
function expectIdle({ context }: Snapshot) {
  expect(ui.submit()).toHaveTextContent(context.isNew ? EDITOR_TEXT.save : EDITOR_TEXT.update);
  expect(ui.submit()).toBeEnabled();
}

/** The server's reason for the last failed save or delete, until the next one starts. */
function expectFailure({ context }: Snapshot) {
  if (context.error) expect(ui.alerts()).toContain(context.error);
  else expect(ui.alerts()).not.toContain(REFUSAL);
}

/** Saved or deleted: back on the list. */
const backToList: ViewCheck<Machine, Rendered> = ({ currentUrl }) => {
  expect(currentUrl()).toBe('/settings/canaries');
  expect(screen.getByRole('heading', { name: 'Health checks list' })).toBeInTheDocument();
};

const VIEWS: Record<string, ViewCheck<Machine, Rendered>> = {
  picking: () => {
    const picker = screen.getByRole('region', { name: EDITOR_TEXT.pickTitle.check });
    expect(within(picker).getByRole('list', { name: 'Types' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  },
  editingForm: (_rendered, { state }) => {
    expectEditor(state);
    expectIdle(state);
    expectFailure(state);
  },
  editingCode: (_rendered, { state }) => {
    expectEditor(state);
    expectIdle(state);
    expectFailure(state);
  },
  confirmingDelete: () => {
    const confirm = ui.confirm();
    expect(confirm).toHaveTextContent(EDITOR_TEXT.confirmDelete);
    expect(within(confirm!).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
  deleting: () => {
    expect(within(ui.confirm()!).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
  saving: () => {
    expect(ui.submit()).toHaveTextContent(EDITOR_TEXT.saving);
    expect(ui.submit()).toBeDisabled();
  },
  failed: (_rendered, { state }) => {
    expectEditor(state);
    expectIdle(state);
    // The server's reason, the values kept.
    expectFailure(state);
    expect(state.context.error).toBe(REFUSAL);
    expect(ui.field('Name')).not.toHaveValue('');
  },
  saved: backToList,
  deleted: backToList,
};

/** Writes sent: one per save that got past the form and the code, one per confirmed delete. */
function expectWrites({ writes }: Rendered, path: Path) {
  const entered = path.steps.filter(
    ({ state, event }) =>
      (state.value === 'saving' || state.value === 'deleting') && !ANSWERS.has(event.type),
  ).length;
  expect(writes()).toBe(entered);
}

const describeEvent = (event: AnyEventObject) => {
  if (event.type === 'type.pick') return `pick(${String(event.typeId)})`;
  if (event.type === 'code.change') {
    return String(event.text).includes('[unclosed') ? 'code(invalid)' : 'code(valid)';
  }
  return describeActorEvent(event);
};

describe('the typed editor along the machine’s paths', () => {
  const common = {
    events: eventsFor,
    serializeState: key,
    transitions: true,
    // A transition by state and event type; saving or showing the form from code that does not
    // parse is one of its own (the reason shows, the code stays).
    edgeOf: (before: Snapshot, event: AnyEventObject) =>
      `${String(before.value)} ${event.type}${
        before.context.yaml.includes('[unclosed') &&
        (event.type === 'save' || event.type === 'view.form')
          ? ' (invalid)'
          : ''
      }`,
    locate: (snapshot: Snapshot) => String(snapshot.value),
    gestures: GESTURES,
    expectState: VIEWS,
    describeEvent,
    afterPath: expectWrites,
  };
  driveDialogAlongPaths(machine, {
    ...common,
    title: 'new check',
    input: NEW,
    render: (path) => renderEditor('/settings/canaries/new', path),
    // A new check is never deleted.
    unreachable: ['confirmingDelete', 'deleting', 'deleted'],
  });
  driveDialogAlongPaths(machine, {
    ...common,
    title: 'stored check',
    input: EDIT,
    render: (path) => renderEditor(`/settings/canaries/${CANARY_ID}`, path),
    // A stored check opens in its type's editor.
    unreachable: ['picking'],
  });
});
