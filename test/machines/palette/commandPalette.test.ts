import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type {
  PaletteSearchInput,
  PaletteSearchKind,
  SearchResults,
} from '../../../machines/palette/commandPalette';
import {
  InvalidSelectorError,
  SEARCH_FAILED_MESSAGE,
  commandPaletteMachine,
  kindsFor,
  needsSearch,
  searchFailureMessage,
  searchInputOf,
} from '../../../machines/palette/commandPalette';
import { readPaletteQuery, unknownKindMessage } from '../../../machines/palette/paletteQuery';
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
    { type: 'query.change', query: '#config type=' },
    { type: 'query.change', query: '#nothing api' },
    { type: 'query.change', query: '' },
    { type: 'kinds.off', off: ['incidents'] },
    { type: 'pick.start', action: 'runPlaybook' },
    { type: 'pick.start', action: 'timezone' },
    { type: 'pick.back' },
  ];
  if (where === 'open.debouncing') events.push({ type: DEBOUNCED });
  if (where === 'open.searching') {
    events.push(
      { type: SEARCH_DONE, output: FOUND },
      { type: SEARCH_ERROR, error: new Error('network down') },
      { type: SEARCH_ERROR, error: new InvalidSelectorError(BAD_SELECTOR) },
    );
  }
  return events;
}

const BAD_SELECTOR = 'configs[0].search: "type" needs a value (at column 6)';

/** What is typed: nothing, a `#word` naming no kind, or text to search. */
const typed = (query: string) =>
  query === '' ? 'nothing' : readPaletteQuery(query).unknownKind !== undefined ? 'unknown' : 'text';

/**
 * A vertex: the state, the mode, what is typed, what results are shown, and whether a problem
 * is said.
 */
function key(snapshot: Snapshot): string {
  const { mode, query, results, problem } = snapshot.context;
  return JSON.stringify([
    locate(snapshot),
    mode.kind === 'main' ? 'main' : mode.action,
    typed(query),
    Object.keys(results).sort(),
    problem !== null,
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
      expect(calls.at(-1)?.input).toEqual(searchInputOf(snapshot.context));
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
        'commandPalette.open.invalid',
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

  it('keeps the last results and says why while the server refuses a half-typed selector', async () => {
    const { actor, calls } = start(0);
    actor.send({ type: 'palette.open', kinds: ALL });
    actor.send({ type: 'query.change', query: 'api' });
    await flush();
    calls[0]?.resolve(FOUND);
    await flush();
    actor.send({ type: 'query.change', query: 'api type=' });
    await flush();
    calls[1]?.reject(new InvalidSelectorError(BAD_SELECTOR));
    await flush();
    expect(locate(actor.getSnapshot())).toBe('open.invalid');
    expect(actor.getSnapshot().context).toMatchObject({
      results: FOUND,
      resultsFor: 'api',
      problem: BAD_SELECTOR,
    });
    actor.send({ type: 'query.change', query: 'api type=http' });
    await flush();
    calls[2]?.resolve({ checks: { status: 'ok', items: [] } });
    await flush();
    expect(locate(actor.getSnapshot())).toBe('open.results');
    expect(actor.getSnapshot().context).toMatchObject({
      resultsFor: 'api type=http',
      problem: null,
    });
    actor.stop();
  });

  it('searches the one kind a #kind directive names, with the text after it', async () => {
    const { actor, calls } = start(0);
    actor.send({ type: 'palette.open', kinds: ALL, off: ['configs'] });
    actor.send({
      type: 'query.change',
      query: '#config type=Kubernetes::Deployment health=unhealthy',
    });
    await flush();
    expect(calls[0]?.input).toEqual({
      query: 'type=Kubernetes::Deployment health=unhealthy',
      kinds: ['configs'],
      selector: true,
    });
    actor.stop();
  });

  it('says a #word naming no kind once typing pauses, without asking the server', async () => {
    const { actor, calls } = start(0);
    actor.send({ type: 'palette.open', kinds: ALL });
    actor.send({ type: 'query.change', query: '#conf' });
    expect(locate(actor.getSnapshot())).toBe('open.idle');
    actor.send({ type: 'query.change', query: '#conf api' });
    await flush();
    expect(calls).toHaveLength(0);
    expect(locate(actor.getSnapshot())).toBe('open.invalid');
    expect(actor.getSnapshot().context.problem).toBe(unknownKindMessage('conf'));
    actor.stop();
  });

  it('searches a selector only in the kinds that read selectors, and not those switched off', async () => {
    const { actor, calls } = start(0);
    actor.send({ type: 'palette.open', kinds: ALL });
    actor.send({ type: 'query.change', query: 'health=unhealthy' });
    await flush();
    expect(calls[0]?.input.kinds).toEqual(['checks', 'configs', 'playbooks']);
    actor.send({ type: 'kinds.off', off: ['checks'] });
    await flush();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.input).toEqual({
      query: 'health=unhealthy',
      kinds: ['configs', 'playbooks'],
      selector: true,
    });
    actor.send({ type: 'query.change', query: '' });
    actor.send({ type: 'kinds.off', off: [] });
    expect(locate(actor.getSnapshot())).toBe('open.idle');
    expect(actor.getSnapshot().context.off).toEqual([]);
    actor.stop();
  });

  it.each([
    ['api', { text: 'api', selector: false }],
    ['  #config  ', { text: '', kind: 'configs', selector: false }],
    ['#changes tags.cluster=prod', { text: 'tags.cluster=prod', kind: 'changes', selector: true }],
    ['#Canary web', { text: 'web', kind: 'canaries', selector: false }],
    ['#what x', { text: 'x', unknownKind: 'what', selector: false }],
    ['type!=http -old', { text: 'type!=http -old', selector: true }],
    ['owner:payments', { text: 'owner:payments', selector: false }],
    ['created_at>now-1h', { text: 'created_at>now-1h', selector: true }],
  ])('reads %j', (input, read) => {
    expect(readPaletteQuery(input)).toEqual(read);
  });

  it('searches nothing for a bare #kind, and everything not switched off otherwise', () => {
    expect(needsSearch('#config', { kind: 'main' }, ALL)).toBe(false);
    expect(needsSearch('#config x', { kind: 'main' }, ['checks'])).toBe(false);
    expect(kindsFor({ kind: 'main' }, ALL, 'api', ['incidents'])).toEqual([
      'checks',
      'configs',
      'playbooks',
    ]);
    expect(kindsFor({ kind: 'main' }, ALL, '#incident api', ['incidents'])).toEqual(['incidents']);
  });

  it('needs text and a kind to search', () => {
    expect(needsSearch(' ', { kind: 'main' }, ALL)).toBe(false);
    expect(needsSearch('a', { kind: 'main' }, [])).toBe(false);
    expect(needsSearch('a', { kind: 'picking', action: 'runCheck' }, ['configs'])).toBe(false);
    expect(needsSearch('a', { kind: 'picking', action: 'runCheck' }, ['checks'])).toBe(true);
  });
});
