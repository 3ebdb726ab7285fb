import { and, createMachine, not, or } from 'xstate';
import { blockText, chartEdges } from '../../../src/ui/Statechart/layout';
import { guardText, machineChart } from '../../../src/ui/Statechart/machineGraph';
import { fitView, panView, zoomView } from '../../../src/ui/Statechart/viewport';
import { expectAnswers } from '../../support/answers';

describe('guardText', () => {
  it('reads a guard as an expression of names, parameters left out', () => {
    expectAnswers(guardText, [
      ['ready', 'ready'],
      [{ type: 'hasErrorId', params: { id: 'x' } }, 'hasErrorId'],
      [and(['a', { type: 'b', params: {} }]), 'a && b'],
      [or(['a', not('b')]), 'a || !b'],
      [and([or(['a', 'b']), 'c']), '(a || b) && c'],
      [or(['a', 'a']), 'a'],
    ]);
    expect(guardText(() => true)).toBeUndefined();
  });
});

describe('chartEdges', () => {
  it('gives the transitions between two states one label, each event and guard once', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: {
          on: {
            go: [
              { guard: 'x', target: 'b' },
              { guard: 'y', target: 'b' },
              { guard: 'x', target: 'b' },
              { target: 'b' },
            ],
            again: 'b',
            other: 'c',
          },
        },
        b: { on: { back: 'a' } },
        c: {},
      },
    });
    const edges = chartEdges(machineChart(machine));
    expect(edges.map((edge) => [edge.sourceId, edge.targetIds])).toEqual([
      ['m.a', ['m.b']],
      ['m.a', ['m.c']],
      ['m.b', ['m.a']],
    ]);
    const [toB] = edges;
    expect(toB?.transitions).toHaveLength(5);
    expect(toB?.blocks.map(blockText)).toEqual(['go [x | y | else]', 'again']);
    // Each block below the one before it: an event line and a line per guard.
    expect(toB?.blocks.map((block) => block.offset)).toEqual([0, 4 * 15]);
  });
});

describe('viewport', () => {
  const drawing = { width: 800, height: 200 };
  it('fits a drawing to the panel and centres it, never more than a little enlarged', () => {
    const fitted = fitView(drawing, { width: 416, height: 416 });
    expect(fitted.scale).toBeCloseTo(0.5);
    expect(fitted.x).toBeCloseTo(8);
    expect(fitted.y).toBeCloseTo((416 - 100) / 2);
    expect(fitView({ width: 10, height: 10 }, { width: 1000, height: 1000 }).scale).toBe(1.25);
    expect(fitView(drawing, { width: 0, height: 0 })).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('zooms about a point, which stays where it is, and pans', () => {
    const view = { scale: 1, x: 10, y: 20 };
    const zoomed = zoomView(view, 2, { x: 110, y: 120 });
    expect(zoomed).toEqual({ scale: 2, x: -90, y: -80 });
    // The drawing's point (100, 100) was at (110, 120) and is still.
    expect(100 * zoomed.scale + zoomed.x).toBe(110);
    expect(zoomView(view, 1000, { x: 0, y: 0 }).scale).toBe(4);
    expect(panView(view, 5, -5)).toEqual({ scale: 1, x: 15, y: 15 });
  });
});
