/**
 * The selector tool: a kind and a selector (typed or an example) searched with MISC-03, the
 * matches with a column per tag, the server's reason for a selector it refuses, and the
 * selector as YAML for a scope, a permission or a silence. Opened from the user menu.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { SelectorToolDialog } from '../../../src/features/selectors/SelectorToolDialog';
import { ShellProvider } from '../../../src/shell/ShellContext';
import { UserMenu } from '../../../src/shell/UserMenu';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import { bodyRows } from '../../support/tables';

jest.setTimeout(20_000);

const REFUSED = 'configs[0].search: unexpected "=" at 1';

const PODS = [
  {
    id: '0b6c9b2a-1111-4000-8000-000000000001',
    name: 'web-1',
    type: 'Kubernetes::Pod',
    health: 'healthy',
    status: 'Running',
    tags: { cluster: 'prod', namespace: 'shop' },
  },
  {
    id: '0b6c9b2a-1111-4000-8000-000000000002',
    name: 'web-2',
    type: 'Kubernetes::Pod',
    health: 'unhealthy',
    status: 'CrashLoopBackOff',
    tags: { cluster: 'dev', team: 'payments' },
  },
];

/** MISC-03 on msw: every body sent, and answers by the selector's search. */
function searchBackend() {
  const bodies: Array<Record<string, Array<Record<string, unknown>>>> = [];
  server.use(
    http.post('*/api/resources/search', async ({ request }) => {
      const body = (await request.json()) as Record<string, Array<Record<string, unknown>>>;
      bodies.push(body);
      const [kind] = Object.keys(body);
      const search = String(body[kind!]?.[0]?.search ?? '');
      if (search.startsWith('=')) return HttpResponse.json({ error: REFUSED }, { status: 400 });
      if (kind === 'configs' && search.includes('Kubernetes::Pod')) {
        return HttpResponse.json({ configs: PODS });
      }
      if (kind === 'checks' && search === 'type=http') {
        return HttpResponse.json({
          checks: [
            { id: 'c1', name: 'api-health', type: 'http', status: 'healthy', tags: { app: 'api' } },
          ],
        });
      }
      return HttpResponse.json({});
    }),
  );
  return bodies;
}

