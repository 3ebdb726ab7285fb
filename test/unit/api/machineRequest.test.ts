import { createActor, setup, toPromise } from 'xstate';
import type { StartedRequest } from '../../../src/api/machineRequest';
import { fromRequest, settleWithSignal } from '../../../src/api/machineRequest';

/** A request that settles when told to and records whether it was aborted. */
function request<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const started: StartedRequest<T> & { aborted: boolean } = {
    aborted: false,
    abort() {
      this.aborted = true;
      reject(new Error('aborted'));
    },
    unwrap: () => promise,
  };
  return { started, resolve, reject };
}

describe('settleWithSignal', () => {
  it('aborts the request when the signal aborts, and at once when it already has', async () => {
    const later = request<string>();
    const controller = new AbortController();
    const settled = settleWithSignal(later.started, controller.signal);
    controller.abort();
    await expect(settled).rejects.toThrow('aborted');
    expect(later.started.aborted).toBe(true);

    const early = request<string>();
    const aborted = new AbortController();
    aborted.abort();
    await expect(settleWithSignal(early.started, aborted.signal)).rejects.toThrow('aborted');
    expect(early.started.aborted).toBe(true);
  });
});

describe('fromRequest', () => {
  const machineWith = (actor: ReturnType<typeof fromRequest<string, string>>) =>
    setup({ actors: { load: actor } }).createMachine({
      initial: 'loading',
      states: {
        loading: {
          invoke: { src: 'load', input: 'w1', onDone: 'done', onError: 'failed' },
          on: { cancel: 'cancelled' },
        },
        done: { type: 'final' },
        failed: { type: 'final' },
        cancelled: { type: 'final' },
      },
    });

  it('gives the machine the result of the request started with its input', async () => {
    const pending = request<string>();
    const start = jest.fn(() => pending.started);
    const actor = createActor(machineWith(fromRequest<string, string>(start))).start();
    expect(start).toHaveBeenCalledWith('w1');
    pending.resolve('ok');
    await toPromise(actor);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('rethrows a failure as mapError makes it', async () => {
    const pending = request<string>();
    let seen: unknown;
    const machine = setup({
      actors: {
        load: fromRequest<string, string>(
          () => pending.started,
          (error) => new Error(`Failed: ${(error as { message: string }).message}`),
        ),
      },
    }).createMachine({
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'load',
            input: 'w1',
            onError: { target: 'failed', actions: ({ event }) => void (seen = event.error) },
          },
        },
        failed: { type: 'final' },
      },
    });
    const actor = createActor(machine).start();
    pending.reject({ status: 500, message: 'boom' });
    await toPromise(actor);
    expect((seen as Error).message).toBe('Failed: boom');
  });

  it('aborts the request when the machine leaves the state', () => {
    const pending = request<string>();
    const actor = createActor(machineWith(fromRequest<string, string>(() => pending.started)));
    actor.start();
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(pending.started.aborted).toBe(true);
  });
});
