import { lazy, Suspense, useMemo } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { ScrapeSnapshot } from '../../../api/schemas/scrapeRuns';
import { PlainTable } from '../../../ui/PlainTable';
import type { SnapshotLine } from '../model/payload';
import { signed, snapshotLines } from '../model/payload';

/** The diff viewer (and Monaco's diff editor) load when the tab is first shown. */
const DiffViewer = lazy(async () => ({
  default: (await import('../../../ui/CodeEditor/DiffViewer')).DiffViewer,
}));

/** The table's accessible name. */
export const SNAPSHOT_TABLE_LABEL = 'Counts before and after the run';

/**
 * The database before and after the run: per config type and per access table, the totals
 * before → after with the change, the rows updated and deleted since the run started, then the
 * two snapshots side by side in the diff viewer.
 */
export function SnapshotTab({ before, after }: { before: ScrapeSnapshot; after: ScrapeSnapshot }) {
  const lines = useMemo(() => snapshotLines(before, after), [before, after]);
  const texts = useMemo(
    () => ({ before: JSON.stringify(before, null, 2), after: JSON.stringify(after, null, 2) }),
    [before, after],
  );
  return (
    <div className="mc-scrape-run-snapshot">
      <div className="mc-scrape-run-scroll">
        <PlainTable<SnapshotLine>
          label={SNAPSHOT_TABLE_LABEL}
          rowHeading={{ header: 'Kind', cell: (line) => line.kind }}
          columns={[
            { header: 'Group', cell: (line) => line.group },
            { header: 'Before', cell: (line) => line.before, className: 'mc-scrape-run-number' },
            { header: 'After', cell: (line) => line.after, className: 'mc-scrape-run-number' },
            {
              header: 'Change',
              cell: (line) => signed(line.change),
              className: 'mc-scrape-run-number',
            },
            {
              header: 'Updated in run',
              cell: (line) => line.updated,
              className: 'mc-scrape-run-number',
            },
            {
              header: 'Deleted in run',
              cell: (line) => line.deleted,
              className: 'mc-scrape-run-number',
            },
          ]}
          rows={lines}
          rowKey={(line) => `${line.group}:${line.kind}`}
        />
      </div>
      <h4>Snapshots</h4>
      <Suspense fallback={<Spinner size={20} aria-label="Loading the diff viewer" />}>
        <DiffViewer
          label="Snapshot before and after the run"
          original={texts.before}
          modified={texts.after}
          language="json"
          height="420px"
        />
      </Suspense>
    </div>
  );
}
