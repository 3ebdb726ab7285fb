/**
 * "View as scope" driven along the `scopeImpersonation` machine's generated paths
 * (machines/auth/scopeImpersonation.ts): the user's ticks of Scopes and clicks, and the backend's
 * answers to the probe (the catalog's count asked with `X-Flanksource-Scope`) chosen per path
 * before the dialog opens; an answer the path does not give is held, so a probe under way stays
 * on screen. A probe the backend answers starts seeing the console as the Scopes.
 */
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { ChosenScope } from '../../../machines/auth/scopeImpersonation';
import { scopeImpersonationMachine } from '../../../machines/auth/scopeImpersonation';
import { httpError } from '../../../src/api/errors';
import {
  VIEW_AS_SCOPE_LABELS as LABELS,
  ViewAsScopeDialog,
} from '../../../src/features/scopes/viewAs/ViewAsScopeDialog';
import type { ViewCheck } from '../../support/driveDialog';
import { answersInTurn, driveDialogAlongPaths } from '../../support/driveDialog';
import type { MachinePath } from '../../support/machinePaths';
import { actorEvents, describeActorEvent } from '../../support/machineReplay';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import { renderApp } from '../../support/renderApp';

jest.setTimeout(60_000);

type Snapshot = SnapshotFrom<typeof scopeImpersonationMachine>;
type Path = MachinePath<Snapshot>;

const RUNBOOKS = {
  id: '0190d1a2-7c4e-7000-8000-0000000007a1',
  name: 'sre-runbooks',
  namespace: 'sre',
};
const PROD = {
  id: '0190d1a2-7c4e-7000-8000-0000000007a2',
  name: 'production-catalog',
  namespace: 'mission-control',
};
const SCOPES = [RUNBOOKS, PROD].map((scope) => ({
  ...scope,
  description: `The ${scope.name} scope`,
  targets: [{ config: { tagSelector: 'cluster=prod' } }],
  source: 'UI',
  created_by: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  deleted_at: null,
}));
const label = (scope: ChosenScope) => `${scope.namespace}/${scope.name}`;
const REFUSED = 'not allowed to impersonate scopes: requires the admin role';

const [PROBE_DONE, PROBE_ERROR] = actorEvents('probe');
type Answer = { status: number; count?: number; body: unknown };
type AnsweredEvent = AnyEventObject & { answer: Answer };

const answered = (): AnsweredEvent => ({
  type: PROBE_DONE,
  output: { configs: 42 },
  answer: { status: 200, count: 42, body: [{ id: 'c-1' }] },
});
const refused = (): AnsweredEvent => ({
  type: PROBE_ERROR,
  error: httpError(403, { error: REFUSED }),
  answer: { status: 403, body: { error: REFUSED } },
});

/** What the user and the server can do in each state. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'choosing':
      return [
        { type: 'scopes.change', scopes: [RUNBOOKS] },
        { type: 'scopes.change', scopes: [RUNBOOKS, PROD] },
        { type: 'scopes.change', scopes: [] },
        { type: 'impersonation.submit' },
      ];
    case 'probing':
      return [answered(), refused()];
    case 'failed':
      return [{ type: 'scopes.change', scopes: [PROD] }, { type: 'impersonation.retry' }];
    default:
      return [];
  }
}

/** A vertex: the state, how many Scopes are chosen and the reason on screen. */
function key(snapshot: Snapshot): string {
  const { scopes, error } = snapshot.context;
  return JSON.stringify([snapshot.value, scopes.length, error ?? null]);
}

function renderDialog(path: Path) {
  const answers: Answer[] = [];
  for (const { event } of path.steps) {
    const { answer } = event as Partial<AnsweredEvent>;
    if (answer) answers.push(answer);
  }
  const next = answersInTurn(answers);
  postgrestTable('scopes', SCOPES);
  const probes: Array<string | null> = [];
  server.use(
    http.get('*/api/db/config_items', async ({ request }) => {
      probes.push(request.headers.get('X-Flanksource-Scope'));
      const given = await next();
      if (given === undefined) return HttpResponse.json({ error: 'held' }, { status: 503 });
      return HttpResponse.json(given.body as Record<string, unknown>, {
        status: given.status,
        headers: given.count === undefined ? {} : { 'Content-Range': `0-0/${given.count}` },
      });
    }),
  );
  let closed = 0;
  const rendered = renderApp(<ViewAsScopeDialog isOpen onClose={() => (closed += 1)} />, {
    url: '/catalog',
    userOptions: { delay: null },
  });
  return { ...rendered, probes, closed: () => closed };
}

