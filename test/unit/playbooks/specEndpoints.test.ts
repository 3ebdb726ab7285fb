import { jsonSchemaUrl, jsonSchemasApi } from '../../../src/api/endpoints/jsonSchemas';
import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../../../src/api/baseApi';
import type { ApiExtra, FetchFn } from '../../../src/api/baseQuery';
import {
  PLAYBOOK_SPEC_SCHEMA,
  createPlaybookRequest,
  deletePlaybookRequest,
  playbooksApi,
  updatePlaybookRequest,
} from '../../../src/api/endpoints/playbooks';
import { patchById, softDeleteById } from '../support/requests';

const ID = '018f4b8e-7777-7000-8000-0000000000a1';

describe('playbook spec requests follow api.md §12', () => {
  it('PB-04 posts the body with name = title and stamps created_by', () => {
    expect(
      createPlaybookRequest({
        title: 'Say Hello',
        namespace: 'default',
        category: 'Demo',
        spec: { actions: [] },
        source: 'UI',
      }),
    ).toEqual({
      url: '/api/db/playbooks',
      method: 'POST',
      body: {
        name: 'Say Hello',
        title: 'Say Hello',
        namespace: 'default',
        category: 'Demo',
        spec: { actions: [] },
        source: 'UI',
      },
      stamp: 'created_by',
    });
  });

  it('PB-05 patches by exact id with the body as given', () => {
    const body = { id: ID, title: 'T', source: 'UI', spec: {}, description: '', icon: '' };
    expect(updatePlaybookRequest(body)).toEqual(patchById('playbooks', ID, body));
  });

  it('PB-06 is a soft delete', () => {
    expect(deletePlaybookRequest(ID)).toEqual(softDeleteById('playbooks', ID));
  });

  it('MISC-06 reads /api/schemas/{file}', () => {
    expect(jsonSchemaUrl(PLAYBOOK_SPEC_SCHEMA)).toBe('/api/schemas/playbook-spec.schema.json');
  });
});

function storeWith(fetchFn: FetchFn, direct: boolean) {
  const extra: ApiExtra = {
    fetchFn,
    currentUserId: () => 'user-1',
    ...(direct
      ? { getBackend: () => ({ baseUrl: 'https://mc.example.com', token: async () => 'tok' }) }
      : {}),
  };
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra } }).concat(baseApi.middleware),
  });
}

describe('through the store', () => {
  it('MISC-06 stays on the console origin under /api even in direct mode', async () => {
    const urls: string[] = [];
    const store = storeWith(async (input) => {
      urls.push(input);
      return new Response(JSON.stringify({ type: 'object' }), {
        headers: { 'content-type': 'application/json' },
      });
    }, true);
    const result = await store.dispatch(
      jsonSchemasApi.endpoints.getJsonSchema.initiate(PLAYBOOK_SPEC_SCHEMA),
    );
    expect(result.data).toEqual({ type: 'object' });
    expect(urls).toHaveLength(1);
    expect(new URL(urls[0]!, 'http://console.local').pathname).toBe(
      '/api/schemas/playbook-spec.schema.json',
    );
    expect(urls[0]).not.toContain('mc.example.com');
  });

  it("MISC-06 failures carry the server's error", async () => {
    const store = storeWith(
      async () =>
        new Response(JSON.stringify({ error: 'schema x not found' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      false,
    );
    const result = await store.dispatch(jsonSchemasApi.endpoints.getJsonSchema.initiate('x'));
    expect(result.error).toMatchObject({ status: 404, message: 'schema x not found' });
  });

  it('PB-04 sends created_by as the signed-in user', async () => {
    const bodies: unknown[] = [];
    const store = storeWith(async (_input, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify([{ id: ID, name: 'T', title: 'T', source: 'UI' }]), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }, false);
    await store.dispatch(
      playbooksApi.endpoints.createPlaybook.initiate({ title: 'T', spec: { actions: [] } }),
    );
    expect(bodies).toEqual([
      { name: 'T', title: 'T', spec: { actions: [] }, created_by: 'user-1' },
    ]);
  });
});
