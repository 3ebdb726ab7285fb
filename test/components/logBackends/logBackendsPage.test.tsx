import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { LogBackendRow } from '../../../src/api/schemas/logBackends';
import type { AppPage } from '../../../src/app/routes';
import { LogBackendsPage } from '../../../src/features/logBackends/LogBackendsPage';
import type { LogBackendFormProps } from '../../../src/widgets/slots/slotTypes';
import { SlotsProvider } from '../../../src/widgets/slots/SlotsProvider';
import { clearToasts } from '../../../src/ui/toaster';
import { postgrestTable } from '../../support/postgrestTable';
import type { PostgrestTable } from '../../support/postgrestTable';
import type { RenderAppOptions } from '../../support/renderApp';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { renderPages } from '../../support/renderPages';
import { onlyWrite } from '../../support/expectations';

jest.setTimeout(30_000);

const LOKI_ID = '018f4b8e-bbbb-7000-8000-000000000001';
const CRD_ID = '018f4b8e-bbbb-7000-8000-000000000002';

/**
 * Stands in for the integrations area's form, which the app hands to the page: it shows the
 * record it was given and calls `save` and `remove` as the real one does.
 */
function FakeLogBackendForm({ record, readOnly, save, remove, onCancel }: LogBackendFormProps) {
  return (
    <>
      <DialogBody>
        <p>Editing: {record?.name ?? 'new backend'}</p>
        <p>Labels: {JSON.stringify(record?.labels ?? {})}</p>
        {readOnly && <p>Read only</p>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onCancel} />
            {remove && <Button text="Delete" onClick={() => void remove()} />}
            <Button
              text={record ? 'Update' : 'Add'}
              onClick={() =>
                void save(
                  record
                    ? { name: `${record.name}-2`, labels: { team: 'obs' }, spec: { loki: {} } }
                    : { name: 'opensearch', labels: {}, spec: {} },
                )
              }
            />
          </>
        }
      />
    </>
  );
}

const PAGE: AppPage = {
  path: '/settings/log-backends',
  load: async () =>
    function Page() {
      return (
        <SlotsProvider slots={{ LogBackendForm: FakeLogBackendForm }}>
          <LogBackendsPage />
        </SlotsProvider>
      );
    },
  access: { resource: 'logging_backends', feature: 'settings' },
};

const ROWS: LogBackendRow[] = [
  {
    id: LOKI_ID,
    name: 'loki',
    spec: { loki: { url: 'http://loki:3100' } },
    labels: { team: 'platform' },
    source: 'UI',
    created_at: '2024-06-01T10:00:00Z',
    updated_at: '2024-06-01T10:00:00Z',
    created_by: { id: 'p-1', name: 'Ada Admin', email: 'ada@example.com', avatar: null },
  },
  {
    id: CRD_ID,
    name: 'elastic',
    spec: {},
    source: 'KubernetesCRD',
    created_at: '2024-05-01T10:00:00Z',
    created_by: null,
  },
];

let table: PostgrestTable<LogBackendRow>;

function renderPage(url = '/settings/log-backends', options: RenderAppOptions = {}) {
  table = postgrestTable('logging_backends', ROWS, {
    // The creator is stored as an id on insert and embedded as a person when read.
    embed: {
      created_by: (value) =>
        typeof value === 'string'
          ? { id: value, name: 'Ada Admin', email: null, avatar: null }
          : value,
    },
    onInsert: (body) =>
      ({ id: 'new-id', created_at: '2024-07-01T10:00:00Z', ...body }) as LogBackendRow,
  });
  return renderPages([PAGE], url, options);
}

const table$ = () => findTable('Log backends');
const names = () =>
  bodyRows('Log backends').map((row) => within(row).getAllByRole('cell')[0]?.textContent);

afterEach(async () => {
  await act(() => clearToasts());
});