const ui = {
  dialog: () => screen.getByRole('dialog', { name: 'Selector tool' }),
  kind: () => screen.getByLabelText('Kind'),
  selector: () => screen.getByLabelText('Selector'),
  example: (text: string) =>
    within(screen.getByRole('group', { name: 'Examples' })).getByRole('button', { name: text }),
  results: () => screen.findByRole('table', { name: 'Matching resources' }),
  headers: () =>
    within(screen.getByRole('table', { name: 'Matching resources' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  yaml: () => screen.getByLabelText('YAML'),
  destination: () => screen.getByLabelText('Copy as YAML for'),
};

function renderTool() {
  const bodies = searchBackend();
  const rendered = renderApp(<SelectorToolDialog isOpen onClose={() => undefined} />, {
    url: '/health',
  });
  return { ...rendered, bodies };
}

describe('the selector tool', () => {
  it('searches the selector of an example and shows a column per tag of the results', async () => {
    const { user, bodies } = renderTool();
    expect(ui.dialog()).toHaveTextContent(
      'Write a selector or pick an example to see what it matches.',
    );
    await user.click(ui.example('type=Kubernetes::Pod tags.cluster=*'));
    expect(ui.selector()).toHaveValue('type=Kubernetes::Pod tags.cluster=*');
    await ui.results();
    await waitFor(() => expect(bodyRows('Matching resources')).toHaveLength(2));
    expect(ui.headers()).toEqual([
      'Name',
      'Type',
      'Health',
      'Status',
      'cluster',
      'namespace',
      'team',
    ]);
    const cells = bodyRows('Matching resources').map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['web-1', 'Kubernetes::Pod', 'healthy', 'Running', 'prod', 'shop', ''],
      ['web-2', 'Kubernetes::Pod', 'unhealthy', 'CrashLoopBackOff', 'dev', '', 'payments'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 matches');
    // The selector is sent as the search of one config selector (every agent).
    expect(bodies.at(-1)).toEqual({
      configs: [{ search: 'type=Kubernetes::Pod tags.cluster=*', agent: 'all' }],
    });
  });

  it('searches the chosen kind, with its own examples', async () => {
    const { user, bodies } = renderTool();
    await user.selectOptions(ui.kind(), 'check');
    expect(ui.example('labels.app=*')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'type=Kubernetes::Pod tags.cluster=*' }),
    ).toBeNull();
    await user.type(ui.selector(), 'type=http');
    await waitFor(() => expect(bodyRows('Matching resources')).toHaveLength(1));
    expect(ui.headers()).toEqual(['Name', 'Type', 'Health', 'Status', 'app']);
    expect(bodies.at(-1)).toEqual({ checks: [{ search: 'type=http', agent: 'all' }] });
    // Typing is searched once it settles, not once per key.
    expect(bodies).toHaveLength(1);
  });

  it('shows the server’s reason for a selector it refuses, and no YAML', async () => {
    const { user } = renderTool();
    await user.type(ui.selector(), '=bad');
    expect(await screen.findByText('The selector was not accepted')).toBeInTheDocument();
    expect(screen.getByText(REFUSED)).toBeInTheDocument();
    expect(screen.queryByLabelText('YAML')).toBeNull();
  });

  it('says when nothing matches', async () => {
    const { user } = renderTool();
    await user.type(ui.selector(), 'name=nothing');
    expect(await screen.findByText('Nothing matches this selector')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Nothing matches');
  });

  it('writes the selector as YAML for a scope, a permission and a silence, and copies it', async () => {
    const { user } = renderTool();
    // After the user's set-up, which puts a clipboard of its own in place.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.type(ui.selector(), 'name=web-* tags.cluster=prod type=Kubernetes::Pod');
    await waitFor(() =>
      expect(ui.yaml().textContent).toBe(
        'targets:\n  - config:\n      name: web-*\n      tagSelector: cluster=prod\n',
      ),
    );
    expect(ui.dialog()).toHaveTextContent(
      "A scope's target holds only a name, an agent and tags; left out: type=Kubernetes::Pod",
    );
    await user.click(screen.getByRole('button', { name: 'Copy YAML' }));
    expect(writeText).toHaveBeenCalledWith(
      'targets:\n  - config:\n      name: web-*\n      tagSelector: cluster=prod\n',
    );

    await user.selectOptions(ui.destination(), 'permission');
    expect(ui.yaml().textContent).toBe(
      'object_selector:\n  configs:\n    - search: name=web-* tags.cluster=prod type=Kubernetes::Pod\n',
    );
    await user.selectOptions(ui.destination(), 'silence');
    expect(ui.yaml().textContent).toBe(
      '- search: name=web-* tags.cluster=prod type=Kubernetes::Pod\n',
    );
    await user.click(screen.getByRole('button', { name: 'Copy YAML' }));
    expect(writeText).toHaveBeenLastCalledWith(
      '- search: name=web-* tags.cluster=prod type=Kubernetes::Pod\n',
    );

    // A check has no scope target: the tool says so instead.
    await user.selectOptions(ui.kind(), 'check');
    await user.selectOptions(ui.destination(), 'scope');
    expect(ui.dialog()).toHaveTextContent('A scope cannot select checks.');
    expect(screen.getByRole('button', { name: 'Copy YAML' })).toBeDisabled();
  });
});

describe('the user menu', () => {
  it('opens the selector tool the app supplies', async () => {
    searchBackend();
    const { user } = renderApp(
      <ShellProvider selectorTool={SelectorToolDialog}>
        <UserMenu profileHref="/profile-settings" />
      </ShellProvider>,
      { url: '/health' },
    );
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Selector tool' }));
    expect(await screen.findByRole('dialog', { name: 'Selector tool' })).toBeInTheDocument();
    await user.click(within(ui.dialog()).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Selector tool' })).toBeNull());
  });
});
