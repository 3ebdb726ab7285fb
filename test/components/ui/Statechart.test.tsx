import { render, screen, within } from '@testing-library/react';
import { createMachine } from 'xstate';
import { runNowMachine } from '../../../machines/health/runNow';
import { Statechart } from '../../../src/ui/Statechart/Statechart';
import {
  machineChart,
  transitionKey,
  transitionsOf,
} from '../../../src/ui/Statechart/machineGraph';

async function chart(name = 'runNow statechart') {
  return screen.findByRole('group', { name });
}

describe('Statechart', () => {
  it('draws runNow: its three states in the machine, and its transitions', async () => {
    render(<Statechart machine={runNowMachine} />);
    const svg = await chart();
    const machineBox = within(svg).getByRole('img', { name: 'machine runNow' });
    for (const name of ['idle', 'running', 'refreshing']) {
      const state = within(svg).getByRole('img', { name: `state ${name}` });
      expect(state).toHaveAttribute('data-state-id', `runNow.${name}`);
    }
    expect(machineBox).toHaveAttribute('data-state-id', 'runNow');
    const transitions = within(svg)
      .getAllByRole('img', { name: /^transition / })
      .map((g) => g.getAttribute('aria-label'));
    expect(transitions.sort()).toEqual(
      [
        'transition check.run from idle to running',
        'transition done: runCheck from running to refreshing',
        'transition error: runCheck from running to idle',
        'transition done: refreshCheck from refreshing to idle',
        'transition error: refreshCheck from refreshing to idle',
      ].sort(),
    );
    expect(
      within(svg).getByRole('img', { name: 'transition check.run from idle to running' }),
    ).toHaveAttribute('data-transition-key', 'runNow.idle | check.run #0');
    // Laid out: every state has a box of its own size, inside the machine's.
    const outer = machineBox.querySelector('rect');
    const idle = within(svg).getByRole('img', { name: 'state idle' }).querySelector('rect');
    expect(Number(idle?.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(idle?.getAttribute('x'))).toBeGreaterThan(Number(outer?.getAttribute('x')));
    expect(svg.querySelector('[data-initial-of="runNow"]')).not.toBeNull();
  });

  it('draws one arrow between two states, with a label per transition', async () => {
    const { container } = render(<Statechart machine={runNowMachine} />);
    const svg = await chart();
    // refreshing → idle on the refresh's done and on its error: one arrow, two labels.
    const arrows = container.querySelectorAll(
      'path.mc-statechart__edge:not(.mc-statechart__edge--initial)',
    );
    expect(arrows).toHaveLength(4);
    const done = within(svg).getByRole('img', {
      name: 'transition done: refreshCheck from refreshing to idle',
    });
    const error = within(svg).getByRole('img', {
      name: 'transition error: refreshCheck from refreshing to idle',
    });
    const drawn = [done, error].filter((g) => g.querySelector('path') !== null);
    expect(drawn).toHaveLength(1);
    const labels = [done, error].map((g) => g.querySelector('text'));
    expect(labels.map((text) => text?.textContent)).toEqual([
      'done: refreshCheck',
      'error: refreshCheck',
    ]);
    expect(labels[0]?.getAttribute('y')).not.toBe(labels[1]?.getAttribute('y'));
  });

  it('highlights the active states', async () => {
    render(<Statechart machine={runNowMachine} activeIds={['runNow.running']} />);
    const svg = await chart();
    const running = within(svg).getByRole('img', { name: 'state running' });
    expect(running).toHaveAttribute('aria-current', 'true');
    expect(running).toHaveClass('mc-statechart__state--active');
    expect(within(svg).getByRole('img', { name: 'state idle' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('colours coverage and counts it', async () => {
    const covered = {
      states: new Set(['runNow', 'runNow.idle', 'runNow.running']),
      transitions: new Set(['runNow.idle | check.run #0']),
    };
    render(<Statechart machine={runNowMachine} coverage={covered} />);
    expect(await screen.findByText('2 of 3 states, 1 of 5 transitions covered')).toBeVisible();
    const svg = await chart();
    expect(within(svg).getByRole('img', { name: 'state running' })).toHaveAttribute(
      'data-covered',
      'true',
    );
    expect(within(svg).getByRole('img', { name: 'state refreshing' })).toHaveAttribute(
      'data-covered',
      'false',
    );
    expect(
      within(svg).getByRole('img', { name: 'transition check.run from idle to running' }),
    ).toHaveClass('mc-statechart--covered');
  });

  it('nests states, dashes parallel ones and names guards and delays', async () => {
    const machine = createMachine({
      id: 'nested',
      initial: 'work',
      states: {
        work: {
          type: 'parallel',
          states: {
            left: { initial: 'a', states: { a: { after: { 500: 'b' } }, b: {} } },
            right: {
              initial: 'c',
              states: { c: { on: { go: { target: 'd', guard: 'ready' } } }, d: {} },
            },
          },
          on: { finish: '#nested.done' },
        },
        done: { type: 'final' },
      },
    });
    render(<Statechart machine={machine} />);
    const svg = await chart('nested statechart');
    const work = within(svg).getByRole('img', { name: 'state work' });
    expect(work).toHaveClass('mc-statechart__state--parallel');
    expect(within(svg).getByRole('img', { name: 'state done' })).toHaveClass(
      'mc-statechart__state--final',
    );
    expect(
      within(svg).getByRole('img', { name: 'transition after 500ms from a to b' }),
    ).toBeInTheDocument();
    expect(
      within(svg).getByRole('img', { name: 'transition go [ready] from c to d' }),
    ).toBeInTheDocument();
    const workBox = work.querySelector('rect');
    const a = within(svg).getByRole('img', { name: 'state a' }).querySelector('rect');
    const inside = (inner: Element | null, outer: Element | null) =>
      Number(inner?.getAttribute('x')) >= Number(outer?.getAttribute('x')) &&
      Number(inner?.getAttribute('y')) >= Number(outer?.getAttribute('y')) &&
      Number(inner?.getAttribute('x')) + Number(inner?.getAttribute('width')) <=
        Number(outer?.getAttribute('x')) + Number(outer?.getAttribute('width'));
    expect(inside(a, workBox)).toBe(true);
  });
});

describe('machineChart', () => {
  it('keys transitions as the coverage recorder does', () => {
    const chart = machineChart(runNowMachine);
    const keys = chart.transitions.map((t) => t.key);
    const expected = chart.states.flatMap((state) =>
      transitionsOf(runNowMachine.getStateNodeById(state.id)).map(transitionKey),
    );
    expect(keys).toEqual(expected);
    expect(chart.states.map((s) => s.id)).toEqual([
      'runNow',
      'runNow.idle',
      'runNow.running',
      'runNow.refreshing',
    ]);
  });
});
