import { createActor, createMachine, fromPromise } from 'xstate';
import {
  ADOPTED_EVENT,
  ENDED_ACTORS_KEPT,
  FLOW_LOG_LIMIT,
  createFlowRecorder,
} from '../../../src/app/inspector/recorder';

const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: {
    off: { on: { flip: 'on' } },
    on: { on: { flip: 'off' } },
  },
});

const withChild = createMachine({
  id: 'parent',
  initial: 'waiting',
  states: {
    waiting: {
      invoke: { src: fromPromise(() => new Promise<never>(() => undefined)) },
    },
  },
});

describe('createFlowRecorder', () => {
  it('lists machine actors as they start, logs their steps and marks them stopped', async () => {
    let time = 1000;
    const recorder = createFlowRecorder(() => time++);
    const listener = jest.fn();
    recorder.subscribe(listener);
    const actor = createActor(toggle, { inspect: recorder.inspect });
    expect(recorder.getSnapshot()).toEqual([]);
    actor.start();
    expect(recorder.getSnapshot()).toMatchObject([
      { id: actor.sessionId, machineId: 'toggle', status: 'active' },
    ]);
    actor.send({ type: 'flip' });
    actor.send({ type: 'flip' });
    const before = recorder.getSnapshot();
    actor.stop();
    const [entry] = recorder.getSnapshot();
    expect(recorder.getSnapshot()).not.toBe(before);
    expect(entry?.status).toBe('stopped');
    expect(entry?.logic).toBe(toggle);
    expect(entry?.steps.map(({ event, from, to, time: at }) => [event, from, to, at])).toEqual([
      ['xstate.init', undefined, 'off', 1000],
      ['flip', 'off', 'on', 1001],
      ['flip', 'on', 'off', 1002],
      ['xstate.stop', 'off', 'off', 1003],
    ]);
    expect(listener).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('leaves out an actor that was created and never started (a render React threw away)', () => {
    const recorder = createFlowRecorder();
    createActor(toggle, { inspect: recorder.inspect });
    const started = createActor(toggle, { inspect: recorder.inspect }).start();
    expect(recorder.getSnapshot().map((entry) => entry.id)).toEqual([started.sessionId]);
    started.stop();
  });

  it('leaves out actors that are not machines', () => {
    const recorder = createFlowRecorder();
    const actor = createActor(withChild, { inspect: recorder.inspect }).start();
    expect(recorder.getSnapshot().map((entry) => entry.machineId)).toEqual(['parent']);
    actor.stop();
  });

  it(`keeps the latest ${FLOW_LOG_LIMIT} steps of an actor`, () => {
    const recorder = createFlowRecorder();
    const actor = createActor(toggle, { inspect: recorder.inspect }).start();
    for (let i = 0; i < FLOW_LOG_LIMIT + 20; i++) actor.send({ type: 'flip' });
    const steps = recorder.getSnapshot()[0]?.steps ?? [];
    expect(steps).toHaveLength(FLOW_LOG_LIMIT);
    expect(steps[0]?.event).toBe('flip');
    actor.stop();
  });

  it(`keeps only the latest ${ENDED_ACTORS_KEPT} ended actors, and every live one`, () => {
    const recorder = createFlowRecorder();
    const live = createActor(toggle, { inspect: recorder.inspect }).start();
    const ended = Array.from({ length: ENDED_ACTORS_KEPT + 3 }, () =>
      createActor(toggle, { inspect: recorder.inspect }).start(),
    );
    for (const actor of ended) actor.stop();
    const listed = recorder.getSnapshot().map((entry) => entry.id);
    expect(listed).toHaveLength(ENDED_ACTORS_KEPT + 1);
    expect(listed[0]).toBe(live.sessionId);
    expect(listed.slice(1)).toEqual(ended.slice(3).map((actor) => actor.sessionId));
    live.stop();
  });

  it('stops telling a listener that unsubscribed', async () => {
    const recorder = createFlowRecorder();
    const listener = jest.fn();
    const unsubscribe = recorder.subscribe(listener);
    unsubscribe();
    createActor(toggle, { inspect: recorder.inspect }).start().stop();
    await Promise.resolve();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('actors that started before the recorder', () => {
  it('are listed from their current state once adopted, and logged from then on', () => {
    const actor = createActor(toggle).start();
    actor.send({ type: 'flip' });
    const recorder = createFlowRecorder(() => 5);
    recorder.adopt([actor]);
    recorder.adopt([actor]);
    expect(recorder.getSnapshot()).toMatchObject([
      {
        id: actor.sessionId,
        machineId: 'toggle',
        status: 'active',
        steps: [{ event: ADOPTED_EVENT, from: undefined, to: 'on' }],
      },
    ]);
    // Its later steps reach the recorder through the inspection events.
    recorder.inspect({
      type: '@xstate.snapshot',
      actorRef: actor,
      rootId: actor.sessionId,
      event: { type: 'flip' },
      snapshot: { ...actor.getSnapshot(), value: 'off' },
    } as never);
    expect(recorder.getSnapshot()[0]?.steps.map((step) => [step.from, step.to])).toEqual([
      [undefined, 'on'],
      ['on', 'off'],
    ]);
    actor.stop();
  });
});
