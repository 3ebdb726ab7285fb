import '../../support/withMonacoMock';
import { Button, Classes } from '@blueprintjs/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { AnyEventObject, InspectionEvent, SnapshotFrom } from 'xstate';
import type { EvidenceDraft } from '../../../machines/incidents/linkToIncident';
import { linkToIncidentMachine } from '../../../machines/incidents/linkToIncident';
import { systemApi } from '../../../src/api/endpoints/system';
import { ChangeDialog } from '../../../src/features/catalog/changes/ChangeDialog';
import { ComponentDetailsPanel } from '../../../src/features/topology/ComponentDetailsPanel';
import { httpError } from '../../../src/api/errors';
import { CheckDetailDialog } from '../../../src/features/health/detail/CheckDetailDialog';
import {
  CLEANUP_FAILED,
  LINK_FAILURE_TITLES,
  LinkToIncidentDialog,
} from '../../../src/features/incidents/link/LinkToIncidentDialog';
import { OPEN_INCIDENT } from '../../../src/features/incidents/link/linkedOutcome';
import { defaultPreferences } from '../../../src/shell/preferencesSlice';
import { clearToasts } from '../../../src/ui/toaster';
import {
  changeEvidence,
  checkEvidence,
  componentEvidence,
  configEvidence,
  insightEvidence,
} from '../../../src/widgets/attachEvidence';
import {
  coverageRecorder,
  emptyCoverage,
  expectAllStates,
  recordRun,
} from '../../support/machineCoverage';
import type { MachinePath } from '../../support/machinePaths';
import { eventsOf, generatePaths } from '../../support/machinePaths';
import type { RenderAppOptions } from '../../support/renderApp';
import { renderApp } from '../../support/renderApp';
import { driveDialogAlongPaths } from '../../support/driveDialog';
import { DEFAULT_USER, disabledFeatures } from '../../support/shellHandlers';
import {
  ITEM,
  ITEM_ID,
  INSIGHTS,
  INSIGHT_ID,
  configItemBackend,
} from '../catalog/item/configItemBackend';
import { POD_ID, PULLED_ID, changeDialogBackend } from '../catalog/changes/changesBackend';
import { CHECK_ID, checkBackend } from '../health/detail/checkBackend';
import { COMPONENT, FULL, componentDetailsBackend } from '../topology/details/fixtures';
import type { LinkActor, LinkBackend, LinkPlan } from './linkBackend';
import { CREATED, INCIDENTS, REFUSALS, hypothesesOf, linkBackend } from './linkBackend';
import { inertMachine, vertexKey, where } from '../../support/machineReplay';
import { pagesAt, renderPages } from '../../support/renderPages';

// The check dialog's chart and editor need a real browser.
jest.mock('uplot', () => jest.requireActual('../../support/uplotMock'));

type Snapshot = SnapshotFrom<typeof linkToIncidentMachine>;
type Path = MachinePath<Snapshot>;

const EVIDENCE = checkEvidence({
  id: 'check-1',
  name: 'payments-api-health',
  icon: 'http',
  status: 'unhealthy',
});
const INPUT = { evidence: EVIDENCE };
const USER_ID = DEFAULT_USER.id;
const CHECKOUT_OUTAGE = INCIDENTS[0]!;
const CHECKOUT_LATENCY = INCIDENTS[1]!;
const NEW_TITLE = 'Payments down';
const NEW_HYPOTHESIS = 'Bad deploy';
/** The hypothesis chosen among several (inc-2's factor). */
const CHOSEN = hypothesesOf(CHECKOUT_LATENCY.id).find((h) => h.id === 'h-2b')!;

/** What the dialog shows the user, by role and name. */
const ui = {
  dialog: () => screen.findByRole('dialog', { name: 'Link to Incident' }),
  queryDialog: () => screen.queryByRole('dialog', { name: 'Link to Incident' }),
  incident: () => screen.getByRole('combobox', { name: 'Incident' }),
  hypothesis: () => screen.getByLabelText(/^Hypothesis/),
  newHypothesis: () => screen.getByRole('textbox', { name: 'New hypothesis title' }),
  type: () => screen.getByRole('combobox', { name: 'Type' }),
  severity: () => screen.getByRole('combobox', { name: 'Severity' }),
  description: () => screen.getByRole('textbox', { name: /^Description/ }),
  link: () => screen.getByRole('button', { name: /^Link/ }),
  cancel: () => screen.getByRole('button', { name: 'Cancel' }),
  attach: () => screen.queryByRole('button', { name: 'Attach as Evidence' }),
};

// ---------------------------------------------------------------------------------------------
// The machine's paths, as the dialog can take them
// ---------------------------------------------------------------------------------------------

const done = (actor: LinkActor, output: unknown) => ({
  type: `xstate.done.actor.${actor}`,
  output,
});

/** An actor's failure as the server words it (the console's message for the step). */
function failed(actor: LinkActor) {
  const reason = REFUSALS[actor];
  const message =
    actor === 'deleteHypothesis' ? `Could not delete the hypothesis's comments: ${reason}` : reason;
  return { type: `xstate.error.actor.${actor}`, error: httpError(500, { message }) };
}

