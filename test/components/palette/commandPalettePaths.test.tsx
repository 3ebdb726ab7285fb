/**
 * The command palette driven along the `commandPalette` machine's generated paths
 * (machines/palette/commandPalette.ts) by `driveDialogAlongPaths`, in the shell: Ctrl+K opens
 * it, Escape goes back or closes, a pasted text or a cleared input is one `query.change`, the
 * arrows and Enter choose an action that picks ("Run check now", "Switch time zone").
 *
 * The pause after typing (20 ms here) and the search's answer follow the gesture on their own:
 * a search the path answers is answered by msw from the fixed data below (the views' search
 * fails, so its group shows the server's reason: the machine's `done`, since the console's
 * search reports each kind's failure in its results and never fails as a whole); a search the
 * path leaves unanswered (it ends there, or the user moves on) is held. A half-typed selector
 * (`api type=`) is answered 400 by the fake backend, so the palette rests in `invalid` with the
 * server's reason. So no user event is
 * modelled while debouncing: the pause is over before a gesture could come.
 */
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactElement } from 'react';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type {
  PaletteMode,
  PickAction,
  SearchResults,
} from '../../../machines/palette/commandPalette';
import {
  InvalidSelectorError,
  PALETTE_SEARCH_KINDS,
  commandPaletteMachine,
} from '../../../machines/palette/commandPalette';
import { appPages, createNavigation } from '../../../src/app/routes';
import type { CommandPaletteProps } from '../../../src/features/palette/CommandPalette';
import {
  CommandPalette,
  PALETTE_LABELS,
  PICK_PROMPTS,
} from '../../../src/features/palette/CommandPalette';
import { Layout } from '../../../src/shell/Layout';
import { ShellProvider } from '../../../src/shell/ShellContext';
import type { Gesture, ViewCheck } from '../../support/driveDialog';
import { answersInTurn, driveDialogAlongPaths } from '../../support/driveDialog';
import type { MachinePath } from '../../support/machinePaths';
import { describeActorEvent, where } from '../../support/machineReplay';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import type { PaletteData } from './paletteBackend';
import { paletteBackend } from './paletteBackend';

jest.setTimeout(30_000);

type Machine = typeof commandPaletteMachine;
type Snapshot = SnapshotFrom<Machine>;
type Path = MachinePath<Snapshot>;

const DATA: PaletteData = {
  resources: {
    checks: [
      { id: 'c-1', name: 'api-latency', type: 'http', namespace: 'prod' },
      { id: 'c-2', name: 'payments-api', type: 'http', namespace: 'shop' },
    ],
    configs: [{ id: 'cfg-1', name: 'api-gateway', type: 'Kubernetes::Deployment' }],
  },
  views: [{ id: 'view-1', name: 'api-overview', namespace: 'mission-control' }],
};
const VIEWS_DOWN = 'views are down';

/** What is typed: a search of the main list, of the checks to run, a time zone. */
const TYPED: Record<PaletteMode['kind'] | PickAction, string> = {
  main: 'api',
  picking: '',
  runCheck: 'payments',
  runPlaybook: '',
  silence: '',
  timezone: 'Berl',
};
const ACTION_LABELS: Partial<Record<PickAction, string>> = {
  runCheck: 'Run check now',
  timezone: 'Switch time zone',
};

const DEBOUNCED = 'xstate.after.debounce.commandPalette.open.debouncing';
const SEARCH_DONE = 'xstate.done.actor.search';
const SEARCH_ERROR = 'xstate.error.actor.search';

/** A half-typed selector the server refuses (400), and its reason as the palette shows it. */
const HALF_SELECTOR = 'api type=';
const REFUSED = 'checks[0].search: "type" needs a value';

const typedIn = (mode: PaletteMode) => TYPED[mode.kind === 'main' ? 'main' : mode.action];

/** What the server finds for the kinds searched with `query`, as the machine receives it. */
function found(query: string, kinds: readonly string[]): SearchResults {
  const results: SearchResults = {};
  const matching = (rows: ReadonlyArray<{ id: string; name: string }>) =>
    rows.filter((row) => row.name.includes(query)).map((row) => ({ id: row.id, name: row.name }));
  for (const kind of PALETTE_SEARCH_KINDS) {
    if (!kinds.includes(kind)) continue;
    results[kind] =
      kind === 'views'
        ? { status: 'error', message: VIEWS_DOWN }
        : { status: 'ok', items: matching(DATA.resources?.[kind] ?? []) };
  }
  return results;
}

