/**
 * The run dialog driven along the `runPlaybook` machine's generated paths
 * (machines/playbooks/runPlaybook.ts) by `driveDialogAlongPaths`: every machine event of a path becomes what the user (or
 * the server) does in the rendered dialog, and after each step the dialog must show what the
 * state the path reached says.
 *
 * The generated state paths (every vertex of the graph) would take minutes in the DOM, so a
 * vertex is kept coarse: the machine's state value, whether the form is valid, whether Run was
 * pressed, and, until the parameters are loaded, the resource asked about. The paths are the
 * shortest path to each such vertex, plus one path for each transition they leave out: for the
 * preset resource every one (Retry, a field left, Run again after a failure), for the resource
 * chosen in the dialog only those that choose another resource (a search in the picker costs
 * a second or two each). Inputs: a playbook that needs a resource, chosen in the dialog, a
 * preset resource (the dialog opened from a config shows no Resource selector, so no
 * `resource.select` is generated for it), and a resubmitted run (its resource and parameters
 * preset: the form shows the run's values, and Run sends them).
 *
 * PB-08 and PB-09 are held by msw until the path's next step answers them (the parameters, a
 * 403, a 500 with a reason; a run id, a 400 with `{error}`), so the spinner and "Running..."
 * stay on screen for as long as the path is in their state.
 */
import '../../support/withMonacoMock';
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { RunPlaybookInput, RunResource } from '../../../machines/playbooks/runPlaybook';
import {
  RUN_PLAYBOOK_MESSAGES,
  canRun,
  runParameterActions,
  runPlaybookMachine,
  visibleErrors,
} from '../../../machines/playbooks/runPlaybook';
import { httpError } from '../../../src/api/errors';
import type { PlaybookParameter } from '../../../src/api/schemas/playbooks';
import { parameterRules, splitBytes } from '../../../src/features/playbooks/model/parameters';
import type { RunPlaybookDialogProps } from '../../../src/features/playbooks/run/RunPlaybookDialog';
import { RunPlaybookDialog } from '../../../src/features/playbooks/run/RunPlaybookDialog';
import { driveDialogAlongPaths } from '../../support/driveDialog';
import { where } from '../../support/machineReplay';
import { renderApp } from '../../support/renderApp';
import { resourceSearch } from '../../support/resourceSearch';
import type { Answer, HeldPlaybooksBackend, HeldRequest } from './playbooksBackend';
import { CONFIG_ID, PLAYBOOK_ID, RUN_ID, heldPlaybooksBackend } from './playbooksBackend';
import { EDIT_AND_RUN } from '../../support/runPlaybookEvents';

type Snapshot = SnapshotFrom<typeof runPlaybookMachine>;
type User = ReturnType<typeof renderApp>['user'];

const OTHER_ID = '018f4b8e-1111-7000-8000-000000000002';
/** The two configs the Resource selector finds, by id: what is typed, and the option's name. */
const CONFIGS: Record<string, { search: string; name: string }> = {
  [CONFIG_ID]: { search: 'checkout', name: 'checkout-api' },
  [OTHER_ID]: { search: 'payments', name: 'payments-api' },
};
const CONFIG: RunResource = { kind: 'config', id: CONFIG_ID };
const OTHER: RunResource = { kind: 'config', id: OTHER_ID };

const PARAMETERS: PlaybookParameter[] = [
  {
    name: 'replicas',
    label: 'Replicas',
    type: 'number',
    required: true,
    default: '2',
    properties: { max: 10 },
  },
  { name: 'memory', label: 'Memory', type: 'bytes', default: '512Mi' },
  { name: 'force', label: 'Force', type: 'checkbox', default: 'true' },
];
const TOO_MANY = 'Must be at most 10';
const LOAD_REASON = 'database is down';
const RUN_REASON = 'parameter replicas is too high';

const PLAYBOOK: RunPlaybookDialogProps['playbook'] = {
  id: PLAYBOOK_ID,
  name: 'scale',
  spec: { configs: [{ types: ['Kubernetes::Deployment'] }] },
};

/** The machine as the console provides it: the parameter rules as its named actions. */
const machine = runPlaybookMachine.provide({ actions: runParameterActions(parameterRules) });

