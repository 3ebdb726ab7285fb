import { createSessionRenewalGate } from '../../../src/api/sessionRenewal';

describe('session renewal gate', () => {
  it('has nothing to offer without a host', () => {
    expect(createSessionRenewalGate().request()).toBeUndefined();
  });

  it('asks its host once for every request failing meanwhile, and answers them all', async () => {
    const gate = createSessionRenewalGate();
    const ask = jest.fn();
    gate.attach(ask);
    const first = gate.request();
    const second = gate.request();
    expect(ask).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(gate.pending).toBe(true);
    gate.settle(true);
    await expect(first).resolves.toBe(true);
    expect(gate.pending).toBe(false);

    const next = gate.request();
    expect(ask).toHaveBeenCalledTimes(2);
    gate.settle(false);
    await expect(next).resolves.toBe(false);
  });

  it('answers the waiting requests with no when its host goes away', async () => {
    const gate = createSessionRenewalGate();
    const detach = gate.attach(() => undefined);
    const waiting = gate.request();
    detach();
    await expect(waiting).resolves.toBe(false);
    expect(gate.request()).toBeUndefined();
  });

  it('keeps a newer host when an older one detaches', () => {
    const gate = createSessionRenewalGate();
    const detachOld = gate.attach(() => undefined);
    const ask = jest.fn();
    gate.attach(ask);
    detachOld();
    void gate.request();
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('ignores an answer when nothing waits', () => {
    const gate = createSessionRenewalGate();
    gate.attach(() => undefined);
    expect(() => gate.settle(true)).not.toThrow();
    expect(gate.pending).toBe(false);
  });
});