/** What the user (and the pause, and the server) can do in each state. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const { mode, query, kinds } = snapshot.context;
  const type = typedIn(mode);
  const change = query === '' ? type : '';
  const edit =
    change === '' && mode.kind === 'main' ? [] : [{ type: 'query.change', query: change }];
  const clear = query === '' ? [] : [{ type: 'query.change', query: '' }];
  switch (where(snapshot)) {
    case 'closed':
      return [{ type: 'palette.open', kinds: [...PALETTE_SEARCH_KINDS] }];
    case 'open.idle':
      if (mode.kind === 'picking') return [...edit, ...clear, { type: 'pick.back' }];
      return [
        ...(query === ''
          ? [
              { type: 'query.change', query: type },
              { type: 'query.change', query: HALF_SELECTOR },
            ]
          : clear),
        { type: 'pick.start', action: 'runCheck' },
        { type: 'pick.start', action: 'timezone' },
        { type: 'palette.close' },
      ];
    case 'open.debouncing':
      return [{ type: DEBOUNCED }];
    case 'open.searching': {
      const searched = mode.kind === 'main' ? kinds : mode.action === 'runCheck' ? ['checks'] : [];
      const answer =
        query === HALF_SELECTOR
          ? { type: SEARCH_ERROR, error: new InvalidSelectorError(REFUSED) }
          : { type: SEARCH_DONE, output: found(query.trim(), searched) };
      return [
        answer,
        ...clear,
        mode.kind === 'main' ? { type: 'palette.close' } : { type: 'pick.back' },
      ];
    }
    case 'open.results':
      return [...clear, mode.kind === 'main' ? { type: 'palette.close' } : { type: 'pick.back' }];
    case 'open.invalid':
      return [...clear, { type: 'palette.close' }];
    default:
      return [];
  }
}

/** A vertex: the state, the mode, whether something is typed, and whether it is half a selector. */
function key(snapshot: Snapshot): string {
  const { mode, query } = snapshot.context;
  return JSON.stringify([where(snapshot), mode, query !== '', query === HALF_SELECTOR]);
}

/** The searches of the path, in order: answered, or (the path moves on without) held. */
function answersOf(path: Path): Array<'answered' | undefined> {
  const answers: Array<'answered' | undefined> = [];
  path.steps.forEach((step, index) => {
    const answered = (type: string | undefined) => type === SEARCH_DONE || type === SEARCH_ERROR;
    if (where(step.state) !== 'open.searching' || answered(step.event.type)) return;
    answers.push(answered(path.steps[index + 1]?.event.type) ? 'answered' : undefined);
  });
  return answers;
}

/** The palette with a short pause after typing. */
function QuickPalette(props: CommandPaletteProps): ReactElement {
  return <CommandPalette {...props} debounceMs={20} />;
}

const navigation = createNavigation(appPages);

/** The shell, its backend answering the path's searches and holding the others. */
function renderShell(path: Path) {
  const backend = paletteBackend(DATA);
  const answer = answersInTurn(answersOf(path));
  server.use(
    http.post('*/api/resources/search', async () => {
      // Answered (or held until the test ends), then from the data by the palette's backend.
      await answer();
      return undefined;
    }),
    http.get('*/api/db/views', () => HttpResponse.json({ message: VIEWS_DOWN }, { status: 500 })),
  );
  const rendered = renderApp(
    [
      {
        element: (
          <ShellProvider commandPalette={QuickPalette} onSignOut={() => undefined}>
            <Layout navigation={navigation} />
          </ShellProvider>
        ),
        children: [{ path: '*', element: <p>Page</p> }],
      },
    ],
    { url: '/topology', userOptions: { delay: null } },
  );
  return { ...rendered, backend };
}

type Rendered = ReturnType<typeof renderShell>;

const ui = {
  dialog: () => screen.getByRole('dialog', { name: PALETTE_LABELS.dialog }),
  input: () => within(ui.dialog()).getByRole('combobox', { name: PALETTE_LABELS.input }),
  status: () => within(ui.dialog()).getByRole('status'),
  options: () =>
    within(ui.dialog())
      .queryAllByRole('option')
      .map((option) => option.querySelector('.mc-palette-option-name')?.textContent),
  selected: () =>
    within(ui.dialog())
      .getAllByRole('option')
      .find((option) => option.getAttribute('aria-selected') === 'true')
      ?.querySelector('.mc-palette-option-name')?.textContent,
};