/** The dialog opened from the playbooks list: the resource is chosen in it. */
const CHOOSING: RunPlaybookInput = {
  playbookId: PLAYBOOK_ID,
  needsResource: true,
};
/** The dialog opened from a config: its resource is preset. */
const PRESET: RunPlaybookInput = { ...CHOOSING, resource: CONFIG };
/** Resubmit: the dialog opened from a run, its resource and parameters preset. */
const RESUBMIT: RunPlaybookInput = {
  ...PRESET,
  initialParams: { replicas: '5', memory: '1Gi', force: 'false' },
};

/** An actor's answer as the machine receives it, with the server's answer that causes it. */
type AnsweredEvent = AnyEventObject & { answer: Answer };

const loaded = (): AnsweredEvent => ({
  type: 'xstate.done.actor.loadParameters',
  output: PARAMETERS,
  answer: { status: 200, body: { params: PARAMETERS } },
});
const started = (): AnsweredEvent => ({
  type: 'xstate.done.actor.runPlaybook',
  output: { run_id: RUN_ID },
  answer: { status: 201, body: { run_id: RUN_ID, starts_at: '2026-01-12T10:00:00Z' } },
});
const refused = (
  name: 'loadParameters' | 'runPlaybook',
  status: number,
  reason: string,
): AnsweredEvent => ({
  type: `xstate.error.actor.${name}`,
  error: httpError(status, { error: reason }),
  answer: { status, body: { error: reason } },
});

/** What the user and the server can do in each state, in this dialog. */
function eventsFor(input: RunPlaybookInput) {
  const choosable = input.resource === undefined;
  return (snapshot: Snapshot): AnyEventObject[] => {
    const current = snapshot.context.resource;
    // Choosing another resource: the one not chosen now.
    const select = choosable
      ? [{ type: 'resource.select', resource: current?.id === CONFIG_ID ? OTHER : CONFIG }]
      : [];
    switch (where(snapshot)) {
      case 'choosingResource':
        return [{ type: 'resource.select', resource: CONFIG }];
      case 'loadingParameters':
        return [
          loaded(),
          refused('loadParameters', 403, 'forbidden'),
          refused('loadParameters', 500, LOAD_REASON),
          ...select,
        ];
      case 'loadFailed':
        return [{ type: 'parameters.retry' }, ...select];
      case 'forbidden':
        return select;
      case 'editing.ready':
      case 'editing.failed':
        return [...EDIT_AND_RUN, ...select];
      case 'submitting':
        return [started(), refused('runPlaybook', 400, RUN_REASON)];
      default:
        return [];
    }
  };
}

/**
 * A vertex: the state, whether the form is valid, whether Run was pressed, and, until the
 * parameters are loaded, the resource asked about (so that choosing another resource after a
 * refusal or a failure is a path of its own).
 */
function key(snapshot: Snapshot): string {
  const c = snapshot.context;
  const state = where(snapshot);
  const loaded = state.startsWith('editing') || state === 'submitting' || state === 'done';
  return JSON.stringify([
    state,
    loaded ? null : (c.resource?.id ?? null),
    Object.keys(c.errors).length > 0,
    c.submitted,
  ]);
}

/** An event in a test title, with the value typed or the resource chosen. */
function describeEvent(event: AnyEventObject): string {
  const type = event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:');
  if (event.type === 'field.set') return `${type}(${String(event.value)})`;
  if (event.type === 'resource.select') {
    return `${type}(${CONFIGS[(event.resource as RunResource).id]!.name})`;
  }
  return type;
}

// ---------------------------------------------------------------------------------------------
// The dialog as the user sees it

const ui = {
  runButton: () => screen.getByRole('button', { name: 'Run' }),
  runningButton: () => screen.queryByRole('button', { name: 'Running...' }),
  resource: () => screen.getByRole('combobox', { name: /^Resource/ }),
  spinner: () => screen.queryByRole('progressbar', { name: 'Loading parameters' }),
  replicas: () => screen.queryByLabelText(/^Replicas/, { selector: 'input' }),
  memory: () => screen.getByLabelText(/^Memory/, { selector: 'input' }),
  force: () => screen.getByRole('checkbox', { name: 'Force' }),
  failure: () => document.querySelector('.mc-run-failure'),
};