/**
 * What the user can do in each state (only what the dialog offers: a hypothesis is chosen from
 * the loaded list, a severity only for a new incident, Retry only after a failed read), and the
 * backend's possible answers, each as the dialog's backend gives it.
 */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const c = snapshot.context;
  switch (where(snapshot)) {
    case 'editing.ready': {
      const events: AnyEventObject[] = [
        { type: 'incident.select', id: CHECKOUT_OUTAGE.id, title: CHECKOUT_OUTAGE.title },
        { type: 'incident.select', id: CHECKOUT_LATENCY.id, title: CHECKOUT_LATENCY.title },
        { type: 'incident.create', title: NEW_TITLE },
        { type: 'submit' },
        { type: 'close' },
      ];
      if (c.incident.kind === 'new') {
        events.push(
          { type: 'hypothesis.create', title: NEW_HYPOTHESIS },
          { type: 'field.set', field: 'severity', value: '' },
        );
      }
      if (c.incident.kind === 'existing' && c.hypothesesError === undefined) {
        events.push({ type: 'hypothesis.create', title: NEW_HYPOTHESIS });
        if (c.hypotheses.some((h) => h.id === CHOSEN.id)) {
          events.push({ type: 'hypothesis.select', id: CHOSEN.id });
        }
      }
      if (c.incident.kind === 'existing' && c.hypothesesError !== undefined) {
        events.push({ type: 'hypotheses.retry' });
      }
      return events;
    }
    case 'editing.loadingHypotheses':
      return c.incident.kind === 'existing'
        ? [done('loadHypotheses', hypothesesOf(c.incident.id)), failed('loadHypotheses')]
        : [];
    case 'submitting.creatingIncident':
      return [done('createIncident', { id: CREATED.incidentId }), failed('createIncident')];
    case 'submitting.creatingHypothesis':
      return [done('createHypothesis', { id: CREATED.hypothesisId }), failed('createHypothesis')];
    case 'submitting.attachingEvidence':
      return [done('attachEvidence', {}), failed('attachEvidence')];
    case 'compensating.removingHypothesis':
      return [done('deleteHypothesis', null), failed('deleteHypothesis')];
    case 'compensating.removingIncident':
      return [done('deleteIncident', null), failed('deleteIncident')];
    default:
      return [];
  }
}

/** A vertex: what decides what the dialog shows and offers next. */
const key = vertexKey<Snapshot>((c) => [
  c.incident.kind === 'existing' ? c.incident.id : c.incident.kind,
  c.hypothesis.kind,
  Boolean(c.type && c.severity),
  c.hypotheses.map((h) => h.id),
  c.hypothesesError !== undefined,
  Object.keys(c.errors).length > 0,
  c.failure ? (c.failure.cleanupMessage ? 'cleanup failed' : c.failure.step) : 'none',
  Object.keys(c.created).length,
]);

const { statePaths, transitionPaths } = generatePaths(linkToIncidentMachine, {
  input: INPUT,
  events: eventsFor,
  serializeState: key,
});

const ACTOR_EVENT = /^xstate\.(done|error)\.actor\.(\w+)$/;

/** One step in words: `incident.select(Checkout outage)→editing.loadingHypotheses`. */
function describeEvent(event: AnyEventObject): string {
  const actor = ACTOR_EVENT.exec(event.type);
  if (actor) return `${actor[1]}:${actor[2]}`;
  const e = event as AnyEventObject & {
    id?: string;
    title?: string;
    field?: string;
    value?: string;
  };
  if (e.type === 'field.set') return `field.set(${e.field}=${e.value})`;
  if (e.title !== undefined) return `${e.type}(${e.title})`;
  if (e.id !== undefined) return `${e.type}(${e.id})`;
  return e.type;
}

const describePath = (path: Path) =>
  path.steps
    .filter((step) => step.event.type !== 'xstate.init')
    .map((step) => `${describeEvent(step.event)}→${where(step.state)}`)
    .join(' ');

/** The shortest generated path whose description passes `test`. */
function pathWhere(test: (description: string) => boolean): Path {
  const found = [...statePaths, ...transitionPaths]
    .filter((path) => test(describePath(path)))
    .sort((a, b) => a.steps.length - b.steps.length)[0];
  if (!found) throw new Error('no generated path is described so');
  return found;
}

/**
 * The paths driven through the dialog: together they reach every state of the machine (checked
 * at the end from what the dialog's own machine reported).
 */