/** Moves down the list to the action and presses Enter. */
const chooseAction: Gesture<Machine, Rendered> = async ({ user }, event) => {
  const label = ACTION_LABELS[event.action as PickAction]!;
  expect(ui.options()).toContain(label);
  while (ui.selected() !== label) await user.keyboard('{ArrowDown}');
  await user.keyboard('{Enter}');
};

const GESTURES: Record<string, Gesture<Machine, Rendered>> = {
  'palette.open': async ({ user }) => {
    await screen.findByText('Page');
    await user.keyboard('{Control>}k{/Control}');
  },
  'palette.close': ({ user }) => user.keyboard('{Escape}'),
  'pick.back': ({ user }) => user.keyboard('{Escape}'),
  'pick.start': chooseAction,
  'query.change': async ({ user }, event) => {
    const query = String(event.query);
    if (query === '') {
      await user.clear(ui.input());
    } else {
      await user.click(ui.input());
      await user.paste(query);
    }
  },
};

/** The open palette: the input with what was typed, focused, and the mode's prompt. */
function expectOpen(state: Snapshot) {
  const { mode, query } = state.context;
  expect(ui.input()).toHaveValue(query);
  expect(ui.input()).toHaveFocus();
  const back = within(ui.dialog()).queryByText(PALETTE_LABELS.back);
  if (mode.kind === 'main') {
    expect(back).toBeNull();
  } else {
    expect(back).not.toBeNull();
    if (mode.action !== 'timezone' && query === '') {
      expect(ui.input()).toHaveAttribute('placeholder', PICK_PROMPTS[mode.action]);
    }
  }
}

const VIEWS: Record<string, ViewCheck<Machine, Rendered>> = {
  closed: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
  },
  'open.idle': (_rendered, { state }) => {
    expectOpen(state);
    const { mode, query } = state.context;
    expect(ui.status()).not.toHaveTextContent(PALETTE_LABELS.searching);
    if (mode.kind === 'main') {
      // The actions and pages to choose from.
      expect(ui.options()).toEqual(expect.arrayContaining(['Run check now', 'Health']));
    } else if (mode.action === 'timezone' && query !== '') {
      // A zone is named with its offset, e.g. `(UTC+01:00) Europe/Berlin`.
      expect(ui.options()).toContainEqual(expect.stringMatching(/ Europe\/Berlin$/));
    }
  },
  'open.debouncing': (_rendered, { state }) => {
    expectOpen(state);
    expect(ui.status()).toHaveTextContent(PALETTE_LABELS.searching);
  },
  'open.searching': (_rendered, { state }) => {
    expectOpen(state);
    expect(ui.status()).toHaveTextContent(PALETTE_LABELS.searching);
  },
  'open.invalid': (_rendered, { state }) => {
    expectOpen(state);
    expect(ui.status()).not.toHaveTextContent(PALETTE_LABELS.searching);
    // The server's reason, quietly: no error group, the results kept (none before here).
    expect(within(ui.dialog()).getByText(`${PALETTE_LABELS.notSearched} ${REFUSED}`)).toBeVisible();
    expect(ui.dialog().querySelector('.mc-palette-error')).toBeNull();
  },
  'open.results': (_rendered, { state }) => {
    expectOpen(state);
    expect(ui.status()).not.toHaveTextContent(PALETTE_LABELS.searching);
    // Every kind's items, or its reason.
    for (const result of Object.values(state.context.results)) {
      if (result.status === 'error') {
        expect(within(ui.dialog()).getByText(result.message)).toBeInTheDocument();
      } else {
        expect(ui.options()).toEqual(expect.arrayContaining(result.items.map((item) => item.name)));
      }
    }
  },
};

describe('command palette along the machine’s paths', () => {
  driveDialogAlongPaths(commandPaletteMachine, {
    events: eventsFor,
    serializeState: key,
    transitions: true,
    render: renderShell,
    gestures: GESTURES,
    expectState: VIEWS,
    describeEvent: (event) => {
      if (event.type === DEBOUNCED) return 'paused';
      if (event.type === 'query.change') return `query(${String(event.query)})`;
      if (event.type === 'pick.start') return `pick(${String(event.action)})`;
      return describeActorEvent(event);
    },
  });
});
