import { act, screen, within } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { createMachine, fromPromise } from 'xstate';
import { runNowMachine } from '../../../machines/health/runNow';
import { defaultPreferences } from '../../../src/shell/preferencesSlice';
import { useInspect } from '../../../src/ui/inspect';
import { renderApp } from '../../support/renderApp';

const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } },
});

function Toggle() {
  const actor = useActorRef(toggle, { inspect: useInspect() });
  return (
    <button type="button" onClick={() => actor.send({ type: 'flip' })}>
      Flip
    </button>
  );
}

/** Starts a toggle actor while shown; hiding it stops the actor. */
function ToggleHost() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setShown((value) => !value)}>
        {shown ? 'Stop toggle' : 'Start toggle'}
      </button>
      {shown ? <Toggle /> : null}
    </>
  );
}

/** The run-now flow with a run and a reload the test finishes. */
function RunNowHost({ finish }: { finish: { run?: () => void; refresh?: () => void } }) {
  const machine = runNowMachine.provide({
    actors: {
      runCheck: fromPromise(() => new Promise((resolve) => (finish.run = () => resolve({})))),
      refreshCheck: fromPromise(
        () => new Promise((resolve) => (finish.refresh = () => resolve(null))),
      ),
    },
  });
  const actor = useActorRef(machine, { input: { checkId: 'check-1' }, inspect: useInspect() });
  return (
    <button type="button" onClick={() => actor.send({ type: 'check.run' })}>
      Run Now
    </button>
  );
}

const local = {
  preferences: { ...defaultPreferences, inspect: true, inspectMode: 'local' as const },
};

const panel = () => screen.findByRole('region', { name: 'Flow inspector' });
const actorList = async () => within(await panel()).getByRole('navigation', { name: 'Actors' });
const state = async (name: string) =>
  within(await within(await panel()).findByRole('group', { name: /statechart$/ })).getByRole(
    'img',
    { name: `state ${name}` },
  );
const logRows = async () =>
  within(within(await panel()).getByRole('table', { name: 'Event log' }))
    .getAllByRole('row')
    .slice(1);

describe('the built-in flow inspector', () => {
  it('lists actors as they start and stop', async () => {
    const { user } = renderApp(<ToggleHost />, { preloadedState: local });
    expect(await within(await actorList()).findByText('No flow is running.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Start toggle' }));
    const entry = await within(await actorList()).findByRole('button', { name: /^toggle/ });
    expect(entry).toHaveAttribute('data-machine-id', 'toggle');
    expect(within(entry).getByText('active')).toBeVisible();
    expect(entry).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Flip' }));
    expect(await state('on')).toHaveAttribute('aria-current', 'true');

    await user.click(screen.getByRole('button', { name: 'Stop toggle' }));
    expect(await within(entry).findByText('stopped')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Start toggle' }));
    await within(await actorList()).findByText('active');
    const entries = within(await actorList()).getAllByRole('button', { name: /^toggle/ });
    expect(entries.map((button) => within(button).getByText(/active|stopped/).textContent)).toEqual(
      ['stopped', 'active'],
    );
  });

  it('follows run now to refreshing and idle, and steps back through the log', async () => {
    const finish: { run?: () => void; refresh?: () => void } = {};
    const { user } = renderApp(<RunNowHost finish={finish} />, { preloadedState: local });
    await within(await actorList()).findByRole('button', { name: /^Run now/ });
    expect(await state('idle')).toHaveAttribute('aria-current', 'true');

    await user.click(screen.getByRole('button', { name: 'Run Now' }));
    expect(await state('running')).toHaveAttribute('aria-current', 'true');
    await act(async () => finish.run?.());
    expect(await state('refreshing')).toHaveAttribute('aria-current', 'true');
    await act(async () => finish.refresh?.());
    expect(await state('idle')).toHaveAttribute('aria-current', 'true');

    const rows = await logRows();
    expect(
      rows.map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)),
    ).toEqual([
      ['xstate.init', '—', 'idle'],
      ['check.run', 'idle', 'running'],
      ['xstate.done.actor.runCheck', 'running', 'refreshing'],
      ['xstate.done.actor.refreshCheck', 'refreshing', 'idle'],
    ]);
    const inspector = await panel();
    expect(within(inspector).getByText('Step 4 of 4')).toBeVisible();
    expect(within(inspector).getByLabelText('Context')).toHaveTextContent('"refreshCount": 1');

    await user.click(within(inspector).getByRole('button', { name: 'Step back' }));
    expect(await state('refreshing')).toHaveAttribute('aria-current', 'true');
    expect(await state('idle')).not.toHaveAttribute('aria-current');
    expect(within(inspector).getByText('Step 3 of 4')).toBeVisible();

    await user.click(within(inspector).getByRole('button', { name: 'Step back' }));
    expect(await state('running')).toHaveAttribute('aria-current', 'true');
    expect((await logRows())[1]).toHaveAttribute('aria-selected', 'true');

    await user.click((await logRows())[0] as HTMLElement);
    expect(await state('idle')).toHaveAttribute('aria-current', 'true');
    expect(within(inspector).getByLabelText('Context')).toHaveTextContent('"refreshCount": 0');
    expect(within(inspector).getByRole('button', { name: 'Step back' })).toBeDisabled();

    await user.click(within(inspector).getByRole('button', { name: 'Step forward' }));
    expect(await state('running')).toHaveAttribute('aria-current', 'true');
    await user.click(within(inspector).getByRole('button', { name: 'Latest step' }));
    expect(within(inspector).getByText('Step 4 of 4')).toBeVisible();
  });

  it('opens with ?inspect=local, minimises and has no close while the address asks for it', async () => {
    window.history.replaceState(null, '', '/?inspect=local');
    const hosted = jest.fn(async () => ({ inspect: jest.fn() }));
    try {
      const { user } = renderApp(<ToggleHost />, { inspectorLoader: hosted });
      const inspector = await panel();
      expect(within(inspector).queryByRole('button', { name: 'Close flow inspector' })).toBeNull();
      expect(document.body).toHaveClass('mc-flow-inspector-docked');
      await user.click(within(inspector).getByRole('button', { name: 'Minimize flow inspector' }));
      expect(screen.queryByRole('region', { name: 'Flow inspector' })).not.toBeInTheDocument();
      expect(document.body).not.toHaveClass('mc-flow-inspector-docked');
      await user.click(screen.getByRole('button', { name: 'Flow inspector' }));
      expect(await panel()).toBeVisible();
      expect(document.body).toHaveClass('mc-flow-inspector-docked');
      expect(hosted).not.toHaveBeenCalled();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('is not there, and loads nothing, while inspection is off', async () => {
    const hosted = jest.fn(async () => ({ inspect: jest.fn() }));
    const { user } = renderApp(<ToggleHost />, { inspectorLoader: hosted });
    await user.click(screen.getByRole('button', { name: 'Start toggle' }));
    expect(screen.queryByRole('region', { name: 'Flow inspector' })).not.toBeInTheDocument();
    expect(hosted).not.toHaveBeenCalled();
  });
});