/** What the dialog must show in the state `snapshot` is in (throws until it does). */
function expectView(snapshot: Snapshot, currentUrl: () => string) {
  const c = snapshot.context;
  const state = where(snapshot);
  if (state === 'done') {
    expect(currentUrl()).toBe(`/playbooks/runs/${RUN_ID}`);
    return;
  }
  expect(currentUrl()).toBe('/catalog');
  if (state === 'choosingResource') {
    expect(screen.getByText(RUN_PLAYBOOK_MESSAGES.chooseResource)).toBeInTheDocument();
  } else {
    expect(screen.queryByText(RUN_PLAYBOOK_MESSAGES.chooseResource)).not.toBeInTheDocument();
  }
  expect(ui.spinner() !== null).toBe(state === 'loadingParameters');
  const alert = within(screen.getByRole('dialog')).queryByRole('alert');
  if (state === 'forbidden') {
    expect(alert).toHaveTextContent(RUN_PLAYBOOK_MESSAGES.forbidden);
  } else if (state === 'loadFailed') {
    expect(alert).toHaveTextContent(c.loadError ?? '');
    expect(c.loadError).toBe(LOAD_REASON);
    expect(within(alert!).getByRole('button', { name: 'Retry' })).toBeEnabled();
  } else if (state !== 'editing.failed') {
    expect(alert).toBeNull();
  }

  const editing = state.startsWith('editing') || state === 'submitting';
  if (!editing) {
    expect(ui.replicas()).toBeNull();
    expect(ui.runButton()).toBeDisabled();
    return;
  }
  expect(ui.replicas()).toHaveValue(String(c.values.replicas));
  expect(ui.memory()).toHaveValue(splitBytes(String(c.values.memory)).amount);
  if (c.values.force === true) expect(ui.force()).toBeChecked();
  else expect(ui.force()).not.toBeChecked();
  const shown = visibleErrors(c);
  if (shown.replicas) expect(screen.getByText(shown.replicas)).toBeInTheDocument();
  else expect(screen.queryByText(TOO_MANY)).not.toBeInTheDocument();
  if (shown.replicas) expect(ui.replicas()).toHaveAttribute('aria-invalid', 'true');
  else expect(ui.replicas()).not.toHaveAttribute('aria-invalid');

  if (state === 'submitting') {
    expect(ui.runningButton()).toBeDisabled();
    expect(ui.replicas()).toBeDisabled();
    return;
  }
  expect(ui.runningButton()).toBeNull();
  if (canRun(c)) expect(ui.runButton()).toBeEnabled();
  else expect(ui.runButton()).toBeDisabled();
  if (state === 'editing.failed') {
    expect(ui.failure()).toHaveTextContent(RUN_REASON);
    expect(screen.getAllByText(RUN_REASON, { selector: `.${Classes.TOAST} *` })).not.toHaveLength(
      0,
    );
  } else {
    expect(ui.failure()).toBeNull();
  }
}

/** The request the server holds now (the last one: an earlier one the dialog gave up on). */
async function heldRequest(queue: HeldRequest[], answered: Set<HeldRequest>) {
  await waitFor(() =>
    expect(queue.filter((request) => !answered.has(request))).not.toHaveLength(0),
  );
  const request = queue[queue.length - 1]!;
  expect(answered.has(request)).toBe(false);
  answered.add(request);
  return request;
}

/** Chooses a config in the dialog's Resource selector. */
async function chooseResource(user: User, resource: RunResource) {
  const { search, name } = CONFIGS[resource.id]!;
  const input = ui.resource();
  await user.clear(input);
  await user.type(input, search);
  const option = await screen.findByRole('option', { name: new RegExp(`^${name}`) });
  await user.click(within(option).getByText(name));
}

/** The dialog, its backend holding PB-08 and PB-09, and the requests already answered. */
interface Rendered {
  user: User;
  currentUrl: () => string;
  backend: HeldPlaybooksBackend;
  answered: Set<HeldRequest>;
}

type RunGesture = (rendered: Rendered, event: AnyEventObject, before: Snapshot) => Promise<void>;

/** The server's answer to the PB-08 request it holds, checking what the dialog asked. */
const answerParameters: RunGesture = async ({ backend, answered }, event, before) => {
  const request = await heldRequest(backend.params, answered);
  expect(request.body).toEqual({ id: PLAYBOOK_ID, config_id: before.context.resource!.id });
  request.answer((event as AnsweredEvent).answer);
};

