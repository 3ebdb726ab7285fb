import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type {
  PaletteSearchInput,
  PaletteSearchKind,
  SearchResults,
} from '../../../machines/palette/commandPalette';
import {
  SEARCH_FAILED_MESSAGE,
  commandPaletteMachine,
  kindsFor,
  needsSearch,
  searchFailureMessage,
} from '../../../machines/palette/commandPalette';
import {
  itCoversEveryStateAndTransition,
  itReplaysStateAndTransitionPaths,
} from '../../support/generatedPaths';
import type { MachinePath } from '../../support/machinePaths';
import { generatePaths } from '../../support/machinePaths';
import { actorEvents, describePath, flush, inertMachine } from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof commandPaletteMachine>;
type Path = MachinePath<Snapshot>;

const ALL: readonly PaletteSearchKind[] = ['checks', 'configs', 'incidents', 'playbooks'];
const [SEARCH_DONE, SEARCH_ERROR] = actorEvents('search');
const DEBOUNCED = 'xstate.after.debounce.commandPalette.open.debouncing';

const FOUND: SearchResults = {
  checks: { status: 'ok', items: [{ id: 'c-1', name: 'api' }] },
  incidents: { status: 'error', message: 'incidents are down' },
};

/** Where the machine is: `closed` or `open.<child>`. */
function locate(snapshot: { value: unknown }): string {
  const value = snapshot.value as string | { open: string };
  return typeof value === 'string' ? value : `open.${value.open}`;
}

/** What can happen in each state: the user's keys, the pause after typing, the search's answer. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const where = locate(snapshot);
  if (where === 'closed') {
    return [{ type: 'palette.open', kinds: ALL }];
  }
  const events: AnyEventObject[] = [
    { type: 'palette.close' },
    { type: 'query.change', query: 'api' },
    { type: 'query.change', query: '' },
    { type: 'pick.start', action: 'runPlaybook' },
    { type: 'pick.start', action: 'timezone' },
    { type: 'pick.back' },
  ];
  if (where === 'open.debouncing') events.push({ type: DEBOUNCED });
  if (where === 'open.searching') {
    events.push(
      { type: SEARCH_DONE, output: FOUND },
      { type: SEARCH_ERROR, error: new Error('network down') },
    );
  }
  return events;
}

/** A vertex: the state, the mode, whether there is text, and what results are shown. */
function key(snapshot: Snapshot): string {
  const { mode, query, results } = snapshot.context;
  return JSON.stringify([
    locate(snapshot),
    mode.kind === 'main' ? 'main' : mode.action,
    query !== '',
    Object.keys(results).sort(),
  ]);
}

const traversal = { input: undefined, events: eventsFor, serializeState: key };
const { statePaths, transitionPaths } = generatePaths(commandPaletteMachine, traversal);

interface SearchCall {
  input: PaletteSearchInput;
  signal: AbortSignal;
  resolve: (value: SearchResults) => void;
  reject: (error: unknown) => void;
  /** Answered by the test. */
  settled?: boolean;
}

/**
 * The machine with a controllable search: the test answers every search. The pause is `pause`
 * ms (a minute by default, so that only a path's own `xstate.after` event ends it).
 */
function start(pause = 60_000) {
  const calls: SearchCall[] = [];
  const actor = createActor(
    commandPaletteMachine.provide({
      actors: {
        search: fromPromise<SearchResults, PaletteSearchInput>(
          ({ input, signal }) =>
            new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
        ),
      },
      delays: { debounce: pause },
    }),
  );
  actor.start();
  return { actor, calls };
}

/**
 * Replays a path on the real actor: the pause's end and the user's keys are sent, the search's
 * answer resolves or rejects the latest search. After each step the actor is where the path
 * says, with the same context; every unanswered search but the running one was aborted.
 */
async function replay(path: Path): Promise<void> {
  const { actor, calls } = start();
  for (const step of path.steps) {
    const { event } = step;
    const latest = calls.at(-1);
    if (latest && event.type === SEARCH_DONE) {
      latest.settled = true;
      latest.resolve((event as unknown as { output: SearchResults }).output);
    } else if (latest && event.type === SEARCH_ERROR) {
      latest.settled = true;
      latest.reject((event as unknown as { error: unknown }).error);
    } else {
      actor.send(event as never);
    }
    await flush();
    const snapshot = actor.getSnapshot();
    expect(locate(snapshot)).toBe(locate(step.state));
    expect(snapshot.context).toEqual(step.state.context);
    const searching = locate(snapshot) === 'open.searching';
    const running = searching ? calls.slice(0, -1) : calls;
    // A search left unanswered was stopped, and its requests aborted.
    for (const call of running) if (!call.settled) expect(call.signal.aborted).toBe(true);
    if (searching) {
      expect(calls.at(-1)?.input).toEqual({
        query: snapshot.context.query.trim(),
        kinds: kindsFor(snapshot.context.mode, snapshot.context.kinds),
      });
    }
  }
  actor.stop();
}

const name = (path: Path) => describePath(path, locate) || '(start)';

