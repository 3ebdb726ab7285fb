import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import type { SearchKind } from '../../../src/api/endpoints/resources';
import { KindPicker } from '../../../src/widgets/pickers';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';

function Picker({ kind }: { kind: SearchKind }) {
  const [value, setValue] = useState<string | undefined>();
  return (
    <>
      <KindPicker kind={kind} value={value} onChange={(option) => setValue(option?.value)} />
      <output aria-label="Chosen">{value ?? 'none'}</output>
    </>
  );
}

function searchServer(answer: Record<string, unknown>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/resources/search', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(answer);
    }),
  );
  return bodies;
}

describe('KindPicker (MISC-03)', () => {
  it('searches configs of every agent for the typed text, and picks one', async () => {
    const bodies = searchServer({
      configs: [{ id: 'c1', name: 'orders-db', type: 'AWS::RDS::DBInstance', agent: 'a' }],
    });
    const { user } = renderApp(<Picker kind="configs" />);
    await user.click(screen.getByLabelText('Config'));
    await user.type(screen.getByLabelText('Config'), 'orders');
    const option = await screen.findByRole('option', { name: /^orders-db/ });
    expect(option).toHaveTextContent('AWS::RDS::DBInstance');
    expect(bodies).toEqual([{ configs: [{ search: 'orders', agent: 'all' }] }]);
    await user.click(within(option).getByText('orders-db'));
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('c1');
  });

  it('searches connections and playbooks by any name, with namespaces shown', async () => {
    const bodies = searchServer({
      connections: [{ id: 'x1', name: 'postgres', namespace: 'prod', type: 'postgres' }],
    });
    const { user } = renderApp(<Picker kind="connections" />);
    await user.click(screen.getByLabelText('Connection'));
    await user.type(screen.getByLabelText('Connection'), 'post');
    expect(await screen.findByRole('option', { name: /^prod\/postgres/ })).toBeInTheDocument();
    expect(bodies).toEqual([{ connections: [{ search: 'post', name: '*' }] }]);
  });

  it("shows the server's reason when the search fails", async () => {
    server.use(
      http.post('*/api/resources/search', () =>
        HttpResponse.json({ error: 'search is down' }, { status: 500 }),
      ),
    );
    const { user } = renderApp(<Picker kind="components" />);
    await user.click(screen.getByLabelText('Component'));
    await user.type(screen.getByLabelText('Component'), 'api');
    expect((await screen.findAllByText('search is down')).length).toBeGreaterThan(0);
  });
});
