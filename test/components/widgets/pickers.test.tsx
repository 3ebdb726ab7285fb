import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import type { SearchKind } from '../../../src/api/endpoints/resources';
import { KindPicker } from '../../../src/widgets/pickers';
import { IncidentPicker, PersonPicker } from '../../../src/widgets/peoplePickers';
import type { ResourceRef } from '../../../src/widgets/ResourceRefPicker';
import { ResourceRefPicker, refKinds } from '../../../src/widgets/ResourceRefPicker';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import { renderApp } from '../../support/renderApp';
import { resourceSearch } from '../../support/resourceSearch';

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

describe('names of values given by id', () => {
  it('names a resource of the address through a search on its id (MISC-03)', async () => {
    const searches = resourceSearch({
      components: [
        { id: 'comp-1', name: 'payments-api' },
        { id: 'comp-2', name: 'orders-api' },
      ],
    });
    renderApp(<KindPicker kind="components" value="comp-2" onChange={jest.fn()} />);
    await waitFor(() => expect(screen.getByLabelText('Component')).toHaveValue('orders-api'));
    expect(searches).toEqual([{ components: [{ id: 'comp-2', search: '', agent: 'all' }] }]);
  });

  it('names a person by id (AUTH-02) and asks nothing when the name is given', async () => {
    const people = postgrestTable('people', [
      { id: 'p-1', name: 'Ada Lovelace', email: 'ada@example.com', avatar: null },
    ]);
    const { unmount } = renderApp(<PersonPicker value="p-1" onChange={jest.fn()} />);
    await waitFor(() =>
      expect(screen.getByLabelText('Person')).toHaveValue('Ada Lovelace (ada@example.com)'),
    );
    expect(people.reads.at(-1)!.url.searchParams.get('id')).toBe('eq.p-1');
    unmount();
    const reads = people.reads.length;
    renderApp(<PersonPicker value="p-1" valueLabel="Ada" onChange={jest.fn()} />);
    expect(screen.getByLabelText('Person')).toHaveValue('Ada');
    expect(people.reads).toHaveLength(reads);
  });
});

describe('IncidentPicker', () => {
  it('offers the incidents found and a new one with the typed title', async () => {
    server.use(
      http.get('*/api/db/incidents', () =>
        HttpResponse.json([
          { id: 'inc-1', incident_id: 'INC-1', title: 'Checkout outage', status: 'open' },
        ]),
      ),
    );
    const onCreate = jest.fn();
    const onChange = jest.fn();
    const { user } = renderApp(<IncidentPicker onChange={onChange} onCreate={onCreate} />);
    await user.click(screen.getByLabelText('Incident'));
    await user.type(screen.getByLabelText('Incident'), 'Checkout');
    const option = await screen.findByRole('option', { name: /^Checkout outage/ });
    expect(option).toHaveTextContent('INC-1 · Open');
    await user.click(screen.getByText('Create new incident: Checkout'));
    expect(onCreate).toHaveBeenCalledWith('Checkout');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('ResourceRefPicker', () => {
  const KINDS = refKinds(['config', 'check'] as const);

  function RefHarness({ initial }: { initial?: ResourceRef<'config' | 'check'> }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <ResourceRefPicker kinds={KINDS} value={value} onChange={setValue} />
        <output aria-label="Chosen">{value ? `${value.kind}:${value.id}` : 'none'}</output>
        <button type="button" onClick={() => setValue({ kind: 'check', id: 'k1' })}>
          Set check
        </button>
      </>
    );
  }

  it('picks a kind, then a resource of it; another kind clears it', async () => {
    const searches = resourceSearch({
      configs: [{ id: 'c1', name: 'orders-db' }],
      checks: [{ id: 'k1', name: 'http-probe', namespace: 'prod' }],
    });
    const { user } = renderApp(<RefHarness />);
    const kind = screen.getByRole('combobox', { name: 'Resource type' });
    expect(kind).toHaveValue('config');
    await user.selectOptions(kind, 'check');
    await user.click(screen.getByLabelText('Check'));
    await user.type(screen.getByLabelText('Check'), 'probe');
    const option = await screen.findByRole('option', { name: /^prod\/http-probe/ });
    await user.click(within(option).getByText('prod/http-probe'));
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('check:k1');
    expect(searches).toContainEqual({ checks: [{ search: 'probe', agent: 'all' }] });
    await user.selectOptions(kind, 'config');
    expect(screen.getByLabelText('Chosen')).toHaveTextContent('none');
    expect(screen.getByLabelText('Config')).toHaveValue('');
  });

  it('shows the kind and name of a resource set from outside', async () => {
    resourceSearch({ checks: [{ id: 'k1', name: 'http-probe', namespace: 'prod' }] });
    const { user } = renderApp(<RefHarness initial={{ kind: 'config', id: 'c9' }} />);
    expect(screen.getByRole('combobox', { name: 'Resource type' })).toHaveValue('config');
    await user.click(screen.getByRole('button', { name: 'Set check' }));
    expect(screen.getByRole('combobox', { name: 'Resource type' })).toHaveValue('check');
    await waitFor(() => expect(screen.getByLabelText('Check')).toHaveValue('prod/http-probe'));
  });
});