describe('commandPalette: generated paths', () => {
  itCoversEveryStateAndTransition(
    commandPaletteMachine,
    inertMachine(commandPaletteMachine, ['search']),
    { states: [{ paths: statePaths }], transitions: [{ paths: transitionPaths }] },
    {
      stateIds: [
        'commandPalette',
        'commandPalette.closed',
        'commandPalette.open',
        'commandPalette.open.debouncing',
        'commandPalette.open.idle',
        'commandPalette.open.results',
        'commandPalette.open.searching',
      ],
    },
  );

  it('include a keystroke that stops a search, and a search while picking', () => {
    const names = transitionPaths.map(name);
    expect(names).toContain(
      'palette.open→open.idle query.change→open.debouncing xstate.after.debounce.commandPalette.open.debouncing→open.searching query.change→open.debouncing',
    );
    expect(
      names.some((n) =>
        n.startsWith('palette.open→open.idle pick.start→open.idle query.change→open.debouncing'),
      ),
    ).toBe(true);
  });

  itReplaysStateAndTransitionPaths({ statePaths, transitionPaths }, name, replay);
});

describe('commandPalette: behaviour', () => {
  it('searches once typing pauses, and aborts the search of stale input', async () => {
    const { actor, calls } = start(0);
    actor.send({ type: 'palette.open', kinds: ALL });
    actor.send({ type: 'query.change', query: 'ab' });
    await flush();
    expect(calls.map((call) => call.input.query)).toEqual(['ab']);
    actor.send({ type: 'query.change', query: 'abc' });
    expect(calls[0]?.signal.aborted).toBe(true);
    await flush();
    calls[0]?.resolve(FOUND);
    calls[1]?.resolve({ checks: { status: 'ok', items: [] } });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      query: 'abc',
      resultsFor: 'abc',
      results: { checks: { status: 'ok', items: [] } },
    });
    actor.stop();
  });

  it('restarts the pause at every keystroke', () => {
    jest.useFakeTimers();
    try {
      const searches: string[] = [];
      const actor = createActor(
        commandPaletteMachine.provide({
          actors: {
            search: fromPromise<SearchResults, PaletteSearchInput>(async ({ input }) => {
              searches.push(input.query);
              return {};
            }),
          },
        }),
      );
      actor.start();
      actor.send({ type: 'palette.open', kinds: ALL });
      actor.send({ type: 'query.change', query: 'a' });
      jest.advanceTimersByTime(100);
      actor.send({ type: 'query.change', query: 'ap' });
      jest.advanceTimersByTime(100);
      expect(searches).toEqual([]);
      jest.advanceTimersByTime(60);
      expect(searches).toEqual(['ap']);
      actor.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('searches only the action’s kinds while picking, and nothing for time zones', async () => {
    const { actor, calls } = start(0);
    actor.send({ type: 'palette.open', kinds: ALL });
    actor.send({ type: 'pick.start', action: 'silence' });
    actor.send({ type: 'query.change', query: 'web' });
    await flush();
    expect(calls[0]?.input.kinds).toEqual(['configs', 'checks']);
    actor.send({ type: 'pick.start', action: 'timezone' });
    actor.send({ type: 'query.change', query: 'Berlin' });
    await flush();
    expect(calls).toHaveLength(1);
    expect(locate(actor.getSnapshot())).toBe('open.idle');
    expect(actor.getSnapshot().context.query).toBe('Berlin');
    actor.stop();
  });

  it('marks every searched kind as failed when the search itself fails', async () => {
    const { actor, calls } = start(0);
    actor.send({ type: 'palette.open', kinds: ['checks', 'views'] });
    actor.send({ type: 'query.change', query: 'x' });
    await flush();
    calls[0]?.reject({});
    await flush();
    expect(actor.getSnapshot().context.results).toEqual({
      checks: { status: 'error', message: SEARCH_FAILED_MESSAGE },
      views: { status: 'error', message: SEARCH_FAILED_MESSAGE },
    });
    actor.stop();
  });

  it('fails clearly when the console forgot to provide the search', async () => {
    const actor = createActor(commandPaletteMachine.provide({ delays: { debounce: 0 } }));
    actor.start();
    actor.send({ type: 'palette.open', kinds: ['checks'] });
    actor.send({ type: 'query.change', query: 'x' });
    await flush();
    await flush();
    expect(actor.getSnapshot().context.results).toEqual({
      checks: { status: 'error', message: 'commandPalette: provide the search actor' },
    });
    actor.stop();
  });

  it.each([
    ['words', 'words'],
    [new Error('boom'), 'boom'],
    [{ message: ' ' }, SEARCH_FAILED_MESSAGE],
    [null, SEARCH_FAILED_MESSAGE],
  ])('reads the message of %j as %j', (error, message) => {
    expect(searchFailureMessage(error)).toBe(message);
  });

  it('needs text and a kind to search', () => {
    expect(needsSearch(' ', { kind: 'main' }, ALL)).toBe(false);
    expect(needsSearch('a', { kind: 'main' }, [])).toBe(false);
    expect(needsSearch('a', { kind: 'picking', action: 'runCheck' }, ['configs'])).toBe(false);
    expect(needsSearch('a', { kind: 'picking', action: 'runCheck' }, ['checks'])).toBe(true);
  });
});