const SCENARIOS: Array<[string, Path]> = [
  [
    'links to a new incident, its root hypothesis titled by the incident',
    pathWhere(
      (d) =>
        d.startsWith(`incident.create(${NEW_TITLE})`) &&
        !d.includes('hypothesis.') &&
        d.endsWith('done:attachEvidence→linked'),
    ),
  ],
  [
    'links to a new incident with a typed hypothesis',
    pathWhere(
      (d) =>
        d.startsWith(`incident.create(${NEW_TITLE})`) &&
        d.includes(`hypothesis.create(${NEW_HYPOTHESIS})`) &&
        d.endsWith('done:attachEvidence→linked'),
    ),
  ],
  [
    'links to an existing incident under its only hypothesis, chosen for the user',
    pathWhere(
      (d) =>
        d ===
        `incident.select(${CHECKOUT_OUTAGE.title})→editing.loadingHypotheses done:loadHypotheses→editing.ready submit→submitting.attachingEvidence done:attachEvidence→linked`,
    ),
  ],
  [
    'links to an existing incident under the hypothesis chosen among several',
    pathWhere(
      (d) =>
        d.startsWith(`incident.select(${CHECKOUT_LATENCY.title})`) &&
        d.includes(`hypothesis.select(${CHOSEN.id})`) &&
        d.endsWith('done:attachEvidence→linked'),
    ),
  ],
  ['says an incident is needed', pathWhere((d) => d === 'submit→editing.ready')],
  [
    'says a hypothesis is needed when the incident has several',
    pathWhere(
      (d) =>
        d ===
        `incident.select(${CHECKOUT_LATENCY.title})→editing.loadingHypotheses done:loadHypotheses→editing.ready submit→editing.ready`,
    ),
  ],
  [
    'says a severity is needed for a new incident',
    pathWhere(
      (d) =>
        d ===
        `incident.create(${NEW_TITLE})→editing.ready field.set(severity=)→editing.ready submit→editing.ready`,
    ),
  ],
  [
    'reports a failed read of the hypotheses and reads them again on Retry',
    pathWhere(
      (d) =>
        d.includes(
          'error:loadHypotheses→editing.ready hypotheses.retry→editing.loadingHypotheses',
        ) && d.endsWith('done:loadHypotheses→editing.ready'),
    ),
  ],
  [
    'reports a refused incident and leaves nothing to remove',
    pathWhere((d) => d.endsWith('error:createIncident→editing.ready')),
  ],
  [
    'reports a refused hypothesis and removes the incident it created',
    pathWhere((d) =>
      d.endsWith(
        'error:createHypothesis→compensating.removingIncident done:deleteIncident→editing.ready',
      ),
    ),
  ],
  [
    'reports refused evidence and removes the hypothesis and incident it created',
    pathWhere(
      (d) =>
        d.startsWith('incident.create') &&
        d.endsWith(
          'error:attachEvidence→compensating.removingHypothesis done:deleteHypothesis→compensating.removingIncident done:deleteIncident→editing.ready',
        ),
    ),
  ],
  [
    'reports refused evidence on an existing incident and removes only the new hypothesis',
    pathWhere(
      (d) =>
        d.startsWith('incident.select') &&
        d.endsWith(
          'error:attachEvidence→compensating.removingHypothesis done:deleteHypothesis→editing.ready',
        ),
    ),
  ],
  [
    'reports a cleanup that failed too',
    pathWhere((d) =>
      d.endsWith(
        'error:deleteHypothesis→compensating.removingIncident error:deleteIncident→editing.ready',
      ),
    ),
  ],
  [
    'closes on Cancel without linking',
    pathWhere((d) => d === `incident.create(${NEW_TITLE})→editing.ready close→editing.ready`),
  ],
];

// ---------------------------------------------------------------------------------------------
// Driving the dialog
// ---------------------------------------------------------------------------------------------

/** The machine with never-settling actors: replaying a path, only its events move it. */
const inert = inertMachine(
  linkToIncidentMachine,
  Object.keys(linkToIncidentMachine.implementations.actors),
);

/** The states a path's events take the machine through. */
function statesOf(path: Path): string[] {
  const coverage = emptyCoverage();
  recordRun(inert, eventsOf(path), coverage, INPUT);
  return [...coverage.states].sort();
}

function IncidentStub() {
  const { id } = useParams();
  return <h1>Incident {id}</h1>;
}

