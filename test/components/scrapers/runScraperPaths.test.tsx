/**
 * Run Now on a scraper driven along the `runScraper` machine's generated paths
 * (machines/scrapers/runScraper.ts): the user's choices and clicks, and the server's answers to
 * `POST /api/config/run/{id}` chosen per path before the dialog opens (an answer the path does
 * not give is held, so a run asked for stays on screen). A started run opens its page.
 */
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  DEFAULT_SCRAPE_RUN_CHOICES,
  RUN_NOT_RECORDED,
  runScraperMachine,
} from '../../../machines/scrapers/runScraper';
import { httpError } from '../../../src/api/errors';
import {
  RUN_SCRAPER_TEXT,
  RunScraperDialog,
} from '../../../src/features/resources/runNow/RunScraperDialog';
import type { MachinePath } from '../../support/machinePaths';
import type { ViewCheck } from '../../support/driveDialog';
import { answersInTurn, driveDialogAlongPaths } from '../../support/driveDialog';
import { actorEvents, describeActorEvent } from '../../support/machineReplay';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';

jest.setTimeout(30_000);

type Snapshot = SnapshotFrom<typeof runScraperMachine>;
type Path = MachinePath<Snapshot>;

const SCRAPER_ID = '0190d1a2-7c4e-7000-8000-0000000005c1';
const RUN_ID = '0190d1a2-7c4e-7000-8000-0000000005e1';
const NAME = 'kubernetes-prod';
const NOT_FOUND = `scraper with id=${SCRAPER_ID} was not found`;

type Answer = { status: number; body: Record<string, unknown> };
type AnsweredEvent = AnyEventObject & { answer: Answer };

const [RUN_DONE, RUN_ERROR] = actorEvents('runScraper');

const started = (): AnsweredEvent => ({
  type: RUN_DONE,
  output: { job_history_id: RUN_ID, status: 'RUNNING' },
  answer: { status: 200, body: { job_history_id: RUN_ID, status: 'RUNNING' } },
});
const unnamed = (): AnsweredEvent => ({
  type: RUN_DONE,
  output: { status: 'SUCCESS' },
  answer: { status: 200, body: { status: 'SUCCESS' } },
});
const refused = (status: number, body: Record<string, unknown>): AnsweredEvent => ({
  type: RUN_ERROR,
  error: httpError(status, body),
  answer: { status, body },
});

function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'choosing':
    case 'failed':
      return [
        { type: 'choices.change', choices: { captureHAR: !snapshot.context.choices.captureHAR } },
        { type: 'choices.change', choices: { logLevel: 'debug' } },
        { type: 'run.start' },
      ];
    case 'running':
      return [started(), unnamed(), refused(404, { error: NOT_FOUND }), refused(500, {})];
    default:
      return [];
  }
}

/** A vertex: the state, the reason on screen, whether the choices are still the defaults. */
function key(snapshot: Snapshot): string {
  const { error, choices } = snapshot.context;
  const changed = JSON.stringify(choices) !== JSON.stringify(DEFAULT_SCRAPE_RUN_CHOICES);
  return JSON.stringify([snapshot.value, error ?? null, changed]);
}

function renderDialog(path: Path) {
  const answers: Answer[] = [];
  for (const { event } of path.steps) {
    const { answer } = event as Partial<AnsweredEvent>;
    if (answer) answers.push(answer);
  }
  const next = answersInTurn(answers);
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/config/run/:id', async ({ request, params }) => {
      expect(params.id).toBe(SCRAPER_ID);
      bodies.push(await request.json());
      const given = await next();
      return given === undefined
        ? HttpResponse.json({ error: 'held' }, { status: 503 })
        : HttpResponse.json(given.body, { status: given.status });
    }),
  );
  const rendered = renderApp(
    <RunScraperDialog isOpen scraperId={SCRAPER_ID} name={NAME} onClose={() => undefined} />,
    { url: `/catalog/scrapers?run=${SCRAPER_ID}`, userOptions: { delay: null } },
  );
  return { ...rendered, bodies };
}

type Rendered = ReturnType<typeof renderDialog>;

const ui = {
  dialog: () => screen.getByRole('dialog', { name: RUN_SCRAPER_TEXT.title(NAME) }),
  run: () =>
    within(ui.dialog()).getByRole('button', {
      name: new RegExp(`^(${RUN_SCRAPER_TEXT.run}|${RUN_SCRAPER_TEXT.retry})$`),
    }),
  har: () => within(ui.dialog()).getByRole('checkbox', { name: RUN_SCRAPER_TEXT.captureHAR }),
  level: () => within(ui.dialog()).getByRole('combobox', { name: RUN_SCRAPER_TEXT.logLevel }),
  alert: () => within(ui.dialog()).queryByRole('alert'),
};

/** The choices as the state has them, on screen. */
const showsChoices: ViewCheck<typeof runScraperMachine, Rendered> = (_rendered, { state }) => {
  const { choices } = state.context;
  expect(ui.har()).toHaveProperty('checked', choices.captureHAR);
  expect(ui.level()).toHaveValue(choices.logLevel);
};

describe('Run Now on a scraper along the machine’s paths', () => {
  driveDialogAlongPaths(runScraperMachine, {
    input: { scraperId: SCRAPER_ID },
    events: eventsFor,
    serializeState: key,
    transitions: true,
    locate: (snapshot) => String(snapshot.value),
    describeEvent: describeActorEvent,
    render: renderDialog,
    gestures: {
      'choices.change': async ({ user }, event) => {
        const { choices } = event as unknown as { choices: Record<string, unknown> };
        if ('logLevel' in choices) await user.selectOptions(ui.level(), String(choices.logLevel));
        else await user.click(ui.har());
      },
      'run.start': async ({ user }) => user.click(ui.run()),
    },
    expectState: {
      choosing: (rendered, step) => {
        showsChoices(rendered, step);
        expect(ui.run()).toHaveTextContent(RUN_SCRAPER_TEXT.run);
        expect(ui.run()).toBeEnabled();
        expect(ui.alert()).toBeNull();
      },
      running: (rendered, step) => {
        showsChoices(rendered, step);
        expect(ui.run()).toHaveClass(Classes.LOADING);
        expect(ui.har()).toBeDisabled();
      },
      failed: (rendered, step) => {
        showsChoices(rendered, step);
        const { error } = step.state.context;
        // The server's reason; the app's own words when it gives none.
        expect([NOT_FOUND, RUN_NOT_RECORDED, 'An error occurred']).toContain(error);
        expect(ui.alert()).toHaveTextContent(error!);
        expect(ui.run()).toHaveTextContent(RUN_SCRAPER_TEXT.retry);
        expect(ui.run()).toBeEnabled();
      },
      started: ({ currentUrl }) => {
        expect(currentUrl()).toBe(`/catalog/scrapers/${SCRAPER_ID}/runs/${RUN_ID}`);
      },
    },
    afterPath: async ({ bodies }, path) => {
      // One request per Run click, with the choices made at that moment.
      const clicks = path.steps.filter(({ event }) => event.type === 'run.start');
      await waitFor(() => expect(bodies).toHaveLength(clicks.length));
      clicks.forEach((step, index) => {
        const before = path.steps[path.steps.indexOf(step) - 1]?.state ?? null;
        const choices = before ? before.context.choices : DEFAULT_SCRAPE_RUN_CHOICES;
        expect(bodies[index]).toEqual({ async: true, scraperId: undefined, ...choices });
      });
    },
  });
});
