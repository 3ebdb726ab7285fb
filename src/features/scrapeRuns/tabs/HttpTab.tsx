import { Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { HarEntry } from '../../../api/schemas/scrapeRuns';
import { formatBytes } from '../../../lib/bytes';
import { formatLatency } from '../../../lib/durations';
import { CodeEditor } from '../../../ui/CodeEditor/CodeEditor';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { DataTable } from '../../../ui/DataTable/DataTable';
import { PlainTable } from '../../../ui/PlainTable';
import { bodyText, httpStatusIntent, responseSize } from '../model/payload';

/** The table's accessible name. */
export const HTTP_TABLE_LABEL = 'HTTP requests';

/** An entry with its index in the capture (its id in the address). */
interface IndexedEntry {
  index: number;
  entry: HarEntry;
}

const COLUMNS: DataTableColumn<IndexedEntry>[] = [
  { id: 'method', header: 'Method', width: 90, cell: ({ entry }) => entry.request.method },
  {
    id: 'url',
    header: 'URL',
    minWidth: 260,
    cell: ({ entry }) => (
      <span className="mc-scrape-run-url" title={entry.request.url ?? undefined}>
        {entry.request.url}
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    width: 90,
    cell: ({ entry }) => (
      <Tag minimal intent={httpStatusIntent(entry.response.status)}>
        {entry.response.status || 'failed'}
      </Tag>
    ),
  },
  {
    id: 'time',
    header: 'Time',
    width: 90,
    align: 'right',
    cell: ({ entry }) => formatLatency(entry.time),
  },
  {
    id: 'size',
    header: 'Size',
    width: 100,
    align: 'right',
    cell: ({ entry }) => {
      const size = responseSize(entry);
      return size === undefined ? '' : formatBytes(size);
    },
  },
];

type Headers = HarEntry['request']['headers'];

function HeaderTable({ label, headers }: { label: string; headers: Headers }) {
  if (!headers || headers.length === 0) return <p className="mc-meta-text">No headers</p>;
  return (
    <PlainTable
      label={label}
      className="mc-scrape-run-headers"
      columns={[
        { header: 'Name', cell: (header) => header.name },
        { header: 'Value', cell: (header) => header.value, className: 'mc-scrape-run-wrap' },
      ]}
      rows={headers}
      rowKey={(_header, index) => index}
    />
  );
}

/** One exchange: request and response headers, then the response's body (JSON indented). */
function EntryDetail({ entry }: { entry: HarEntry }) {
  const body = useMemo(
    () => bodyText(entry.response.content?.text, entry.response.content?.mimeType),
    [entry],
  );
  const request = entry.request.postData?.text;
  return (
    <section className="mc-scrape-run-entry" aria-label="Selected request">
      <h4 className="mc-scrape-run-entry-title">
        {entry.request.method} {entry.request.url}
      </h4>
      <div className="mc-scrape-run-entry-headers">
        <div>
          <h5>Request headers</h5>
          <HeaderTable label="Request headers" headers={entry.request.headers} />
        </div>
        <div>
          <h5>Response headers</h5>
          <HeaderTable label="Response headers" headers={entry.response.headers} />
        </div>
      </div>
      {request ? (
        <>
          <h5>Request body</h5>
          <CodeEditor label="Request body" value={request} language="plaintext" height="160px" />
        </>
      ) : null}
      <h5>Response body</h5>
      {body.text === '' ? (
        <p className="mc-meta-text">No body</p>
      ) : (
        <CodeEditor
          label="Response body"
          value={body.text}
          language={body.language}
          height="360px"
        />
      )}
    </section>
  );
}

export interface HttpTabProps {
  entries: readonly HarEntry[];
  /** The selected entry's index (`?entry=`). */
  selected: number | undefined;
  onSelect: (index: number) => void;
}

/** The run's HTTP traffic: a row per exchange; opening one shows its headers and body. */
export function HttpTab({ entries, selected, onSelect }: HttpTabProps) {
  const rows = useMemo(() => entries.map((entry, index) => ({ index, entry })), [entries]);
  const current = selected === undefined ? undefined : entries[selected];
  return (
    <div className="mc-scrape-run-http">
      <div className="mc-scrape-run-table">
        <DataTable<IndexedEntry>
          aria-label={HTTP_TABLE_LABEL}
          className="mc-scrape-run-grid"
          columns={COLUMNS}
          rows={rows}
          getRowId={(row) => String(row.index)}
          onRowOpen={(row) => onSelect(row.index)}
          rowClassName={(row) => (row.index === selected ? 'mc-scrape-run-selected' : undefined)}
          emptyText="This run made no HTTP requests"
        />
      </div>
      {current && <EntryDetail entry={current} />}
    </div>
  );
}