/** The server's answer to the PB-09 request it holds, checking the run's body. */
const answerRun: RunGesture = async ({ backend, answered }, event, before) => {
  const c = before.context;
  const request = await heldRequest(backend.runs, answered);
  expect(request.body).toEqual({
    id: PLAYBOOK_ID,
    config_id: c.resource!.id,
    params: parameterRules.toParams(c.parameters, c.values),
  });
  request.answer((event as AnsweredEvent).answer);
};

/** What the user (or the server, answering the request it holds) does for each event. */
const GESTURES: Record<string, RunGesture> = {
  'resource.select': ({ user }, event) => chooseResource(user, event.resource as RunResource),
  // The dialog's own alert: a toast of an earlier run may still be on its way out.
  'parameters.retry': ({ user }) =>
    user.click(
      within(within(screen.getByRole('dialog')).getByRole('alert')).getByRole('button', {
        name: 'Retry',
      }),
    ),
  'field.set': async ({ user }, event) => {
    const replicas = ui.replicas()!;
    await user.clear(replicas);
    await user.type(replicas, String(event.value));
  },
  'field.touch': async ({ user }) => {
    await user.click(ui.memory());
    await user.tab();
  },
  // A valid form runs with the button; an invalid one (Run disabled) with Enter in a field.
  run: async ({ user }, _event, before) => {
    if (canRun(before.context)) await user.click(ui.runButton());
    else await user.type(ui.replicas()!, '{Enter}');
  },
  'xstate.done.actor.loadParameters': answerParameters,
  'xstate.error.actor.loadParameters': answerParameters,
  'xstate.done.actor.runPlaybook': answerRun,
  'xstate.error.actor.runPlaybook': answerRun,
};

/** Every state shows as `expectView` says. */
const VIEWS = Object.fromEntries(
  [
    'choosingResource',
    'loadingParameters',
    'loadFailed',
    'forbidden',
    'editing.ready',
    'editing.failed',
    'submitting',
    'done',
  ].map((state) => [
    state,
    (rendered: Rendered, { state: snapshot }: { state: Snapshot }) =>
      expectView(snapshot, rendered.currentUrl),
  ]),
);

let release: (() => void) | undefined;
afterEach(() => {
  release?.();
  release = undefined;
});

/** Renders the dialog for `input`, its backend holding every PB-08 and PB-09 request. */
function renderDialog(input: RunPlaybookInput): Rendered {
  const backend = heldPlaybooksBackend();
  release = backend.release;
  resourceSearch({
    configs: Object.entries(CONFIGS).map(([id, { name }]) => ({
      id,
      name,
      type: 'Kubernetes::Deployment',
    })),
  });
  const { user, currentUrl } = renderApp(
    <RunPlaybookDialog
      playbook={PLAYBOOK}
      onClose={() => undefined}
      {...(input.resource ? { resource: { config_id: input.resource.id } } : {})}
      {...(input.initialParams ? { initialParams: input.initialParams } : {})}
    />,
    { url: '/catalog', userOptions: { delay: null } },
  );
  return { user, currentUrl, backend, answered: new Set() };
}

/** The model of the dialog opened with `input`. */
const modelFor = (input: RunPlaybookInput) => ({
  input,
  events: eventsFor(input),
  serializeState: key,
  render: () => renderDialog(input),
  gestures: GESTURES,
  expectState: VIEWS,
  describeEvent,
});

describe('RunPlaybookDialog along the machine paths', () => {
  // Choosing a resource takes a search in the picker: only the transitions that choose another
  // resource are added for that input; the preset input adds every transition left (Retry, a
  // field left, Run again after a failure).
  const choosingPaths = driveDialogAlongPaths(machine, {
    ...modelFor(CHOOSING),
    title: 'resource chosen in the dialog',
    transitions: (event) => event.type === 'resource.select',
  });
  const presetPaths = driveDialogAlongPaths(machine, {
    ...modelFor(PRESET),
    title: 'preset resource',
    transitions: true,
    // The preset dialog never asks for a resource.
    unreachable: ['choosingResource'],
  });

  // Resubmit: the shortest path to every state, the form starting from the run's values.
  const resubmitPaths = driveDialogAlongPaths(machine, {
    ...modelFor(RESUBMIT),
    title: 'resubmitted run',
    unreachable: ['choosingResource'],
  });

  it('are few enough to drive in the DOM', () => {
    expect(choosingPaths.length + presetPaths.length + resubmitPaths.length).toBeLessThan(65);
  });
});
