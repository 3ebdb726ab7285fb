/**
 * The access check dialog driven along the `accessCheck` machine's generated paths
 * (machines/permissions/accessCheck.ts) by `driveDialogAlongPaths`: the user's choices of a
 * role and clicks on Check and Retry, and the server's answers to the access review
 * (`POST /api/rbac/subject-access-reviews`) chosen per path before the dialog opens; an answer
 * the path does not give is held, so a check under way stays on screen. The dialog is opened on
 * a playbook, as from a playbook's card, so the resource is preset.
 */
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { AccessReviewRequest } from '../../../contracts/playbookAccess';
import type { AccessQuestion } from '../../../machines/permissions/accessCheck';
import { accessCheckMachine, questionComplete } from '../../../machines/permissions/accessCheck';
import { httpError } from '../../../src/api/errors';
import { AccessCheckDialog } from '../../../src/features/permissions/accessCheck/AccessCheckDialog';
import { ACCESS_CHECK_DIALOG_LABELS as LABELS } from '../../../src/features/permissions/model/accessCheck';
import type { ViewCheck } from '../../support/driveDialog';
import { answersInTurn, driveDialogAlongPaths } from '../../support/driveDialog';
import type { MachinePath } from '../../support/machinePaths';
import { actorEvents } from '../../support/machineReplay';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';

jest.setTimeout(60_000);

type Snapshot = SnapshotFrom<typeof accessCheckMachine>;
type Path = MachinePath<Snapshot>;

const PLAYBOOK = {
  kind: 'playbook' as const,
  id: 'e91ece9b-e14b-42e1-baf5-733ac9dd9eb4',
  name: 'Restart Deployment',
};
const [REVIEW_DONE, REVIEW_ERROR] = actorEvents('reviewAccess');

/** How the server answers one review. */
type Answer = { status: number; body: Record<string, unknown> };
type AnsweredEvent = AnyEventObject & { answer: Answer };

const ROLE_RULE = {
  source: 'role',
  effect: 'allow',
  description: 'The editor role writes playbook_runs',
  role: 'editor',
};
const DENY_RULE = {
  source: 'permission',
  effect: 'deny',
  description: 'Nobody outside the platform team restarts deployments',
  permission: {
    id: '52f943cc-b933-490c-965e-42b8fbfc7ad3',
    name: 'no-restarts',
    namespace: 'security',
    action: 'playbook:run',
    subject: 'everyone',
    subject_type: 'group',
  },
};

const decided = (allowed: boolean): AnsweredEvent => {
  const rules = allowed ? [ROLE_RULE] : [DENY_RULE];
  return {
    type: REVIEW_DONE,
    output: { allowed, rules },
    answer: {
      status: 200,
      body: { action: 'playbook:run', resource: {}, results: [{ subject: '', allowed, rules }] },
    },
  };
};
const FORBIDDEN = 'you may not read rbac';
const refused = (): AnsweredEvent => ({
  type: REVIEW_ERROR,
  error: httpError(403, { error: FORBIDDEN }),
  answer: { status: 403, body: { error: FORBIDDEN } },
});

const change = (subject: string | undefined) => ({ type: 'question.change', changes: { subject } });

/** What the user and the server can do in each state. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'choosing':
      return [change('editor'), change(undefined), { type: 'check.submit' }];
    case 'checking':
      return [decided(true), decided(false), refused()];
    case 'answered':
      return [change('viewer'), { type: 'check.submit' }];
    case 'failed':
      return [change('viewer'), { type: 'check.retry' }];
    default:
      return [];
  }
}

/** A vertex: the state, whether the question can be asked, the decision, the failure. */
function key(snapshot: Snapshot): string {
  const { question, answer, error } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    questionComplete(question),
    answer?.allowed ?? null,
    error ?? null,
  ]);
}

/** The dialog as a playbook's card opens it, the server answering the reviews as the path says. */
function renderDialog(path: Path) {
  const answers = path.steps
    .map(({ event }) => (event as Partial<AnsweredEvent>).answer)
    .filter((answer): answer is Answer => answer !== undefined);
  const next = answersInTurn(answers);
  const reviews: AccessReviewRequest[] = [];
  server.use(
    http.post('*/api/rbac/subject-access-reviews', async ({ request }) => {
      const body = (await request.json()) as AccessReviewRequest;
      reviews.push(body);
      const answer = await next();
      if (answer === undefined) return HttpResponse.json({}, { status: 504 });
      const results = (answer.body.results as Array<Record<string, unknown>> | undefined)?.map(
        (result) => ({ ...result, subject: body.subjects[0] }),
      );
      return HttpResponse.json(results ? { ...answer.body, results } : answer.body, {
        status: answer.status,
      });
    }),
  );
  const rendered = renderApp(<AccessCheckDialog resource={PLAYBOOK} onClose={() => undefined} />, {
    url: '/playbooks',
    userOptions: { delay: null },
  });
  return { ...rendered, reviews };
}

