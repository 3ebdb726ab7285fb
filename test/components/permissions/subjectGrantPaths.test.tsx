/**
 * The in-place change of a subject's access, driven along the `subjectGrant` machine's
 * generated paths (machines/permissions/subjectGrant.ts) by `driveDialogAlongPaths`: the
 * workbench opened on a team's playbooks, the details of one cell (running Drain Node) open,
 * the user's clicks on "Allow directly" / "Deny directly", Confirm, Cancel and Try again, and
 * the server's answers to the permission writes chosen per path (an answer the path does not
 * give is held, so a save under way stays on screen). The writes answered here leave the
 * search's rows alone, so the same choices stay offered along a path; the refetched matrix is
 * checked in subjectWorkbench.test.tsx.
 */
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { GrantChange } from '../../../machines/permissions/subjectGrant';
import { subjectGrantMachine } from '../../../machines/permissions/subjectGrant';
import { httpError } from '../../../src/api/errors';
import { SUBJECT_ACCESS_LABELS as LABELS } from '../../../src/features/permissions/model/subjectAccess';
import type { ViewCheck } from '../../support/driveDialog';
import { answersInTurn, driveDialogAlongPaths } from '../../support/driveDialog';
import type { MachinePath } from '../../support/machinePaths';
import { actorEvents } from '../../support/machineReplay';
import { pagesAt, renderPages } from '../../support/renderPages';
import { SLOW } from '../../support/tables';
import type { WriteAnswer } from './subjectAccessBackend';
import { CHECKOUT, DRAIN_NODE, subjectAccessBackend } from './subjectAccessBackend';

jest.setTimeout(60_000);

type Snapshot = SnapshotFrom<typeof subjectGrantMachine>;
type Path = MachinePath<Snapshot>;

const PATH = '/settings/permissions/subjects';
const PAGES = pagesAt(PATH);
const URL = `${PATH}?subject=${CHECKOUT.id}&types=playbook&actions=playbook%3Arun&denied=true`;
const CELL = `${DRAIN_NODE.title}, Run: Denied`;
const [APPLY_DONE, APPLY_ERROR] = actorEvents('applyGrant');
const FORBIDDEN = 'you may not write permissions';

type AnsweredEvent = AnyEventObject & { answer: WriteAnswer };

const change = (kind: GrantChange['kind']): GrantChange => ({
  kind,
  subject: CHECKOUT.id,
  resourceType: 'playbook',
  resourceId: DRAIN_NODE.id,
  resourceName: DRAIN_NODE.title,
  action: 'playbook:run',
  permissionIds: [],
});
const start = (kind: GrantChange['kind']) => ({ type: 'grant.start', change: change(kind) });
const saved = (): AnsweredEvent => ({ type: APPLY_DONE, output: undefined, answer: 'ok' });
const refused = (): AnsweredEvent => ({
  type: APPLY_ERROR,
  error: httpError(403, { error: FORBIDDEN }),
  answer: { status: 403, body: { error: FORBIDDEN } },
});

/** What the user and the server can do in each state. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'idle':
      return [start('allow'), start('deny')];
    case 'confirming':
      return [{ type: 'grant.confirm' }, { type: 'grant.cancel' }];
    case 'saving':
      return [saved(), refused()];
    case 'saved':
      return [start('deny')];
    case 'failed':
      return [{ type: 'grant.retry' }, { type: 'grant.cancel' }];
    default:
      return [];
  }
}

/** A vertex: the state, the change's kind, the failure. */
function key(snapshot: Snapshot): string {
  const { change: current, error } = snapshot.context;
  return JSON.stringify([snapshot.value, current?.kind ?? null, error ?? null]);
}

/** The workbench with the cell's details open, the writes answered as the path says. */
async function renderDetails(path: Path) {
  const answers = path.steps
    .map(({ event }) => (event as Partial<AnsweredEvent>).answer)
    .filter((answer): answer is WriteAnswer => answer !== undefined);
  const backend = subjectAccessBackend({ writeAnswers: answersInTurn(answers), persist: false });
  const rendered = renderPages(PAGES, URL);
  await rendered.user.click(await screen.findByRole('button', { name: CELL }, SLOW));
  await screen.findByRole('dialog', { name: `${DRAIN_NODE.title}: Run` }, SLOW);
  return { ...rendered, backend };
}