type Rendered = ReturnType<typeof renderDialog>;

const ui = {
  dialog: () => screen.getByRole('dialog', { name: LABELS.title }),
  submit: () =>
    within(ui.dialog()).getByRole('button', {
      name: new RegExp(`^(${LABELS.submit}|${LABELS.checking})$`),
    }),
  box: (scope: ChosenScope) =>
    within(ui.dialog()).getByRole('checkbox', { name: new RegExp(`^${label(scope)}`) }),
  failure: () => within(ui.dialog()).queryByText(LABELS.failed),
  retry: () => within(ui.dialog()).getByRole('button', { name: 'Retry' }),
};

/** The ticks match the Scopes the state has chosen. */
const showsChoice: ViewCheck<typeof scopeImpersonationMachine, Rendered> = (_r, { state }) => {
  const chosen = new Set(state.context.scopes.map((scope) => scope.id));
  for (const scope of [RUNBOOKS, PROD]) {
    expect(ui.box(scope)).toHaveProperty('checked', chosen.has(scope.id));
  }
};

describe('View as scope along the machine’s paths', () => {
  driveDialogAlongPaths(scopeImpersonationMachine, {
    input: {},
    events: eventsFor,
    serializeState: key,
    transitions: true,
    locate: (snapshot) => String(snapshot.value),
    describeEvent: describeActorEvent,
    render: renderDialog,
    gestures: {
      'scopes.change': async ({ user }, event) => {
        const wanted = new Set((event.scopes as ChosenScope[]).map((scope) => scope.id));
        for (const scope of [RUNBOOKS, PROD]) {
          const box = ui.box(scope);
          if ((box as HTMLInputElement).checked !== wanted.has(scope.id)) await user.click(box);
        }
      },
      'impersonation.submit': async ({ user }) => user.click(ui.submit()),
      'impersonation.retry': async ({ user }) => user.click(ui.retry()),
    },
    expectState: {
      choosing: (rendered, step) => {
        showsChoice(rendered, step);
        if (step.state.context.scopes.length > 0) expect(ui.submit()).toBeEnabled();
        else expect(ui.submit()).toBeDisabled();
        expect(ui.failure()).toBeNull();
        expect(rendered.store.getState().impersonation.scopes).toEqual([]);
      },
      probing: (rendered, step) => {
        showsChoice(rendered, step);
        expect(ui.submit()).toHaveClass(Classes.LOADING);
        expect(ui.failure()).toBeNull();
      },
      failed: (rendered, step) => {
        showsChoice(rendered, step);
        expect(ui.failure()).not.toBeNull();
        expect(ui.dialog()).toHaveTextContent(REFUSED);
        expect(ui.submit()).toBeDisabled();
        // A refusal changes nothing.
        expect(rendered.store.getState().impersonation.scopes).toEqual([]);
      },
      started: (rendered, step) => {
        expect(rendered.closed()).toBe(1);
        const ids = rendered.store.getState().impersonation.scopes.map((scope) => scope.id);
        expect(new Set(ids)).toEqual(new Set(step.state.context.scopes.map((scope) => scope.id)));
      },
    },
    afterPath: async ({ probes }, path) => {
      // One probe per Check or Retry, each with the Scopes chosen as the header.
      const asked = path.steps.filter(
        ({ event, state }) =>
          ['impersonation.submit', 'impersonation.retry'].includes(event.type) &&
          state.value === 'probing',
      ).length;
      await waitFor(() => expect(probes).toHaveLength(asked));
      for (const header of probes) {
        const ids = JSON.parse(header ?? 'null') as string[];
        expect(ids.length).toBeGreaterThan(0);
        for (const id of ids) expect([RUNBOOKS.id, PROD.id]).toContain(id);
      }
    },
  });
});