/** A page with the dialog open at first; "Open" opens it again (a fresh form). */
function Harness({ onClose }: { onClose: (linked: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button text="Open" onClick={() => setOpen(true)} />
      {open && (
        <LinkToIncidentDialog
          evidence={EVIDENCE}
          onClose={(linked) => {
            setOpen(false);
            onClose(linked);
          }}
        />
      )}
    </>
  );
}

let backend: LinkBackend;
afterEach(() => backend?.stop());
// A toast of the previous test may still be leaving: each test sees only its own.
beforeEach(async () => {
  await act(() => clearToasts());
  await waitFor(() => expect(document.querySelector(`.${Classes.TOAST}`)).toBeNull());
});

/** The success toast of a link (an outcome toast: 5000 ms, with a link to the incident). */
async function linkedToast(): Promise<HTMLElement> {
  await screen.findByText(/^Evidence linked to/);
  return linkedToastNow();
}

/** The success toast of a link, on screen now. */
function linkedToastNow(): HTMLElement {
  const message = screen.getByText(/^Evidence linked to/);
  const toast = message.closest<HTMLElement>(`.${Classes.TOAST}`);
  if (!toast) throw new Error('the link message is not in a toast');
  expect(toast).toHaveClass(Classes.INTENT_SUCCESS);
  return toast;
}

/** The dialog on a page, with the machine's snapshots and states recorded. */
function renderDialog(plan: LinkPlan = {}) {
  backend = linkBackend();
  backend.follow(plan);
  const onClose = jest.fn();
  const coverage = emptyCoverage();
  const record = coverageRecorder(coverage);
  const snapshots: Snapshot[] = [];
  const inspect = (event: InspectionEvent) => {
    record(event);
    const snapshot = event.type === '@xstate.snapshot' ? event.snapshot : undefined;
    if ((snapshot as { machine?: { id?: string } } | undefined)?.machine?.id === 'linkToIncident') {
      snapshots.push(snapshot as Snapshot);
    }
  };
  const rendered = renderApp(
    [
      { path: '/incidents/:id', element: <IncidentStub /> },
      { path: '*', element: <Harness onClose={onClose} /> },
    ],
    {
      userOptions: { delay: null },
      preloadedState: { preferences: { ...defaultPreferences, inspect: true } },
      inspectorLoader: async () => ({ inspect }),
    },
  );
  const machine = () => snapshots[snapshots.length - 1];
  return { ...rendered, onClose, machine, snapshots, coverage };
}

type Rendered = ReturnType<typeof renderDialog>;

/** Types into the incident field and picks the option that reads `text`. */
async function chooseIncident({ user }: Pick<Rendered, 'user'>, typed: string, text: string) {
  await user.click(ui.incident());
  await user.type(ui.incident(), typed);
  const option = await screen.findByRole('option', { name: new RegExp(`^${text}`) });
  await user.click(within(option).getByText(text));
}

/** Does in the dialog what the path's user event says. */
async function perform(rendered: Rendered, event: AnyEventObject): Promise<void> {
  const { user } = rendered;
  const e = event as AnyEventObject & { id?: string; title?: string; value?: string };
  switch (e.type) {
    case 'incident.select': {
      const row = INCIDENTS.find((incident) => incident.id === e.id)!;
      return chooseIncident(rendered, row.title, row.title);
    }
    case 'incident.create':
      return chooseIncident(rendered, e.title!, `Create new incident: ${e.title}`);
    case 'hypothesis.create': {
      const field = ui.hypothesis();
      if (field instanceof HTMLSelectElement) {
        await user.selectOptions(field, 'New hypothesis…');
        await user.type(ui.newHypothesis(), e.title!);
      } else {
        await user.clear(field);
        await user.type(field, e.title!);
      }
      return;
    }
    case 'hypothesis.select':
      return user.selectOptions(ui.hypothesis(), `${CHOSEN.title} (Factor)`);
    case 'field.set':
      return user.selectOptions(ui.severity(), 'Select a severity');
    case 'hypotheses.retry':
      return user.click(screen.getByRole('button', { name: 'Retry' }));
    case 'submit':
      return user.click(ui.link());
    case 'close':
      return user.click(ui.cancel());
    default:
      throw new Error(`the dialog has no way to send ${e.type}`);
  }
}

/** How each of the machine's actors' answers shows as requests, in order. */
function requestsOf(path: Path): string[] {
  const requests: string[] = [];
  for (const event of eventsOf(path)) {
    const match = ACTOR_EVENT.exec(event.type);
    if (!match) continue;
    const ok = match[1] === 'done';
    switch (match[2] as LinkActor) {
      case 'loadHypotheses':
        requests.push('GET hypotheses');
        break;
      case 'createIncident':
        requests.push('POST incidents');
        break;
      case 'createHypothesis':
        requests.push('POST hypotheses');
        break;
      case 'attachEvidence':
        requests.push('POST evidences');
        break;
      case 'deleteHypothesis':
        requests.push('DELETE comments', ...(ok ? ['DELETE evidences', 'DELETE hypotheses'] : []));
        break;
      case 'deleteIncident':
        requests.push('DELETE incident_histories', ...(ok ? ['DELETE incidents'] : []));
        break;
    }
  }
  return requests;
}

/** Which requests of each actor fail, in order, as the path says. */
function planOf(path: Path): LinkPlan {
  const plan: LinkPlan = {};
  for (const event of eventsOf(path)) {
    const match = ACTOR_EVENT.exec(event.type);
    if (!match) continue;
    const actor = match[2] as LinkActor;
    (plan[actor] ??= []).push(match[1] === 'done' ? 'ok' : 'fail');
  }
  return plan;
}

/** The dialog's own machine got where the path goes, with the same form and outcome. */
function expectMachineAt(rendered: Rendered, state: Snapshot) {
  const snapshot = rendered.machine();
  expect(snapshot && where(snapshot)).toBe(where(state));
  expect(snapshot?.context).toEqual(state.context);
}

/** Linked: the dialog closed, and a toast links to the incident. */
function expectLinked(rendered: Rendered, { state }: { state: Snapshot }) {
  expectMachineAt(rendered, state);
  const { context } = state;
  const incidentId =
    context.incident.kind === 'existing' ? context.incident.id : CREATED.incidentId;
  const title = context.incident.kind === 'none' ? '' : context.incident.title;
  expect(ui.queryDialog()).toBeNull();
  expect(rendered.onClose.mock.calls).toEqual([[true]]);
  const toast = linkedToastNow();
  expect(toast).toHaveTextContent(`Evidence linked to ${title.trim() || 'the incident'}`);
  expect(within(toast).getByRole('button', { name: OPEN_INCIDENT })).toHaveAttribute(
    'href',
    `/incidents/${incidentId}`,
  );
}

/**
 * Editing: the form with what was typed, the errors, a failed read or link with its reason; or,
 * after Cancel, the dialog closed without linking.
 */
function expectEditing(
  rendered: Rendered,
  { state, event }: { state: Snapshot; event: AnyEventObject | undefined },
) {
  expectMachineAt(rendered, state);
  const { context } = state;
  if (event?.type === 'close') {
    expect(ui.queryDialog()).toBeNull();
    expect(rendered.onClose.mock.calls).toEqual([[false]]);
    return;
  }
  expect(rendered.onClose).not.toHaveBeenCalled();
  const dialog = screen.getByRole('dialog', { name: 'Link to Incident' });
  for (const message of Object.values(context.errors)) {
    expect(within(dialog).getByText(message)).toBeInTheDocument();
  }
  if (context.hypothesesError) {
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('The hypotheses could not be loaded');
    expect(alert).toHaveTextContent(context.hypothesesError);
  }
  if (context.failure) {
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(LINK_FAILURE_TITLES[context.failure.step]);
    expect(alert).toHaveTextContent(context.failure.message);
    if (context.failure.cleanupMessage) {
      expect(alert).toHaveTextContent(`${CLEANUP_FAILED} ${context.failure.cleanupMessage}`);
    } else {
      expect(alert).not.toHaveTextContent(CLEANUP_FAILED);
    }
  }
  // The form keeps what was typed.
  const { incident, hypothesis } = context;
  if (incident.kind !== 'none') expect(ui.incident()).toHaveValue(incident.title);
  if (incident.kind === 'new') {
    expect(ui.severity()).toHaveValue(context.severity);
    expect(ui.type()).toHaveValue(context.type);
    expect(ui.hypothesis()).toHaveValue(hypothesis.kind === 'new' ? hypothesis.title : '');
  } else {
    expect(screen.queryByRole('combobox', { name: 'Severity' })).toBeNull();
  }
  if (incident.kind === 'existing' && hypothesis.kind === 'existing') {
    expect(ui.hypothesis()).toHaveValue(hypothesis.id);
  }
  if (incident.kind === 'existing' && hypothesis.kind === 'new') {
    expect(ui.newHypothesis()).toHaveValue(hypothesis.title);
  }
  expect(ui.link()).toHaveTextContent(/^Link$/);
  expect(ui.link()).toBeEnabled();
}

/** The bodies of the writes the path makes, as INC-05, INC-10 and INC-15 say. */
function expectBodies(path: Path) {
  const { context } = path.state;
  const names = eventsOf(path).map((event) => event.type);
  const [incident] = backend.inserted('incidents');
  if (
    names.includes('xstate.done.actor.createIncident') ||
    names.includes('xstate.error.actor.createIncident')
  ) {
    expect(incident).toEqual({
      title: NEW_TITLE,
      severity: context.severity,
      type: context.type,
      description: '',
      status: 'open',
      created_by: USER_ID,
      commander_id: USER_ID,
      communicator_id: USER_ID,
    });
  } else {
    expect(incident).toBeUndefined();
  }
  const [hypothesis] = backend.inserted('hypotheses');
  if (hypothesis) {
    // Titled as typed, else by the incident.
    const typedHypothesis = context.hypothesis.kind === 'new' ? context.hypothesis.title : '';
    const incidentTitle = context.incident.kind === 'none' ? '' : context.incident.title;
    expect(hypothesis).toEqual({
      incident_id: context.incident.kind === 'existing' ? context.incident.id : CREATED.incidentId,
      type: 'root',
      title: typedHypothesis || incidentTitle,
      status: 'possible',
      created_by: USER_ID,
    });
  }
  const [evidence] = backend.inserted('evidences');
  if (evidence) {
    const hypothesisId =
      context.hypothesis.kind === 'existing' ? context.hypothesis.id : CREATED.hypothesisId;
    expect(evidence).toEqual({
      hypothesis_id: hypothesisId,
      created_by: USER_ID,
      type: 'check',
      description: '',
      evidence: EVIDENCE.evidence,
      check_id: 'check-1',
    });
  }
}

/** The user's events, each done in the dialog by `perform`. */
const GESTURES = Object.fromEntries(
  [
    'incident.select',
    'incident.create',
    'hypothesis.create',
    'hypothesis.select',
    'field.set',
    'hypotheses.retry',
    'submit',
    'close',
  ].map((type) => [type, perform]),
);

describe('Link to Incident, driven along the machine’s paths', () => {
  // The backend's answers (every actor's done or error) are chosen per path before the dialog
  // opens; the dialog is checked after each of the user's events and the answers that follow it.
  const names = new Map(SCENARIOS.map(([name, path]) => [path, name]));
  driveDialogAlongPaths(linkToIncidentMachine, {
    input: INPUT,
    events: eventsFor,
    serializeState: key,
    select: () => SCENARIOS.map(([, path]) => path),
    name: (path) => names.get(path)!,
    render: (path) => renderDialog(planOf(path)),
    gestures: GESTURES,
    expectState: { 'editing.ready': expectEditing, linked: expectLinked },
    afterPath: (rendered, path) => {
      expect(backend.log).toEqual(requestsOf(path));
      expectBodies(path);
      // Through the dialog, the machine went through the states the path goes through.
      expect([...rendered.coverage.states].sort()).toEqual(statesOf(path));
    },
  });

  it('shows "Linking.." and keeps the form still while the link runs', async () => {
    const rendered = renderDialog();
    const release = backend.holdEvidence();
    await ui.dialog();
    await perform(rendered, { type: 'incident.select', id: 'inc-1' });
    await waitFor(() => expect(ui.hypothesis()).toHaveValue('h-1'));
    await rendered.user.type(ui.description(), 'latency spike at 10:02');
    await rendered.user.click(ui.link());
    const busy = await screen.findByRole('button', { name: /Linking\.\./ });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toBeDisabled();
    expect(ui.cancel()).toBeDisabled();
    expect(ui.description()).toBeDisabled();
    expect(ui.incident()).toBeDisabled();
    // Escape does not close a running link.
    await rendered.user.keyboard('{Escape}');
    expect(ui.queryDialog()).not.toBeNull();
    act(() => release());
    await screen.findByText(/^Evidence linked to/);
    expect(rendered.onClose).toHaveBeenCalledWith(true);
    expect(backend.evidences.writes[0]?.body).toMatchObject({
      description: 'latency spike at 10:02',
    });
  });

  it("follows the toast's link to the incident", async () => {
    const rendered = renderDialog();
    await ui.dialog();
    await perform(rendered, { type: 'incident.create', title: NEW_TITLE });
    await rendered.user.click(ui.link());
    const toast = await linkedToast();
    expect(toast).toHaveTextContent(`Evidence linked to ${NEW_TITLE}`);
    await rendered.user.click(within(toast).getByRole('button', { name: OPEN_INCIDENT }));
    await screen.findByRole('heading', { name: `Incident ${CREATED.incidentId}` });
    expect(rendered.currentUrl()).toBe(`/incidents/${CREATED.incidentId}`);
  });

  it('refreshes the incidents it read once the evidence is linked', async () => {
    const rendered = renderDialog();
    await ui.dialog();
    await perform(rendered, { type: 'incident.select', id: 'inc-1' });
    await waitFor(() => expect(ui.hypothesis()).toHaveValue('h-1'));
    const searches = backend.incidents.reads.length;
    await rendered.user.click(ui.link());
    await waitFor(() => expect(rendered.onClose).toHaveBeenCalledWith(true));
    // A new form searching the same words asks the server again: the cached answer was dropped.
    await rendered.user.click(screen.getByRole('button', { name: 'Open' }));
    await ui.dialog();
    await perform(rendered, { type: 'incident.select', id: 'inc-1' });
    expect(backend.incidents.reads.length).toBeGreaterThan(searches);
  });

  it('starts afresh each time it opens, and after a failure', async () => {
    const rendered = renderDialog({ createIncident: ['fail'] });
    await ui.dialog();
    await perform(rendered, { type: 'incident.create', title: NEW_TITLE });
    await rendered.user.selectOptions(ui.severity(), 'Critical');
    await rendered.user.click(ui.link());
    await screen.findByText(REFUSALS.createIncident);
    expect(ui.severity()).toHaveValue('critical');
    await rendered.user.click(ui.cancel());
    expect(rendered.onClose).toHaveBeenCalledWith(false);
    await rendered.user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await ui.dialog();
    expect(ui.incident()).toHaveValue('');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Severity' })).toBeNull();
    expect(ui.hypothesis()).toBeDisabled();
  });

  it('offers a new incident with the typed words, and hides type and severity for an existing one', async () => {
    const rendered = renderDialog();
    await ui.dialog();
    await rendered.user.click(ui.incident());
    await rendered.user.type(ui.incident(), 'Checkout');
    expect(await screen.findByRole('option', { name: /^Checkout outage/ })).toHaveTextContent(
      'INC-1 · Open',
    );
    expect(screen.getByRole('option', { name: /^Checkout latency/ })).toBeInTheDocument();
    expect(
      screen.getByRole('option', { name: 'Create new incident: Checkout' }),
    ).toBeInTheDocument();
    const search = backend.incidents.reads.at(-1)!.url.searchParams;
    expect([...search]).toEqual([
      ['order', 'created_at.desc'],
      ['title', 'ilike.*Checkout*'],
      ['select', '*,hypotheses(id, type)'],
    ]);
    await rendered.user.click(screen.getByText('Create new incident: Checkout'));
    expect(ui.type()).toHaveValue('availability');
    expect(ui.severity()).toHaveValue('low');
    expect(ui.hypothesis()).toHaveAttribute(
      'placeholder',
      "Root cause (the incident's title when empty)",
    );
    await perform(rendered, { type: 'incident.select', id: 'inc-1' });
    await waitFor(() => expect(ui.hypothesis()).toHaveValue('h-1'));
    expect(screen.queryByRole('combobox', { name: 'Type' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Severity' })).toBeNull();
  });

  it('is used with the keyboard: arrows and Enter choose, Enter then submits', async () => {
    const rendered = renderDialog();
    await ui.dialog();
    await rendered.user.click(ui.incident());
    await rendered.user.type(ui.incident(), 'Checkout outage');
    await screen.findByRole('option', { name: /^Checkout outage/ });
    await rendered.user.keyboard('{Enter}');
    await waitFor(() => expect(ui.hypothesis()).toHaveValue('h-1'));
    // The Enter that chose did not submit the form as well.
    expect(rendered.snapshots.filter((snapshot) => snapshot.context.errors.incident)).toEqual([]);
    expect(backend.evidences.writes).toEqual([]);
    ui.link().focus();
    await rendered.user.keyboard('{Enter}');
    await waitFor(() => expect(rendered.onClose).toHaveBeenCalledWith(true));
  });

  it('are paths that together reach every state of the machine', () => {
    const coverage = emptyCoverage();
    for (const [, path] of SCENARIOS) recordRun(inert, eventsOf(path), coverage, INPUT);
    expectAllStates(linkToIncidentMachine, coverage);
  });
});

// ---------------------------------------------------------------------------------------------
// The button and its entry points
// ---------------------------------------------------------------------------------------------

function renderCheck(options: RenderAppOptions & { embedded?: boolean } = {}) {
  checkBackend();
  backend = linkBackend();
  const { embedded, ...rest } = options;
  return renderApp(
    <CheckDetailDialog checkId={CHECK_ID} onClose={() => undefined} embedded={embedded} />,
    { url: `/health?checkId=${CHECK_ID}`, userOptions: { delay: null }, ...rest },
  );
}

/** The check dialog has shown its footer and the feature flags are known. */
async function checkFooterShown(rendered: ReturnType<typeof renderCheck>) {
  await screen.findByRole('button', { name: /Run Now/ });
  await waitFor(() =>
    expect(systemApi.endpoints.getProperties.select()(rendered.store.getState()).isSuccess).toBe(
      true,
    ),
  );
}

describe('Attach as Evidence', () => {
  it("links a check from its dialog's footer", async () => {
    const rendered = renderCheck();
    await rendered.user.click(await screen.findByRole('button', { name: 'Attach as Evidence' }));
    await screen.findByRole('dialog', { name: 'Link to Incident' });
    await chooseIncident(rendered, 'Checkout outage', 'Checkout outage');
    await waitFor(() => expect(ui.hypothesis()).toHaveValue('h-1'));
    await rendered.user.click(ui.link());
    await screen.findByText(/^Evidence linked to/);
    expect(backend.evidences.writes[0]?.body).toEqual({
      hypothesis_id: 'h-1',
      created_by: USER_ID,
      type: 'check',
      check_id: CHECK_ID,
      description: '',
      evidence: {
        name: 'payments-api-health',
        icon: 'http',
        status: 'healthy',
        check_type: 'http',
      },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Link to Incident' })).toBeNull(),
    );
    // The check dialog stays.
    expect(screen.getByRole('dialog', { name: 'payments-api-health' })).toBeInTheDocument();
  });

  it('is hidden from a viewer', async () => {
    const rendered = renderCheck({ user: { roles: ['viewer'] } });
    await screen.findByRole('link', { name: 'Edit' });
    await waitFor(() =>
      expect(systemApi.endpoints.getProperties.select()(rendered.store.getState()).isSuccess).toBe(
        true,
      ),
    );
    expect(ui.attach()).toBeNull();
  });

  it('is shown to a responder', async () => {
    renderCheck({ user: { roles: ['responder'] } });
    expect(await screen.findByRole('button', { name: 'Attach as Evidence' })).toBeInTheDocument();
  });

  it('is hidden when the incidents feature is disabled', async () => {
    const rendered = renderCheck({ properties: disabledFeatures('incidents') });
    await checkFooterShown(rendered);
    expect(ui.attach()).toBeNull();
  });

  it('is hidden in the embedded check dialog', async () => {
    const rendered = renderCheck({ embedded: true });
    // Nothing here reads the feature flags: read them, so a hidden-while-loading button would show.
    void rendered.store.dispatch(systemApi.endpoints.getProperties.initiate());
    await checkFooterShown(rendered);
    expect(ui.attach()).toBeNull();
  });
});

/** From the page's "Attach as Evidence" (inside `within`), to a new incident; the evidence sent. */
async function attachToNewIncident(user: Rendered['user'], within_: HTMLElement = document.body) {
  await user.click(await within(within_).findByRole('button', { name: 'Attach as Evidence' }));
  await ui.dialog();
  await chooseIncident({ user }, NEW_TITLE, `Create new incident: ${NEW_TITLE}`);
  await user.click(ui.link());
  expect(await linkedToast()).toHaveTextContent(`Evidence linked to ${NEW_TITLE}`);
  const [evidence] = backend.inserted('evidences');
  return evidence as Record<string, unknown>;
}

const sent = (draft: EvidenceDraft) => {
  const { evidence, ...ids } = draft;
  return {
    ...ids,
    evidence,
    hypothesis_id: CREATED.hypothesisId,
    created_by: USER_ID,
    description: '',
  };
};

describe('the other entry points', () => {
  const ITEM_PAGES = pagesAt('/catalog/:id/*');

  function renderItem(url: string) {
    configItemBackend();
    backend = linkBackend();
    return renderPages(ITEM_PAGES, url);
  }

  it('attaches a config from its page', async () => {
    const { user } = renderItem(`/catalog/${ITEM_ID}/spec`);
    await screen.findByRole('heading', { level: 2, name: ITEM.name! });
    expect(await attachToNewIncident(user)).toEqual(sent(configEvidence(ITEM)));
  });

  it('attaches an insight from its dialog', async () => {
    const { user } = renderItem(`/catalog/${ITEM_ID}/insights?insightId=${INSIGHT_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'no-resource-limits' });
    const insight = INSIGHTS.find((row) => row.id === INSIGHT_ID)!;
    expect(await attachToNewIncident(user, dialog)).toEqual(sent(insightEvidence(insight)));
    expect(backend.inserted('evidences')[0]).toMatchObject({
      type: 'config_analysis',
      config_analysis_id: INSIGHT_ID,
      config_id: ITEM_ID,
    });
  });

  it('attaches a change from its dialog', async () => {
    changeDialogBackend();
    backend = linkBackend();
    const { user } = renderApp(
      <ChangeDialog configId={POD_ID} changeId={PULLED_ID} onClose={() => undefined} />,
      { userOptions: { delay: null } },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pulled' });
    expect(await attachToNewIncident(user, dialog)).toEqual({
      type: 'config_change',
      config_change_id: PULLED_ID,
      config_id: POD_ID,
      evidence: {
        change_type: 'Pulled',
        config: { name: 'checkout-api-5d8', type: 'Kubernetes::Pod', config_class: 'Pod' },
      },
      hypothesis_id: CREATED.hypothesisId,
      created_by: USER_ID,
      description: '',
    });
  });

  it('attaches a topology component from its details', async () => {
    componentDetailsBackend(FULL);
    backend = linkBackend();
    const { user } = renderApp(<ComponentDetailsPanel component={COMPONENT} />, {
      url: `/topology/${COMPONENT.id}`,
      userOptions: { delay: null },
    });
    const panel = screen.getByRole('complementary', { name: 'Component details' });
    expect(await attachToNewIncident(user, panel)).toEqual({
      type: 'topology',
      component_id: COMPONENT.id,
      evidence: {
        name: 'Checkout service',
        icon: 'k8s',
        type: 'KubernetesService',
        status: 'unhealthy',
      },
      hypothesis_id: CREATED.hypothesisId,
      created_by: USER_ID,
      description: '',
    });
  });
});

describe('evidence drafts of the five entry points', () => {
  it('keep the ids and a small JSON the incident page shows', () => {
    expect(
      configEvidence({
        id: 'cfg-1',
        name: 'checkout-api',
        type: 'Kubernetes::Deployment',
        config_class: 'Deployment',
        health: 'healthy',
        status: null,
      }),
    ).toEqual({
      type: 'config',
      config_id: 'cfg-1',
      evidence: {
        name: 'checkout-api',
        type: 'Kubernetes::Deployment',
        config_class: 'Deployment',
        health: 'healthy',
      },
    });
    expect(
      changeEvidence({
        id: 'ch-1',
        config_id: 'cfg-1',
        change_type: 'diff',
        summary: 'replicas 2 → 3',
        severity: '',
        config: { id: 'cfg-1', name: 'checkout-api', type: 'Kubernetes::Deployment' },
      }),
    ).toEqual({
      type: 'config_change',
      config_change_id: 'ch-1',
      config_id: 'cfg-1',
      evidence: {
        change_type: 'diff',
        summary: 'replicas 2 → 3',
        config: { name: 'checkout-api', type: 'Kubernetes::Deployment' },
      },
    });
    expect(
      insightEvidence({
        id: 'ins-1',
        analyzer: 'privileged-container',
        analysis_type: 'security',
        message: 'runs privileged',
        severity: 'high',
        config: { id: 'cfg-2', name: 'worker' },
      }),
    ).toEqual({
      type: 'config_analysis',
      config_analysis_id: 'ins-1',
      config_id: 'cfg-2',
      evidence: {
        analyzer: 'privileged-container',
        analysis_type: 'security',
        message: 'runs privileged',
        severity: 'high',
        config: { name: 'worker' },
      },
    });
    expect(
      componentEvidence({
        id: 'comp-1',
        name: 'payments',
        title: 'Payments',
        icon: 'server',
        type: 'Service',
        status: null,
        health: 'unhealthy',
      }),
    ).toEqual({
      type: 'topology',
      component_id: 'comp-1',
      evidence: { name: 'Payments', icon: 'server', type: 'Service', status: 'unhealthy' },
    });
    expect(EVIDENCE).toEqual({
      type: 'check',
      check_id: 'check-1',
      evidence: { name: 'payments-api-health', icon: 'http', status: 'unhealthy' },
    });
  });
});
