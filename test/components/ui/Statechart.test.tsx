import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, createMachine, or } from 'xstate';
import { runNowMachine } from '../../../machines/health/runNow';
import { Statechart } from '../../../src/ui/Statechart/Statechart';
import {
  machineChart,
  transitionKey,
  transitionsOf,
} from '../../../src/ui/Statechart/machineGraph';
import { expectAttribute } from '../../support/expectations';

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

  it('draws one arrow between two states, with a label per event on it', async () => {
    const { container } = render(<Statechart machine={runNowMachine} />);
    const svg = await chart();
    // refreshing → idle on the refresh's done and on its error: one arrow, two labels.
    const arrows = container.querySelectorAll('.mc-statechart__arrow');
    expect(arrows).toHaveLength(4);
    const done = within(svg).getByRole('img', {
      name: 'transition done: refreshCheck from refreshing to idle',
    });
    const error = within(svg).getByRole('img', {
      name: 'transition error: refreshCheck from refreshing to idle',
    });
    const arrow = done.closest('.mc-statechart__arrow');
    expect(arrow).toBe(error.closest('.mc-statechart__arrow'));
    expect(arrow?.querySelectorAll('path[marker-end]')).toHaveLength(1);
    const labels = [done, error].map((g) => g.querySelector('text'));
    expect(labels.map((text) => text?.textContent)).toEqual([
      'done: refreshCheck',
      'error: refreshCheck',
    ]);
    expect(labels[0]?.getAttribute('y')).not.toBe(labels[1]?.getAttribute('y'));
  });

  it('names an event once per arrow, each distinct guard once below it', async () => {
    const machine = createMachine({
      id: 'retries',
      initial: 'loading',
      states: {
        loading: {
          on: {
            fail: [
              { guard: and(['isGone', 'canRestart']), target: 'failed' },
              { guard: { type: 'hasErrorId', params: { id: 'a' } }, target: 'failed' },
              { guard: { type: 'hasErrorId', params: { id: 'b' } }, target: 'failed' },
              { guard: or(['hasErrorId', 'hasErrorId']), target: 'failed' },
              { target: 'failed' },
              { target: 'failed' },
            ],
            load: 'loaded',
          },
        },
        failed: {},
        loaded: {},
      },
    });
    render(<Statechart machine={machine} />);
    const svg = await chart('retries statechart');
    const label = within(svg).getByRole('img', { name: /^transition fail / });
    expect(label).toHaveAccessibleName(
      'transition fail [isGone && canRestart | hasErrorId | else] from loading to failed',
    );
    expect([...label.querySelectorAll('text')].map((text) => text.textContent)).toEqual([
      'fail',
      '[isGone && canRestart]',
      '[hasErrorId]',
      '[else]',
    ]);
    // Every transition it stands for, for coverage and the tooltip.
    expect(label.getAttribute('data-transition-key')?.split('\n')).toHaveLength(6);
    expect(within(svg).getAllByText('fail')).toHaveLength(1);
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
    expectAttribute(svg, 'img', 'data-covered', {
      'state running': 'true',
      'state refreshing': 'false',
    });
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
    // Nested boxes: a state's group holds its children's, a parallel state's regions dashed.
    const group = (id: string) => svg.querySelector(`[data-node-of="${id}"]`);
    const workGroup = group('nested.work');
    expect(workGroup?.querySelector('[data-state-id="nested.work.left.a"]')).not.toBeNull();
    expect(
      group('nested.work.left')?.querySelector('[data-state-id="nested.work.right.c"]'),
    ).toBeNull();
    expect(within(svg).getByRole('img', { name: 'state left' })).toHaveClass(
      'mc-statechart__state--region',
    );
    expect(within(svg).getByRole('img', { name: 'state a' })).not.toHaveClass(
      'mc-statechart__state--region',
    );
    expect(group('nested')?.querySelector('[data-state-id="nested.done"]')).not.toBeNull();
  });

  describe('in a panel', () => {
    const panel = { width: 400, height: 200 };
    const original = {
      ResizeObserver: globalThis.ResizeObserver,
      PointerEvent: globalThis.PointerEvent,
    };
    beforeEach(() => {
      jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(panel.width);
      jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(panel.height);
      class ResizeObserverStub {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(target: Element) {
          this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        disconnect() {}
      }
      // jsdom has no pointer events: a mouse event with the pointer's id stands in.
      class PointerEventStub extends MouseEvent {
        readonly pointerId: number;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.pointerId = init.pointerId ?? 0;
        }
      }
      Object.assign(globalThis, {
        ResizeObserver: ResizeObserverStub,
        PointerEvent: PointerEventStub,
      });
    });
    afterEach(() => {
      jest.restoreAllMocks();
      Object.assign(globalThis, original);
    });

    const scaleOf = (svg: Element) => {
      const transform = svg.querySelector('.mc-statechart__view')?.getAttribute('transform');
      return Number(/scale\(([\d.]+)\)/.exec(transform ?? '')?.[1]);
    };
    const offsetOf = (svg: Element) =>
      /translate\(([-\d.]+) ([-\d.]+)\)/
        .exec(svg.querySelector('.mc-statechart__view')?.getAttribute('transform') ?? '')
        ?.slice(1)
        .map(Number);

    it('fits the chart to its panel, zooms in and out, fits again and pans by drag', async () => {
      const user = userEvent.setup();
      const { container } = render(<Statechart machine={runNowMachine} />);
      const svg = await chart();
      // runNow is wider than 400px: drawn smaller to fit, centred.
      const fitted = scaleOf(svg);
      expect(fitted).toBeGreaterThan(0);
      expect(fitted).toBeLessThan(1);

      await user.click(screen.getByRole('button', { name: 'Zoom in' }));
      expect(scaleOf(svg)).toBeCloseTo(fitted * 1.25, 2);
      await user.click(screen.getByRole('button', { name: 'Zoom out' }));
      await user.click(screen.getByRole('button', { name: 'Zoom out' }));
      expect(scaleOf(svg)).toBeCloseTo(fitted / 1.25, 2);
      await user.click(screen.getByRole('button', { name: 'Fit to the panel' }));
      expect(scaleOf(svg)).toBeCloseTo(fitted, 3);

      const before = offsetOf(svg) ?? [];
      const canvas = container.querySelector('.mc-statechart__canvas') as HTMLElement;
      fireEvent.pointerDown(canvas, { button: 0, pointerId: 1, clientX: 100, clientY: 100 });
      fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 130, clientY: 90 });
      fireEvent.pointerUp(canvas, { pointerId: 1 });
      const after = offsetOf(svg) ?? [];
      expect(after[0]).toBeCloseTo((before[0] ?? 0) + 30, 1);
      expect(after[1]).toBeCloseTo((before[1] ?? 0) - 10, 1);
      expect(scaleOf(svg)).toBeCloseTo(fitted, 3);
    });
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
