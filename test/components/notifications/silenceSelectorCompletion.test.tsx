import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { appPages } from '../../../src/app/routes';
import { server } from '../../support/msw';
import { completion, endOf } from '../../support/monacoCompletionMock';
import { postgrestTable, valuesTable } from '../../support/postgrestTable';
import { renderPages } from '../../support/renderPages';

jest.mock('../../../src/ui/CodeEditor/monacoSetup', () => ({}));
jest.mock('@monaco-editor/react', () => jest.requireActual('../../support/monacoCompletionMock'));

const SLOW = { timeout: 10_000 };
const PAGES = appPages.filter((page) => page.path.startsWith('/notifications/silences'));

/** The add-silence page's own requests, and the estate's lists completion reads. */
function backend() {
  server.use(
    http.get('*/api/db/notifications_summary', () => HttpResponse.json([])),
    http.get('*/api/notification/silence_preview', () => HttpResponse.json([])),
    // No maintenance windows (Mission Control): the form offers no Repeats switch.
    http.get('*/api/notification/silence_windows', () =>
      HttpResponse.json({ error: 'not found' }, { status: 404 }),
    ),
  );
  valuesTable('config_types', 'type', ['Kubernetes::Pod', 'Kubernetes::Deployment']);
  valuesTable('config_statuses', 'status', ['Running']);
  postgrestTable('config_tags', [{ key: 'cluster', value: 'prod' }]);
  postgrestTable('config_labels', [{ key: 'app', value: 'web' }]);
  postgrestTable('agents', [{ id: 'a1', name: 'local', description: null }]);
}

beforeEach(() => completion.reset());

describe('add silence: selector completion', () => {
  it("completes the selectors' YAML with the estate's values", async () => {
    backend();
    const { user } = renderPages(PAGES, '/notifications/silences/add');
    const group = await screen.findByRole('group', { name: 'Selectors (YAML)' }, SLOW);
    const code = within(group).getByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(completion.providers).toHaveLength(1));
    await user.type(code, '- search: type=Kub');
    const [provider] = completion.providers;
    const model = completion.models.at(-1)!;
    await waitFor(() => expect(model.getValue()).toBe('- search: type=Kub'));
    const values = await provider!.provideCompletionItems(model, endOf(model));
    expect(values.suggestions.map((item) => item.label)).toEqual([
      'Kubernetes::Pod',
      'Kubernetes::Deployment',
    ]);

    await user.type(code, ' tags.');
    await waitFor(() => expect(model.getValue()).toBe('- search: type=Kub tags.'));
    const keys = await provider!.provideCompletionItems(model, endOf(model));
    expect(keys.suggestions.map((item) => item.label)).toEqual(
      expect.arrayContaining(['tags.cluster=', 'labels.app=', 'health=']),
    );
  });
});