describe('Log backends page', () => {
  it('lists name, source, creator and creation, newest first (LOG-02)', async () => {
    renderPage();
    await table$();
    expect(decodeURIComponent(table.reads[0]!.url.search)).toBe(
      '?order=created_at.desc&select=id,spec,name,source,created_at,updated_at,created_by(id,name,avatar,email)&deleted_at=is.null',
    );
    expect(names()).toEqual(['loki', 'elastic']);
    const loki = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(loki[1]).toHaveTextContent('UI');
    expect(loki[2]).toHaveTextContent('Ada Admin');
    expect(loki[3]).toHaveTextContent(/2024/);
  });

  it('opens ?id= with the backend read by id, and saving updates it', async () => {
    const { user, currentUrl } = renderPage(`/settings/log-backends?id=${LOKI_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Log Backend' }, SLOW);
    expect(await within(dialog).findByText('Editing: loki')).toBeInTheDocument();
    expect(within(dialog).getByText('Labels: {"team":"platform"}')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await onlyWrite(table)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${LOKI_ID}` },
      body: { id: LOKI_ID, name: 'loki-2', labels: { team: 'obs' }, spec: { loki: {} } },
    });
    // The embedded creator is not written back.
    expect(table.writes[0]?.body).not.toHaveProperty('created_by');
    expect(await screen.findByText('Log Backend updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/settings/log-backends'));
    await waitFor(() => expect(names()).toEqual(['loki-2', 'elastic']));
  });

  it('adds a backend, stamped with its creator', async () => {
    const { user } = renderPage();
    await table$();
    await user.click(screen.getByRole('button', { name: 'Add Log Backend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Log Backend' });
    expect(within(dialog).getByText('Editing: new backend')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await onlyWrite(table)).toMatchObject({ method: 'POST', body: { name: 'opensearch' } });
    expect((table.writes[0]?.body as { created_by?: string }).created_by).toBeTruthy();
    await waitFor(() => expect(names()).toContain('opensearch'));
  });

  it('puts Add Log Backend and a row’s dialog in the address', async () => {
    const { user, currentUrl } = renderPage();
    await table$();
    await user.click(screen.getByRole('button', { name: 'Add Log Backend' }));
    await screen.findByRole('dialog', { name: 'Add Log Backend' });
    expect(currentUrl()).toBe('/settings/log-backends?new=1');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe('/settings/log-backends'));
    await user.click(screen.getByText('elastic'));
    await screen.findByRole('dialog', { name: 'Edit Log Backend' });
    expect(currentUrl()).toMatch(/^\/settings\/log-backends\?id=/);
  });

  it('opens Add Log Backend from a shared link', async () => {
    renderPage('/settings/log-backends?new=1');
    const dialog = await screen.findByRole('dialog', { name: 'Add Log Backend' }, SLOW);
    expect(within(dialog).getByText('Editing: new backend')).toBeInTheDocument();
  });

  it('deletes the backend of ?id= softly', async () => {
    const { user, currentUrl } = renderPage(`/settings/log-backends?id=${LOKI_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Log Backend' }, SLOW);
    await within(dialog).findByText('Editing: loki');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await onlyWrite(table)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${LOKI_ID}` },
      body: { deleted_at: 'now()' },
    });
    expect(await screen.findByText('Log Backend deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/settings/log-backends'));
  });

  it('says when the backend of ?id= no longer exists', async () => {
    renderPage('/settings/log-backends?id=018f4b8e-bbbb-7000-8000-0000000000ff');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Log Backend' }, SLOW);
    expect(await within(dialog).findByText('The log backend no longer exists.')).toBeVisible();
  });

  it('offers Add, and editing, only to users who may write log backends', async () => {
    renderPage(`/settings/log-backends?id=${LOKI_ID}`, { user: { roles: ['viewer'] } });
    await table$();
    expect(screen.queryByRole('button', { name: 'Add Log Backend' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Edit Log Backend' });
    expect(await within(dialog).findByText('Read only')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
