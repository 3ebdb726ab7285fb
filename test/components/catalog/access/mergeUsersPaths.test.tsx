/**
 * The merge dialog of the by-user list driven along the `mergeExternalUsers` machine's generated
 * paths (machines/access/mergeExternalUsers.ts) by `driveDialogAlongPaths`: bob is merged into
 * alice, chosen in the picker. The server's answer to each merge is chosen per path before the
 * dialog opens (merged, or refused with its reason); a merge the path does not answer is held,
 * so "Merging" stays on screen.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { MergeUser } from '../../../../machines/access/mergeExternalUsers';
import { mergeExternalUsersMachine } from '../../../../machines/access/mergeExternalUsers';
import { httpError } from '../../../../src/api/errors';
import { paths } from '../../../../src/shell/paths';
import { clearToasts } from '../../../../src/ui/toaster';
import type { Gesture, ViewCheck } from '../../../support/driveDialog';
import { driveDialogAlongPaths } from '../../../support/driveDialog';
import type { MachinePath } from '../../../support/machinePaths';
import { actorEvents, describeActorEvent, where } from '../../../support/machineReplay';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { SLOW, findTable, rowWith } from '../../../support/tables';
import { ALICE, BOB, accessBackend } from './accessBackend';
import type { RpcAnswer } from './identityBackend';
import { identityBackend } from './identityBackend';

jest.setTimeout(30_000);
type Machine = typeof mergeExternalUsersMachine;
type Snapshot = SnapshotFrom<Machine>;
type Path = MachinePath<Snapshot>;

const BY_USER = 'Access by user';
const DUPLICATE = { id: BOB, name: 'bob', email: 'bob@acme.io', accessCount: 1 };
const PRIMARY: MergeUser = { id: ALICE, name: 'alice', email: 'alice@acme.io' };
const INPUT = { duplicate: DUPLICATE };
const REFUSAL = 'active external user 018f4b8e does not exist';
const SUMMARY =
  'bob (bob@acme.io) will be merged into alice: its 1 access row, groups and sign-ins move to ' +
  'alice, its identities become aliases of alice, and bob is removed. This cannot be undone.';
const [MERGE_DONE, MERGE_ERROR] = actorEvents('merge');

/**
 * What the user and the server can do in each state. The picker never offers the user merged
 * away, and Next is disabled until a user to keep is chosen, so neither is a gesture here.
 */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const chosen = snapshot.context.primary !== undefined;
  switch (where(snapshot)) {
    case 'choosing':
      return chosen
        ? [{ type: 'primary.choose', primary: undefined }, { type: 'next' }, { type: 'close' }]
        : [{ type: 'primary.choose', primary: PRIMARY }, { type: 'close' }];
    case 'confirming':
      return [{ type: 'confirm' }, { type: 'back' }, { type: 'close' }];
    case 'merging':
      return [
        { type: MERGE_DONE, output: ALICE },
        { type: MERGE_ERROR, error: httpError(409, { message: REFUSAL }) },
        // Closing waits for the merge.
        { type: 'close' },
      ];
    case 'failed':
      return [{ type: 'retry' }, { type: 'back' }, { type: 'close' }];
    default:
      return [];
  }
}

/** A vertex: the state, whether a user to keep is chosen, whether the last merge failed. */
function key(snapshot: Snapshot): string {
  const { primary, error } = snapshot.context;
  return JSON.stringify([where(snapshot), primary !== undefined, error !== undefined]);
}

/** The answers of the path's merges in order; one more, held, for a merge it leaves running. */
function answersOf(path: Path): RpcAnswer[] {
  const answered = path.steps
    .filter(({ event }) => event.type === MERGE_DONE || event.type === MERGE_ERROR)
    .map(({ event }): RpcAnswer => (event.type === MERGE_DONE ? 'ok' : { refuse: REFUSAL }));
  return [...answered, 'hold'];
}

let release: (() => void) | undefined;
afterEach(async () => {
  release?.();
  release = undefined;
  await act(() => clearToasts());
});

/** The page with bob's merge dialog open, the server answering its merges as the path says. */
async function renderMerge(path: Path) {
  accessBackend();
  const backend = identityBackend({ merge: answersOf(path) });
  release = backend.release;
  const rendered = renderPages(pagesAt(paths.catalogAccess.path), '/catalog/access', {
    userOptions: { delay: null },
  });
  await findTable(BY_USER);
  const menu = await waitFor(
    () => within(rowWith(BY_USER, 'bob')).getByRole('button', { name: 'Identity actions for bob' }),
    SLOW,
  );
  await rendered.user.click(menu);
  await rendered.user.click(await screen.findByRole('menuitem', { name: 'Merge into…' }));
  await screen.findByRole('dialog');
  return { ...rendered, backend };
}

