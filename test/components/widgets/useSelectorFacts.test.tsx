import { renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createStore } from '../../../src/app/store';
import { useSelectorFacts } from '../../../src/widgets/useSelectorFacts';
import { server } from '../../support/msw';
import { postgrestTable, valuesTable } from '../../support/postgrestTable';
import { TEST_CONFIG } from '../../support/renderApp';

/** The tables of the estate that selector completion reads. */
function estate() {
  valuesTable('config_types', 'type', ['Kubernetes::Pod', 'AWS::EC2::Instance']);
  valuesTable('config_statuses', 'status', ['Running']);
  postgrestTable('config_tags', [
    { key: 'cluster', value: 'prod' },
    { key: 'cluster', value: 'dev' },
    { key: 'namespace', value: 'shop' },
  ]);
  postgrestTable('config_labels', [{ key: 'app', value: 'web' }]);
  postgrestTable('agents', [{ id: 'a1', name: 'local', description: null }]);
}

/** The database tables asked for while a test runs. */
function tablesAsked(): string[] {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/db/')) asked.push(pathname.slice('/api/db/'.length));
  });
  return asked;
}

function renderFacts() {
  const store = createStore({ config: TEST_CONFIG });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return renderHook(() => useSelectorFacts(), { wrapper });
}

afterEach(() => server.events.removeAllListeners());

describe('useSelectorFacts', () => {
  it("reads nothing until asked, then the estate's types, statuses, tags, labels and agents, once", async () => {
    estate();
    const asked = tablesAsked();
    const { result } = renderFacts();
    expect(asked).toEqual([]);
    const facts = await result.current();
    expect(facts).toEqual({
      types: ['Kubernetes::Pod', 'AWS::EC2::Instance'],
      statuses: ['Running'],
      agents: ['local'],
      tags: { cluster: ['dev', 'prod'], namespace: ['shop'] },
      labels: { app: ['web'] },
    });
    expect(asked.sort()).toEqual([
      'agents',
      'config_labels',
      'config_statuses',
      'config_tags',
      'config_types',
    ]);
    // Asked again, the same facts answer, without another request.
    expect(await result.current()).toBe(facts);
    expect(asked).toHaveLength(5);
  });

  it('takes a list that fails as empty, and asks for it again the next time', async () => {
    estate();
    server.use(
      http.get(
        '/api/db/config_types',
        () => HttpResponse.json({ message: 'down' }, { status: 500 }),
        {
          once: true,
        },
      ),
    );
    const { result } = renderFacts();
    const first = await result.current();
    expect(first.types).toEqual([]);
    expect(first.agents).toEqual(['local']);
    const second = await result.current();
    expect(second.types).toEqual(['Kubernetes::Pod', 'AWS::EC2::Instance']);
  });
});
