/**
 * The Add Integration wizard driven along the `addIntegration` machine's generated paths
 * (machines/integrations/addIntegration.ts) by `driveDialogAlongPaths`: a GitOps chart
 * (Prometheus), a direct form (Log Backends) and the scraper editor (Catalog Scraper, the
 * page's slot, here a stand-in that saves at once). The server's answer to each save is chosen
 * per path before the dialog opens (created, or refused with its reason); a save the path does
 * not answer is held, so "saving" stays on screen. The stand-in editor shows no failure, so
 * only the log backend's save is refused.
 */
import '../../support/withEditableMonacoMock';
import { Classes } from '@blueprintjs/core';
import { act, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { IntegrationOption } from '../../../machines/integrations/addIntegration';
import {
  RETURN_TARGETS,
  addIntegrationMachine,
} from '../../../machines/integrations/addIntegration';
import { httpError } from '../../../src/api/errors';
import { SlotsProvider } from '../../../src/widgets/slots/SlotsProvider';
import { AddIntegrationDialog } from '../../../src/features/integrations/AddIntegrationDialog';
import { WIZARD_TEXT, wizardTitle } from '../../../src/features/integrations/model/options';
import { RETURN_ACTIONS } from '../../../src/features/integrations/useAddIntegration';
import { clearToasts } from '../../../src/ui/toaster';
import type { Gesture, ViewCheck } from '../../support/driveDialog';
import { answersInTurn, driveDialogAlongPaths } from '../../support/driveDialog';
import type { MachinePath } from '../../support/machinePaths';
import { actorEvents, describeActorEvent } from '../../support/machineReplay';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import { FakeScraperEditor, integrationsBackend } from './integrationsBackend';

jest.setTimeout(30_000);
type Machine = typeof addIntegrationMachine;
type Snapshot = SnapshotFrom<Machine>;
type Path = MachinePath<Snapshot>;

/** The options driven: their tiles, and the table each direct option saves to. */
const OPTIONS = ['prometheus', 'log-backend', 'scraper'] as const;
const LABELS: Record<(typeof OPTIONS)[number], string> = {
  prometheus: 'Prometheus',
  'log-backend': 'Log Backends',
  scraper: 'Catalog Scraper',
};
const TABLES = { 'log-backend': 'logging_backends', scraper: 'config_scrapers' } as const;
type Direct = keyof typeof TABLES;

const LOKI = { name: 'loki' };
const SCRAPER = { name: 'k8s', spec: { kubernetes: [{ clusterName: 'prod' }] } };
const REFUSAL = 'duplicate key value';

const [SAVE_DONE, SAVE_ERROR] = actorEvents('save');

/** What the user and the server can do in each state (the answers: see the header). */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const { option } = snapshot.context;
  const submit = {
    type: 'form.submit',
    values: option === 'scraper' ? SCRAPER : LOKI,
  };
  switch (snapshot.value) {
    case 'choosing':
      return [...OPTIONS.map((pick) => ({ type: 'option.pick', option: pick })), { type: 'close' }];
    case 'configuring':
      return [{ type: 'back' }, { type: 'close' }];
    case 'editing':
    case 'failed':
      return [submit, { type: 'back' }, { type: 'close' }];
    case 'saving':
      return [
        { type: SAVE_DONE, output: {} },
        ...(option === 'log-backend'
          ? [{ type: SAVE_ERROR, error: httpError(409, { message: REFUSAL }) }]
          : []),
        // Closing waits for the save.
        { type: 'close' },
      ];
    default:
      return [];
  }
}

/** A vertex: the state, the option chosen, whether a save failed. */
function key(snapshot: Snapshot): string {
  const { option, error } = snapshot.context;
  return JSON.stringify([snapshot.value, option ?? null, error !== undefined]);
}

/** The answers of the path's saves, in order: created, refused, or (none given) held. */
function answersOf(path: Path): Array<'ok' | 'refused'> {
  return path.steps
    .filter(({ event }) => event.type === SAVE_DONE || event.type === SAVE_ERROR)
    .map(({ event }) => (event.type === SAVE_DONE ? 'ok' : 'refused'));
}

afterEach(async () => {
  await act(() => clearToasts());
});

/** The page's dialog: open at first, gone once the wizard ends. */
function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <SlotsProvider slots={{ TypedEditor: FakeScraperEditor }}>
      <AddIntegrationDialog
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      />
    </SlotsProvider>
  ) : null;
}

/** The wizard, the server answering its saves as the path says; the saves it received. */
function renderWizard(path: Path) {
  const backend = integrationsBackend();
  const answer = answersInTurn(answersOf(path));
  const saves: Record<Direct, number> = { 'log-backend': 0, scraper: 0 };
  server.use(
    ...(Object.entries(TABLES) as Array<[Direct, string]>).map(([option, table]) =>
      http.post(`*/api/db/${table}`, async () => {
        saves[option] += 1;
        if ((await answer()) === 'refused') {
          return HttpResponse.json({ message: REFUSAL }, { status: 409 });
        }
        // Created (or held until the test ends): the table of the backend takes the row.
        return undefined;
      }),
    ),
  );
  const onClose = jest.fn();
  const rendered = renderApp(<Harness onClose={onClose} />, {
    url: '/settings/integrations',
    userOptions: { delay: null },
  });
  return { ...rendered, backend, saves, onClose };
}