type Rendered = ReturnType<typeof renderDialog>;

const ui = {
  dialog: () => screen.getByRole('dialog', { name: LABELS.title }),
  check: () => within(ui.dialog()).getByRole('button', { name: LABELS.submit }),
  subjectKind: () => within(ui.dialog()).getByRole('combobox', { name: LABELS.subjectKind }),
  role: () => within(ui.dialog()).queryByRole('combobox', { name: LABELS.role }),
  answer: () => within(ui.dialog()).queryByRole('status'),
  failure: () => within(ui.dialog()).queryByText(LABELS.failed),
  retry: () => within(ui.dialog()).getByRole('button', { name: 'Retry' }),
};

/** Chooses a role as the subject (the subject type Role first, when it is not chosen yet). */
async function chooseRole({ user }: Rendered, event: AnyEventObject) {
  if (!ui.role()) await user.selectOptions(ui.subjectKind(), 'role');
  const subject = (event.changes as Partial<AccessQuestion>).subject ?? '';
  await user.selectOptions(ui.role()!, subject);
}

const checking: ViewCheck<typeof accessCheckMachine, Rendered> = () => {
  expect(ui.check()).toBeDisabled();
  expect(ui.check()).toHaveClass(Classes.LOADING);
  expect(ui.answer()).toBeNull();
  expect(ui.failure()).toBeNull();
};

describe('the access check along the machine’s paths', () => {
  driveDialogAlongPaths(accessCheckMachine, {
    input: { question: { ...emptyQuestion(), resource: PLAYBOOK.id } },
    events: eventsFor,
    serializeState: key,
    transitions: true,
    locate: (snapshot) => String(snapshot.value),
    render: renderDialog,
    gestures: {
      'question.change': chooseRole,
      'check.submit': async ({ user }) => user.click(ui.check()),
      'check.retry': async ({ user }) => user.click(ui.retry()),
    },
    expectState: {
      choosing: (_rendered, { state }) => {
        // The preset playbook is shown by its name.
        expect(within(ui.dialog()).getByDisplayValue(PLAYBOOK.name)).toBeInTheDocument();
        if (questionComplete(state.context.question)) expect(ui.check()).toBeEnabled();
        else expect(ui.check()).toBeDisabled();
        expect(ui.answer()).toBeNull();
        expect(ui.failure()).toBeNull();
      },
      checking,
      answered: (_rendered, { state }) => {
        const answer = ui.answer();
        expect(answer).not.toBeNull();
        const allowed = state.context.answer?.allowed;
        expect(answer).toHaveTextContent(allowed ? LABELS.allowed : LABELS.denied);
        const rules = within(answer!).getByRole('list', { name: LABELS.rules });
        expect(rules).toHaveTextContent(allowed ? ROLE_RULE.description : `security/no-restarts`);
        expect(rules).toHaveTextContent(allowed ? LABELS.allows : LABELS.denies);
        expect(ui.check()).toBeEnabled();
      },
      failed: () => {
        expect(ui.failure()).not.toBeNull();
        expect(ui.dialog()).toHaveTextContent(FORBIDDEN);
        expect(ui.answer()).toBeNull();
      },
    },
    afterPath: async ({ reviews }, path) => {
      // A click on Check or Retry asks once; Check with an incomplete question asks nothing.
      const asked = path.steps.filter(
        ({ event, state }) =>
          ['check.submit', 'check.retry'].includes(event.type) && state.value === 'checking',
      ).length;
      await waitFor(() => expect(reviews).toHaveLength(asked));
      for (const body of reviews) {
        expect(body.resource).toEqual({ playbook: PLAYBOOK.id });
        expect(body.action).toBe('playbook:run');
        expect(body.subjects).toHaveLength(1);
        expect(['editor', 'viewer']).toContain(body.subjects[0]);
      }
    },
  });
});

/** The dialog's starting question without a resource. */
function emptyQuestion(): AccessQuestion {
  return {
    subjectKind: 'person',
    subject: undefined,
    action: 'playbook:run',
    resourceKind: 'playbook',
    resource: undefined,
    targetKind: undefined,
    target: undefined,
  };
}
