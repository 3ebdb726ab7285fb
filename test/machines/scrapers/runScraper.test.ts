import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  DEFAULT_SCRAPE_RUN_CHOICES,
  RUN_NOT_RECORDED,
  RUN_SCRAPER_FAILED,
  runScraperMachine,
} from '../../../machines/scrapers/runScraper';
import { httpError, networkError } from '../../../src/api/errors';
import {
  itCoversEveryStateAndTransition,
  itReplaysStateAndTransitionPaths,
} from '../../support/generatedPaths';
import type { MachinePath } from '../../support/machinePaths';
import { generatePaths } from '../../support/machinePaths';
import {
  actorEvents,
  describeActorEvent,
  describePath as describeSteps,
  flush,
  inertMachine,
  replayPath,
  startControllable,
} from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof runScraperMachine>;
type Path = MachinePath<Snapshot>;

const SCRAPER_ID = 'scraper-1';
const INPUT = { scraperId: SCRAPER_ID };
const RUN_ID = 'run-1';
const [RUN_DONE, RUN_ERROR] = actorEvents('runScraper');

/** What the user and the server can do in each state. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'choosing':
    case 'failed':
      return [
        { type: 'choices.change', choices: { captureHAR: false } },
        { type: 'choices.change', choices: { logLevel: 'debug' } },
        { type: 'run.start' },
      ];
    case 'running':
      return [
        { type: RUN_DONE, output: { job_history_id: RUN_ID, status: 'RUNNING' } },
        { type: RUN_DONE, output: { status: 'SUCCESS' } },
        { type: RUN_ERROR, error: httpError(404, { error: 'scraper with id=x was not found' }) },
        { type: RUN_ERROR, error: networkError() },
        { type: RUN_ERROR, error: {} },
      ];
    default:
      return [];
  }
}

/** A vertex: the state, the reason on screen and the choices made. */
function key(snapshot: Snapshot): string {
  const { error, choices } = snapshot.context;
  return JSON.stringify([snapshot.value, error ?? null, choices]);
}

const traversal = { input: INPUT, events: eventsFor, serializeState: key };
const { statePaths, transitionPaths } = generatePaths(runScraperMachine, traversal);
const ACTORS = ['runScraper'];

const describePath = (path: Path) =>
  describeSteps(path, (snapshot) => String(snapshot.value), describeActorEvent);

describe('runScraper: generated paths', () => {
  itCoversEveryStateAndTransition(
    runScraperMachine,
    inertMachine(runScraperMachine, ACTORS),
    {
      states: [{ input: INPUT, paths: statePaths }],
      transitions: [{ input: INPUT, paths: transitionPaths }],
    },
    {
      stateIds: [
        'runScraper',
        'runScraper.choosing',
        'runScraper.failed',
        'runScraper.running',
        'runScraper.started',
      ],
      transitions: 7,
    },
  );

  itReplaysStateAndTransitionPaths({ statePaths, transitionPaths }, describePath, (path) =>
    replayPath(runScraperMachine, ACTORS, INPUT, path),
  );
});

describe('runScraper: behaviour', () => {
  it('asks for the run with the choices made, and keeps the run it names', async () => {
    const { actor, calls } = startControllable(runScraperMachine, ['runScraper'], INPUT);
    expect(actor.getSnapshot().context.choices).toEqual(DEFAULT_SCRAPE_RUN_CHOICES);
    actor.send({ type: 'choices.change', choices: { captureHAR: false, logLevel: 'trace' } });
    actor.send({ type: 'run.start' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.input).toEqual({
      scraperId: SCRAPER_ID,
      captureHAR: false,
      captureLogs: true,
      captureSnapshots: true,
      logLevel: 'trace',
    });
    calls[0]?.resolve({ job_history_id: RUN_ID, status: 'RUNNING' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.runId).toBe(RUN_ID);
  });

  it('shows the reason of a refusal, keeps the choices and tries again', async () => {
    const { actor, calls } = startControllable(runScraperMachine, ['runScraper'], INPUT);
    actor.send({ type: 'choices.change', choices: { captureLogs: false } });
    actor.send({ type: 'run.start' });
    calls[0]?.reject(new Error('scraper with id=scraper-1 was not found'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('scraper with id=scraper-1 was not found');
    expect(actor.getSnapshot().context.choices.captureLogs).toBe(false);
    actor.send({ type: 'run.start' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    calls[1]?.reject({});
    await flush();
    expect(actor.getSnapshot().context.error).toBe(RUN_SCRAPER_FAILED);
    // Changing a choice after a failure goes back to choosing, without the old reason.
    actor.send({ type: 'choices.change', choices: { captureLogs: true } });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('fails when the backend names no run', async () => {
    const { actor, calls } = startControllable(runScraperMachine, ['runScraper'], INPUT);
    actor.send({ type: 'run.start' });
    calls[0]?.resolve({ status: 'SUCCESS' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(RUN_NOT_RECORDED);
  });

  it('ignores clicks while the run is asked for', () => {
    const { actor, calls } = startControllable(runScraperMachine, ['runScraper'], INPUT);
    actor.send({ type: 'run.start' });
    actor.send({ type: 'run.start' });
    actor.send({ type: 'choices.change', choices: { captureHAR: false } });
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().context.choices.captureHAR).toBe(true);
  });
});
