import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import type { SettledOutcome } from '../../../src/api/outcomes';
import {
  defineOutcomes,
  editOutcomes,
  outcomeAnnounced,
  outcomeOfAction,
} from '../../../src/api/outcomes';

/** A small API whose mutations answer from `answers`, and a store that records outcomes. */
type Answer = { data: unknown } | { error: unknown };

function setup(answers: Record<string, Answer>) {
  const api = createApi({
    reducerPath: 'outcomesTest',
    baseQuery: async (endpoint: string): Promise<Answer> =>
      answers[endpoint] ?? { error: { status: 500, message: 'no answer' } },
    endpoints: (build) => ({
      addWidget: build.mutation<unknown, { name: string }>({ query: () => 'addWidget' }),
      removeWidget: build.mutation<unknown, string>({ query: () => 'removeWidget' }),
      undoWidget: build.mutation<unknown, { id: string; quiet?: boolean }>({
        query: () => 'undoWidget',
      }),
      renameWidget: build.mutation<unknown, string>({ query: () => 'renameWidget' }),
      quietWidget: build.mutation<unknown, void>({ query: () => 'quietWidget' }),
      openWidget: build.mutation<{ id: string }, { name: string }>({ query: () => 'openWidget' }),
    }),
  });
  defineOutcomes(api, {
    addWidget: { success: ({ name }) => `Widget ${name} added` },
    removeWidget: { success: 'Widget removed', failure: 'toast' },
    renameWidget: { success: 'Widget renamed' },
    undoWidget: { success: 'Widget undone', failure: 'toast', quiet: (arg) => arg.quiet === true },
    openWidget: {
      success: ({ name }, { id }) => `Widget ${name} made as ${id}`,
      action: (_arg, { id }) => (id ? { text: 'Open widget', href: `/widgets/${id}` } : undefined),
    },
  });
  const outcomes: SettledOutcome[] = [];
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (action) => outcomeOfAction(action) !== undefined,
    effect: (action) => void outcomes.push(outcomeOfAction(action) as SettledOutcome),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
  return { api, store, outcomes };
}

describe('mutation outcomes declared with the endpoints', () => {
  it('says what succeeded, from the argument when the message is a function', async () => {
    const { api, store, outcomes } = setup({ addWidget: { data: [] }, removeWidget: { data: [] } });
    await store.dispatch(api.endpoints.addWidget.initiate({ name: 'gauge' }));
    await store.dispatch(api.endpoints.removeWidget.initiate('w1'));
    expect(outcomes).toEqual([
      { kind: 'success', message: 'Widget gauge added' },
      { kind: 'success', message: 'Widget removed' },
    ]);
  });

  it('toasts a failure only where the endpoint asks, with the server’s reason', async () => {
    const refused = { status: 403, message: 'Access Denied' };
    const { api, store, outcomes } = setup({
      removeWidget: { error: refused },
      renameWidget: { error: refused },
    });
    await store.dispatch(api.endpoints.removeWidget.initiate('w1'));
    await store.dispatch(api.endpoints.renameWidget.initiate('w1'));
    expect(outcomes).toEqual([{ kind: 'error', message: 'Access Denied' }]);
  });

  it('says nothing for queries, undeclared mutations and cancelled requests', async () => {
    const { api, store, outcomes } = setup({
      quietWidget: { data: [] },
      removeWidget: { error: { status: 'ABORTED', message: 'The request was cancelled.' } },
    });
    await store.dispatch(api.endpoints.quietWidget.initiate());
    await store.dispatch(api.endpoints.removeWidget.initiate('w1'));
    expect(outcomes).toEqual([]);
  });

  it('says nothing for the calls the endpoint marks quiet, whether they work or fail', async () => {
    const { api, store, outcomes } = setup({
      undoWidget: { error: { status: 500, message: 'no' } },
    });
    await store.dispatch(api.endpoints.undoWidget.initiate({ id: 'w1', quiet: true }));
    await store.dispatch(api.endpoints.undoWidget.initiate({ id: 'w1' }));
    expect(outcomes).toEqual([{ kind: 'error', message: 'no' }]);
  });

  it('offers the follow-up an endpoint declares, from its argument and answer', async () => {
    const { api, store, outcomes } = setup({ openWidget: { data: { id: 'w7' } } });
    await store.dispatch(api.endpoints.openWidget.initiate({ name: 'gauge' }));
    expect(outcomes).toEqual([
      {
        kind: 'success',
        message: 'Widget gauge made as w7',
        action: { text: 'Open widget', href: '/widgets/w7' },
      },
    ]);
  });

  it('offers no follow-up when the declared one gives none', async () => {
    const { api, store, outcomes } = setup({ openWidget: { data: { id: '' } } });
    await store.dispatch(api.endpoints.openWidget.initiate({ name: 'gauge' }));
    expect(outcomes).toEqual([{ kind: 'success', message: 'Widget gauge made as ' }]);
  });

  it('tells an announced outcome as it is, follow-up included', () => {
    const { store, outcomes } = setup({});
    const announced = {
      kind: 'success' as const,
      message: 'Evidence linked to Checkout outage',
      action: { text: 'Open incident', href: '/incidents/inc-1' },
    };
    store.dispatch(outcomeAnnounced(announced));
    store.dispatch(outcomeAnnounced({ kind: 'info', message: 'Not shown again' }));
    expect(outcomes).toEqual([announced, { kind: 'info', message: 'Not shown again' }]);
  });
});

describe('the usual outcomes of creating, updating and deleting one kind of thing', () => {
  const messages = {
    created: 'Gadget created',
    updated: 'Gadget updated',
    deleted: 'Gadget deleted',
  };

  it('names the create, update and delete endpoints and toasts only a failed delete', () => {
    expect(editOutcomes('Gadget', messages)).toEqual({
      createGadget: { success: 'Gadget created' },
      updateGadget: { success: 'Gadget updated' },
      deleteGadget: { success: 'Gadget deleted', failure: 'toast' },
    });
  });

  it('declares nothing for a write the messages have no toast for', () => {
    expect(editOutcomes('Gadget', { updated: 'Gadget updated' })).toEqual({
      updateGadget: { success: 'Gadget updated' },
    });
  });
});
