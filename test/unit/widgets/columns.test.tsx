import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import {
  IconLabel,
  TableTime,
  ageColumn,
  agentColumn,
  jobStatusColumn,
  nameColumn,
  textColumn,
  timeColumn,
} from '../../../src/widgets/columns';

interface Row {
  name: string;
  namespace?: string;
  created_at?: string | null;
}

const row: Row = { name: 'web', namespace: 'prod', created_at: '2026-01-01T10:00:00Z' };
const clock = {
  formatDate: (value: unknown) => `full ${String(value)}`,
  now: new Date('2026-01-01T10:05:00Z'),
};
const html = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);

describe('column helpers', () => {
  it('nameColumn sorts by name, is at least 200 px wide, and takes other layout', () => {
    const column = nameColumn<Row>((r) => r.name);
    expect(column).toMatchObject({ id: 'name', header: 'Name', sortKey: 'name', minWidth: 200 });
    expect(column.cell(row)).toBe('web');
    expect(nameColumn<Row>((r) => r.name, { header: 'Checks', minWidth: 240 })).toMatchObject({
      id: 'name',
      header: 'Checks',
      minWidth: 240,
    });
  });

  it('textColumn sorts by its id unless told otherwise', () => {
    const column = textColumn<Row>(
      { id: 'namespace', header: 'Namespace', width: 150 },
      (r) => r.namespace,
    );
    expect(column).toMatchObject({ id: 'namespace', sortKey: 'namespace', width: 150 });
    expect(column.cell(row)).toBe('prod');
    expect(
      textColumn<Row>({ id: 'ns', header: 'NS', sortKey: undefined }, (r) => r.namespace).sortKey,
    ).toBeUndefined();
  });

  it('timeColumn shows the time relative to now with the full date on hover', () => {
    const column = timeColumn<Row>(
      clock,
      { id: 'created_at', header: 'Created', width: 120 },
      (r) => r.created_at,
    );
    expect(column).toMatchObject({ id: 'created_at', header: 'Created', width: 120 });
    expect(column.sortKey).toBeUndefined();
    const cell = html(column.cell(row));
    expect(cell).toContain('class="mc-table-time"');
    expect(cell).toContain('dateTime="2026-01-01T10:00:00Z"');
    expect(cell).toContain('title="full 2026-01-01T10:00:00Z"');
    expect(cell).toContain('5m ago');
  });

  it('TableTime shows given text instead, and no dateTime without a time', () => {
    expect(
      html(
        <TableTime value={row.created_at} {...clock}>
          5m
        </TableTime>,
      ),
    ).toContain('>5m</time>');
    expect(html(<TableTime value={null} {...clock} />)).not.toContain('dateTime');
  });

  it('IconLabel puts the icon before the name, and leaves it out when there is none', () => {
    expect(
      html(
        <IconLabel className="mc-x" icon="cube">
          web
        </IconLabel>,
      ),
    ).toMatch(
      /^<span class="mc-x"><span aria-hidden="true" [^>]*data-icon="cube"><\/span><span>web<\/span><\/span>$/,
    );
    expect(html(<IconLabel className="mc-x">web</IconLabel>)).toBe(
      '<span class="mc-x"><span>web</span></span>',
    );
  });

  it('ageColumn tells the age with the full date on hover, and nothing without a time', () => {
    const column = ageColumn<Row>(
      clock,
      { id: 'created', header: 'Created', sortKey: 'created_at', width: 150 },
      (r) => r.created_at,
    );
    expect(column).toMatchObject({ id: 'created', header: 'Created', sortKey: 'created_at' });
    expect(html(column.cell(row))).toBe('<span title="full 2026-01-01T10:00:00Z">5m ago</span>');
    expect(column.cell({ name: 'db', created_at: null })).toBeNull();
  });

  it("agentColumn links the agent's name (else its id) to its page, and is empty without one", () => {
    interface Job {
      agent?: { id?: string | null; name?: string | null } | null;
    }
    const column = agentColumn<Job>((job) => job.agent);
    expect(column).toMatchObject({ id: 'agent', header: 'Agent', width: 140 });
    expect(column.sortKey).toBeUndefined();
    const inRouter = (job: Job) => html(<MemoryRouter>{column.cell(job)}</MemoryRouter>);
    expect(inRouter({ agent: { id: 'a1', name: 'edge' } })).toMatch(
      /^<a href="\/settings\/agents\?id=a1"[^>]*>edge<\/a>$/,
    );
    expect(inRouter({ agent: { id: 'a1', name: '' } })).toMatch(/>a1<\/a>$/);
    expect(column.cell({ agent: null })).toBeNull();
    expect(column.cell({ agent: { id: null, name: 'edge' } })).toBeNull();
  });

  it('jobStatusColumn shows the status as a job status tag, sorted by the key given', () => {
    const column = jobStatusColumn<{ status: string | null }>('job_status', (r) => r.status);
    expect(column).toMatchObject({
      id: 'status',
      header: 'Status',
      sortKey: 'job_status',
      width: 120,
    });
    expect(html(column.cell({ status: 'FAILED' }))).toContain('mc-job-status');
    expect(html(column.cell({ status: null }))).toBe('');
  });
});