type Rendered = Awaited<ReturnType<typeof renderMerge>>;

const ui = {
  dialog: () => screen.getByRole('dialog'),
  queryDialog: () => screen.queryByRole('dialog'),
  button: (name: string | RegExp) => within(ui.dialog()).getByRole('button', { name }),
  queryButton: (name: string) => within(ui.dialog()).queryByRole('button', { name }),
  keep: () => screen.getByLabelText(/^User to keep/),
};

const GESTURES: Record<string, Gesture<Machine, Rendered>> = {
  'primary.choose': async ({ user }, event) => {
    if (!event.primary) {
      await user.click(ui.button('Clear User to keep'));
      return;
    }
    await user.click(ui.keep());
    await user.type(ui.keep(), 'ali');
    // The picker's result (the page's user filter, a native select, has one of that name too).
    const option = await waitFor(() => {
      const found = screen
        .getAllByRole('option', { name: /^alice/ })
        .find((element) => element.tagName !== 'OPTION');
      expect(found).toBeDefined();
      return found!;
    }, SLOW);
    await user.click(within(option).getByText('alice'));
  },
  next: ({ user }) => user.click(ui.button('Next')),
  confirm: ({ user }) => user.click(ui.button('Merge')),
  retry: ({ user }) => user.click(ui.button('Retry')),
  back: ({ user }) => user.click(ui.button('Back')),
  close: async ({ user }, _event, before) => {
    // Cancel while choosing; the title's Close otherwise.
    await user.click(where(before) === 'choosing' ? ui.button('Cancel') : ui.button('Close'));
  },
};

/** The confirmation says what will change, and no failure shows. */
function expectSummary() {
  expect(within(ui.dialog()).getByRole('status')).toHaveTextContent(SUMMARY);
}

const VIEWS: Record<string, ViewCheck<Machine, Rendered>> = {
  choosing: (_rendered, { state }) => {
    expect(within(ui.dialog()).getByRole('heading', { name: 'Merge bob' })).toBeVisible();
    const chosen = state.context.primary !== undefined;
    expect(ui.keep()).toHaveValue(chosen ? 'alice' : '');
    if (chosen) expect(ui.button('Next')).toBeEnabled();
    else expect(ui.button('Next')).toBeDisabled();
    expect(within(ui.dialog()).queryByRole('alert')).toBeNull();
  },
  confirming: () => {
    expectSummary();
    expect(within(ui.dialog()).queryByRole('alert')).toBeNull();
    expect(ui.button('Merge')).toBeEnabled();
    expect(ui.button('Back')).toBeEnabled();
  },
  merging: () => {
    expectSummary();
    expect(ui.button('Merging')).toBeDisabled();
    expect(ui.button('Merging')).toHaveAttribute('aria-busy', 'true');
    expect(ui.button('Back')).toBeDisabled();
  },
  failed: () => {
    expectSummary();
    expect(within(ui.dialog()).getByRole('alert')).toHaveTextContent(REFUSAL);
    expect(ui.button('Retry')).toBeEnabled();
    expect(ui.button('Back')).toBeEnabled();
    expect(ui.queryButton('Merge')).toBeNull();
  },
  merged: () => {
    expect(ui.queryDialog()).toBeNull();
    expect(screen.getByText('bob merged into alice')).toBeInTheDocument();
  },
  closed: () => {
    expect(ui.queryDialog()).toBeNull();
    expect(screen.queryByText('bob merged into alice')).toBeNull();
  },
};

describe('Merge external users along the machine’s paths', () => {
  driveDialogAlongPaths(mergeExternalUsersMachine, {
    input: INPUT,
    events: eventsFor,
    serializeState: key,
    transitions: true,
    render: renderMerge,
    gestures: GESTURES,
    expectState: VIEWS,
    describeEvent: (event) =>
      event.type === 'primary.choose'
        ? `choose(${(event.primary as MergeUser | undefined)?.name ?? 'none'})`
        : describeActorEvent(event),
    afterPath: ({ backend }, path) => {
      // One merge asked per Merge and Retry, always bob into alice.
      const asked = path.steps.filter(
        ({ event }) => event.type === 'confirm' || event.type === 'retry',
      ).length;
      expect(backend.mergeBodies).toEqual(
        Array.from({ length: asked }, () => ({ p_primary_id: ALICE, p_duplicate_id: BOB })),
      );
    },
  });
});