type Rendered = Awaited<ReturnType<typeof renderDetails>>;

const ui = {
  dialog: () => screen.getByRole('dialog', { name: `${DRAIN_NODE.title}: Run` }),
  button: (name: string) => within(ui.dialog()).getByRole('button', { name }),
  maybe: (name: string) => within(ui.dialog()).queryByRole('button', { name }),
  alert: () => within(ui.dialog()).queryByRole('alert'),
  status: () => within(ui.dialog()).queryByRole('status'),
};

const confirmText = (kind: GrantChange['kind'] | undefined) =>
  kind === 'deny'
    ? LABELS.confirmDeny('Run', DRAIN_NODE.title)
    : LABELS.confirmAllow('Run', DRAIN_NODE.title);

/** The cell's choices: allow and deny (the team holds no direct permission here). */
const offersChoices = () => {
  expect(ui.button(LABELS.allowDirectly)).toBeEnabled();
  expect(ui.button(LABELS.denyDirectly)).toBeEnabled();
  expect(ui.maybe(LABELS.confirm)).toBeNull();
  expect(ui.alert()).toBeNull();
};

const saving: ViewCheck<typeof subjectGrantMachine, Rendered> = (_rendered, { state }) => {
  expect(ui.dialog()).toHaveTextContent(confirmText(state.context.change?.kind));
  expect(ui.button(LABELS.confirm)).toHaveClass(Classes.LOADING);
  expect(ui.button(LABELS.cancel)).toBeDisabled();
  expect(ui.alert()).toBeNull();
};

describe('changing a subject’s access along the machine’s paths', () => {
  driveDialogAlongPaths(subjectGrantMachine, {
    events: eventsFor,
    serializeState: key,
    transitions: true,
    locate: (snapshot) => String(snapshot.value),
    describeEvent: (event) => {
      if (event.type === 'grant.start') return `start:${(event.change as GrantChange).kind}`;
      if (event.type === APPLY_DONE) return 'saved';
      if (event.type === APPLY_ERROR) return 'refused';
      return event.type;
    },
    render: renderDetails,
    gestures: {
      'grant.start': async ({ user }, event) =>
        user.click(
          ui.button(
            (event.change as GrantChange).kind === 'deny'
              ? LABELS.denyDirectly
              : LABELS.allowDirectly,
          ),
        ),
      'grant.confirm': async ({ user }) => user.click(ui.button(LABELS.confirm)),
      'grant.cancel': async ({ user }) => user.click(ui.button(LABELS.cancel)),
      'grant.retry': async ({ user }) => user.click(ui.button(LABELS.tryAgain)),
    },
    expectState: {
      idle: () => {
        offersChoices();
        expect(ui.status()).toBeNull();
      },
      confirming: (_rendered, { state }) => {
        expect(ui.dialog()).toHaveTextContent(confirmText(state.context.change?.kind));
        expect(ui.button(LABELS.confirm)).toBeEnabled();
        expect(ui.button(LABELS.cancel)).toBeEnabled();
        expect(ui.maybe(LABELS.allowDirectly)).toBeNull();
      },
      saving,
      saved: () => {
        expect(ui.status()).toHaveTextContent(LABELS.saved);
        offersChoices();
      },
      failed: () => {
        const alert = ui.alert();
        expect(alert).toHaveTextContent(LABELS.saveFailed);
        expect(alert).toHaveTextContent(FORBIDDEN);
        expect(ui.button(LABELS.tryAgain)).toBeEnabled();
      },
    },
    afterPath: async ({ backend }, path) => {
      // A click on Confirm or Try again writes once: the subject's permission on the playbook.
      const writes = path.steps.filter(
        ({ event, state }) =>
          ['grant.confirm', 'grant.retry'].includes(event.type) && state.value === 'saving',
      ).length;
      await waitFor(() => expect(backend.writes).toHaveLength(writes));
      for (const write of backend.writes) {
        expect(write.method).toBe('POST');
        expect(write.body).toMatchObject({
          subject: CHECKOUT.id,
          subject_type: 'team',
          playbook_id: DRAIN_NODE.id,
          action: 'playbook:run',
        });
      }
    },
  });
});
