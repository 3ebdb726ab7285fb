import { screen } from '@testing-library/react';
import type { EventQueueRow } from '../../../src/api/schemas/eventQueue';
import type { AppPage } from '../../../src/app/routes';
import { EventQueuePage } from '../../../src/features/eventQueue/EventQueuePage';
import { postgrestTable } from '../../support/postgrestTable';
import type { PostgrestTable } from '../../support/postgrestTable';
import { SLOW, findTable, rowCellsWith } from '../../support/tables';
import { renderPages } from '../../support/renderPages';
import { hoursAgo } from '../../support/time';

jest.setTimeout(30_000);

const PAGE: AppPage = {
  path: '/settings/event-queue-status',
  load: async () => EventQueuePage,
  access: { resource: 'database', feature: 'settings' },
};

const ROWS: EventQueueRow[] = [
  {
    name: 'notification.send',
    pending: 12,
    failed: 3,
    average_attempts: '1.6667',
    first_failure: hoursAgo(5),
    last_failure: hoursAgo(1),
    most_common_error: 'slack: channel_not_found',
  },
  {
    name: 'playbook.spec.approval.updated',
    pending: 2,
    failed: 0,
    average_attempts: 1,
    first_failure: null,
    last_failure: hoursAgo(3),
    most_common_error: null,
  },
];

let table: PostgrestTable<EventQueueRow>;

function renderPage(rows: EventQueueRow[] = ROWS, failOnce?: string) {
  table = postgrestTable('event_queue_summary', rows);
  if (failOnce) table.fail('GET', 500, { message: failOnce }, { times: 1 });
  return renderPages([PAGE], '/settings/event-queue-status');
}

const cells = (name: string) => rowCellsWith('Event queue status', name);

describe('Event queue page', () => {
  it('lists each event name with its pending, failed, attempts, failures and error', async () => {
    renderPage();
    await findTable('Event queue status');
    expect(decodeURIComponent(table.reads[0]!.url.search)).toBe('?order=last_failure.desc');
    const first = cells('notification.send');
    expect(first.slice(0, 4)).toEqual(['notification.send', '12', '3', '1.67']);
    expect(first[4]).toBe('5h ago');
    expect(first[5]).toBe('1h ago');
    expect(first[6]).toBe('slack: channel_not_found');
    const second = cells('playbook.spec.approval.updated');
    expect(second.slice(1, 5)).toEqual(['2', '0', '1', '']);
    expect(second[6]).toBe('');
  });

  it('says when the queue is empty', async () => {
    renderPage([]);
    expect(await screen.findByText('The event queue is empty', {}, SLOW)).toBeInTheDocument();
  });

  it("shows the server's reason when the status cannot be read, and Retry reads it again", async () => {
    const { user } = renderPage(ROWS, 'permission denied for view event_queue_summary');
    expect(
      await screen.findByText('permission denied for view event_queue_summary', {}, SLOW),
    ).toBeVisible();
    expect(screen.getByText('Error loading the event queue')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('notification.send', {}, SLOW)).toBeInTheDocument();
  });
});