type Rendered = ReturnType<typeof renderWizard>;

const ui = {
  dialog: () => screen.getByRole('dialog'),
  heading: () => within(ui.dialog()).getByRole('heading', { level: 6 }),
  tile: (label: string) => within(ui.dialog()).getByRole('button', { name: label }),
  back: () => within(ui.dialog()).queryByRole('button', { name: WIZARD_TEXT.back }),
  /** The footer's Close (beside the title's). */
  close: () =>
    within(ui.dialog())
      .getAllByRole('button', { name: WIZARD_TEXT.close })
      .find((button) => button.textContent === WIZARD_TEXT.close)!,
  logForm: () => within(ui.dialog()).getByRole('form', { name: 'Log Backend' }),
  logName: () => within(ui.logForm()).getByRole('textbox', { name: /^Name(\s|$)/ }),
};

const GESTURES: Record<string, Gesture<Machine, Rendered>> = {
  'option.pick': ({ user }, event) =>
    user.click(ui.tile(LABELS[event.option as (typeof OPTIONS)[number]])),
  'form.submit': async ({ user }, _event, before) => {
    if (before.context.option === 'scraper') {
      await user.click(within(ui.dialog()).getByRole('button', { name: 'Scraper save' }));
      return;
    }
    if ((ui.logName() as HTMLInputElement).value === '') await user.type(ui.logName(), LOKI.name);
    await user.click(within(ui.logForm()).getByRole('button', { name: 'Add' }));
  },
  back: ({ user }) => user.click(ui.back()!),
  close: ({ user }) => user.click(ui.close()),
};

/** The dialog is open on the chosen option's panel, titled by it. */
function expectOption(option: IntegrationOption | undefined) {
  expect(within(ui.dialog()).getByText(wizardTitle(option))).toBeInTheDocument();
}

/** The wizard ended: the dialog is gone and the page was told once. */
function expectEnded({ onClose }: Rendered) {
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(onClose).toHaveBeenCalledTimes(1);
}

const VIEWS: Record<string, ViewCheck<Machine, Rendered>> = {
  choosing: ({ onClose }) => {
    expectOption(undefined);
    for (const label of Object.values(LABELS)) expect(ui.tile(label)).toBeInTheDocument();
    expect(ui.back()).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  },
  configuring: () => {
    expectOption('prometheus');
    expect(within(ui.dialog()).getByText(WIZARD_TEXT.fluxNote)).toBeInTheDocument();
    expect(ui.back()).toBeEnabled();
  },
  editing: (_rendered, { state }) => {
    const { option } = state.context;
    expectOption(option);
    if (option === 'scraper') {
      expect(within(ui.dialog()).getByRole('region', { name: 'Scraper editor' })).toBeVisible();
    } else {
      expect(within(ui.logForm()).queryByRole('alert')).toBeNull();
    }
    expect(ui.back()).toBeEnabled();
  },
  saving: (_rendered, { state }) => {
    expectOption(state.context.option);
    expect(ui.back()).toBeDisabled();
    if (state.context.option === 'log-backend') {
      expect(within(ui.logForm()).getByRole('button', { name: /^Adding/ })).toBeDisabled();
    }
  },
  failed: (_rendered, { state }) => {
    expectOption('log-backend');
    // The server's reason, with what was typed kept.
    expect(within(ui.logForm()).getByRole('alert')).toHaveTextContent(state.context.error!);
    expect(ui.logName()).toHaveValue(LOKI.name);
    expect(ui.back()).toBeEnabled();
  },
  done: (rendered, { state }) => {
    expectEnded(rendered);
    const { option } = state.context;
    // A scraper's toast leads to the catalog.
    if (option === 'scraper') {
      expect(RETURN_TARGETS.scraper).toBe('/config-db');
      const toast = screen.getByText(/created successfully$/).closest(`.${Classes.TOAST}`);
      expect(toast).toHaveTextContent('Catalog Scraper created successfully');
      expect(
        within(toast as HTMLElement).getByRole('button', { name: RETURN_ACTIONS.scraper }),
      ).toBeInTheDocument();
    }
  },
  closed: (rendered) => expectEnded(rendered),
};

describe('Add Integration along the machine’s paths', () => {
  driveDialogAlongPaths(addIntegrationMachine, {
    events: eventsFor,
    serializeState: key,
    transitions: true,
    locate: (snapshot) => String(snapshot.value),
    render: renderWizard,
    gestures: GESTURES,
    expectState: VIEWS,
    describeEvent: (event) =>
      event.type === 'option.pick' ? `pick(${String(event.option)})` : describeActorEvent(event),
    afterPath: ({ saves }, path) => {
      // One save asked per submit of each option.
      const submits = (option: Direct) =>
        path.steps.filter(
          ({ event, state }) => event.type === 'form.submit' && state.context.option === option,
        ).length;
      expect(saves).toEqual({ 'log-backend': submits('log-backend'), scraper: submits('scraper') });
    },
  });
});
