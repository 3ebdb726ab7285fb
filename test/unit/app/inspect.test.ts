import type { InspectionEvent } from 'xstate';
import { createActor, createMachine } from 'xstate';
import type { LoadedInspector } from '../../../src/app/inspect';
import {
  INSPECT_BUFFER_LIMIT,
  createInspectBridge,
  inspectModeOf,
  shouldInspect,
} from '../../../src/app/inspect';
import { deferred } from '../../support/deferred';

const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } },
});

function runToggle(inspect: (event: InspectionEvent) => void) {
  const actor = createActor(toggle, { inspect }).start();
  actor.send({ type: 'flip' });
  actor.stop();
}

describe('shouldInspect', () => {
  it.each([
    ['?inspect', false, true],
    ['?inspect=1&tab=2', false, true],
    ['?tab=2', false, false],
    ['', true, true],
    ['', false, false],
  ])('%j with the preference %s → %s', (search, preference, expected) => {
    expect(shouldInspect(search, preference)).toBe(expected);
  });
});

describe('createInspectBridge', () => {
  it('does nothing, and loads nothing, while off', () => {
    const load = jest.fn();
    const bridge = createInspectBridge(load);
    runToggle(bridge.inspect);
    expect(load).not.toHaveBeenCalled();
    expect(bridge.status).toBe('off');
  });

  it('replays what happened while loading, then forwards live', async () => {
    const next = jest.fn();
    const loading = deferred<LoadedInspector>();
    const bridge = createInspectBridge(() => loading.promise);
    const enabled = bridge.enable();
    expect(bridge.status).toBe('loading');
    runToggle(bridge.inspect);
    expect(next).not.toHaveBeenCalled();

    loading.resolve({ inspect: { next } });
    await enabled;
    expect(bridge.status).toBe('on');
    const replayed = next.mock.calls.map(([event]) => (event as InspectionEvent).type);
    expect(replayed).toContain('@xstate.actor');
    expect(replayed).toContain('@xstate.event');
    expect(replayed).toContain('@xstate.snapshot');

    next.mockClear();
    runToggle(bridge.inspect);
    expect(next.mock.calls.length).toBeGreaterThan(0);
  });

  it('loads once however often it is enabled', async () => {
    const load = jest.fn(async () => ({ inspect: jest.fn() }));
    const bridge = createInspectBridge(load);
    await Promise.all([bridge.enable(), bridge.enable()]);
    await bridge.enable();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps only the latest events while loading', async () => {
    const inspect = jest.fn();
    const loading = deferred<LoadedInspector>();
    const bridge = createInspectBridge(() => loading.promise);
    const enabled = bridge.enable();
    for (let i = 0; i < INSPECT_BUFFER_LIMIT + 50; i++) {
      bridge.inspect({ type: '@xstate.event', id: i } as unknown as InspectionEvent);
    }
    loading.resolve({ inspect });
    await enabled;
    expect(inspect).toHaveBeenCalledTimes(INSPECT_BUFFER_LIMIT);
    expect(inspect.mock.calls[0]?.[0]).toMatchObject({ id: 50 });
  });

  it('stops forwarding and closes the inspector when disabled', async () => {
    const inspect = jest.fn();
    const stop = jest.fn();
    const bridge = createInspectBridge(async () => ({ inspect, stop }));
    await bridge.enable();
    bridge.disable();
    expect(stop).toHaveBeenCalledTimes(1);
    runToggle(bridge.inspect);
    expect(inspect).not.toHaveBeenCalled();
  });

  it('reports a failed load and stays quiet', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const bridge = createInspectBridge(() => Promise.reject(new Error('offline')));
    await bridge.enable();
    expect(bridge.status).toBe('failed');
    expect(error).toHaveBeenCalledWith(
      'The state-machine inspector could not be started',
      expect.any(Error),
    );
    expect(() => runToggle(bridge.inspect)).not.toThrow();
    error.mockRestore();
  });
});

describe('inspectModeOf', () => {
  const on = (inspectMode: 'hosted' | 'local') => ({ inspect: true, inspectMode });
  const off = { inspect: false, inspectMode: 'local' as const };
  it.each([
    ['?inspect', off, 'hosted'],
    ['?inspect=', off, 'hosted'],
    ['?inspect=1', off, 'hosted'],
    ['?inspect=local', off, 'local'],
    ['?inspect', on('local'), 'hosted'],
    ['?inspect=local', on('hosted'), 'local'],
    ['', on('local'), 'local'],
    ['', on('hosted'), 'hosted'],
    ['?tab=2', off, undefined],
  ] as const)('%j with %j → %s', (search, preference, expected) => {
    expect(inspectModeOf(search, preference)).toBe(expected);
  });

  it('reads only the address without a preference', () => {
    expect(inspectModeOf('?inspect=local')).toBe('local');
    expect(inspectModeOf('')).toBeUndefined();
  });
});

describe('createInspectBridge with both inspectors', () => {
  it('loads the hosted one by default and the local one when asked, never both at once', async () => {
    const hosted = { inspect: jest.fn(), stop: jest.fn() };
    const local = { inspect: jest.fn(), stop: jest.fn() };
    const loaders = { hosted: jest.fn(async () => hosted), local: jest.fn(async () => local) };
    const bridge = createInspectBridge(loaders);
    await bridge.enable();
    expect(bridge.mode).toBe('hosted');
    runToggle(bridge.inspect);
    expect(hosted.inspect).toHaveBeenCalled();
    expect(loaders.local).not.toHaveBeenCalled();

    await bridge.enable('local');
    expect(hosted.stop).toHaveBeenCalledTimes(1);
    expect(bridge).toMatchObject({ status: 'on', mode: 'local' });
    hosted.inspect.mockClear();
    runToggle(bridge.inspect);
    expect(local.inspect).toHaveBeenCalled();
    expect(hosted.inspect).not.toHaveBeenCalled();
  });

  it('drops a load that was overtaken by another mode', async () => {
    const slow = deferred<LoadedInspector>();
    const hosted = { inspect: jest.fn(), stop: jest.fn() };
    const local = { inspect: jest.fn() };
    const bridge = createInspectBridge({ hosted: () => slow.promise, local: async () => local });
    const first = bridge.enable('hosted');
    await bridge.enable('local');
    slow.resolve(hosted);
    await first;
    expect(hosted.stop).toHaveBeenCalledTimes(1);
    expect(bridge).toMatchObject({ status: 'on', mode: 'local' });
    runToggle(bridge.inspect);
    expect(hosted.inspect).not.toHaveBeenCalled();
    expect(local.inspect).toHaveBeenCalled();
  });
});

describe('an inspector turned on while actors run', () => {
  it('is told of the machine actors still running when it starts, not of stopped ones', async () => {
    const bridge = createInspectBridge({
      hosted: async () => ({ inspect: () => undefined }),
      local: async () => ({ inspect: () => undefined, adopt }),
    });
    const adopt = jest.fn();
    const running = createActor(toggle, { inspect: bridge.inspect }).start();
    const stopped = createActor(toggle, { inspect: bridge.inspect }).start();
    stopped.stop();
    await bridge.enable('local');
    expect(adopt).toHaveBeenCalledTimes(1);
    expect(adopt.mock.calls[0]?.[0]).toEqual([running]);
    running.stop();
  });
});
