import { Button, DialogBody, DialogFooter, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import type { JobHistoryRow, JobLogLine } from '../../api/schemas/jobHistory';
import { AppDialog } from '../../ui/AppDialog';
import { CodeEditor } from '../../ui/CodeEditor/CodeEditor';
import { PlainTable } from '../../ui/PlainTable';
import type { JobDetailTab } from './model/details';
import {
  JOB_DETAIL_TABS,
  JOB_DETAIL_TAB_TITLES,
  filledDetailTabs,
  initialDetailTab,
  normalizeJobErrors,
  summaryJson,
  summaryTable,
} from './model/details';
import './jobs.css';

/** The errors of a run: a message as text, a list as a list, a map as a table. */
export function JobErrors({ errors }: { errors: unknown }) {
  const shown = normalizeJobErrors(errors);
  switch (shown.kind) {
    case 'none':
      return null;
    case 'text':
      return <pre className="mc-job-error-text">{shown.text}</pre>;
    case 'list':
      return (
        <ul className="mc-job-error-list" aria-label="Errors">
          {shown.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      );
    case 'map':
      return (
        <PlainTable
          label="Errors"
          className="mc-job-detail-table"
          rowHeading={{ header: 'Resource', cell: (entry) => entry.key }}
          columns={[
            { header: 'Error', cell: (entry) => entry.message, className: 'mc-job-error-message' },
          ]}
          rows={shown.entries}
          rowKey={(entry) => entry.key}
        />
      );
  }
}

/** A summary as a table of counts when it has that shape, else as read-only JSON. */
export function JobSummary({ summary, label }: { summary: unknown; label: string }) {
  const table = summaryTable(summary);
  if (!table) {
    return <CodeEditor value={summaryJson(summary)} language="json" label={label} height="360px" />;
  }
  return (
    <PlainTable
      label={label}
      className="mc-job-detail-table"
      rowHeading={{ header: 'Type', cell: (row) => row.key }}
      columns={table.columns.map((column) => ({
        header: column,
        cell: (row: (typeof table.rows)[number]) => row.values[column] ?? '',
      }))}
      rows={table.rows}
      rowKey={(row) => row.key}
    />
  );
}

/** The lines a run logged, each with its level (`info` for a line of text alone). */
export function JobLogs({ lines }: { lines: readonly JobLogLine[] }) {
  return (
    <ol className="mc-job-logs" aria-label="Logs">
      {lines.map((line, index) => {
        const { level, message } = typeof line === 'string' ? { level: null, message: line } : line;
        return (
          <li key={index} className={`mc-job-log mc-job-log--${level ?? 'info'}`}>
            <span className="mc-job-log-level">{(level ?? 'info').toUpperCase()}</span>
            <span>{message}</span>
          </li>
        );
      })}
    </ol>
  );
}

export interface JobDetailsDialogProps {
  /** The run shown; nothing is shown without one, or when it has no details. */
  job: JobHistoryRow | undefined;
  onClose: () => void;
}

function DetailsContent({ job, onClose }: { job: JobHistoryRow; onClose: () => void }) {
  const details = job.details;
  const filled = filledDetailTabs(details);
  const [tab, setTab] = useState<JobDetailTab | undefined>(() => initialDetailTab(details));
  const panel = (id: JobDetailTab) =>
    id === 'errors' ? (
      <JobErrors errors={details?.errors} />
    ) : id === 'logs' ? (
      <JobLogs lines={details?.logs ?? []} />
    ) : (
      <JobSummary summary={details?.[id]} label={JOB_DETAIL_TAB_TITLES[id]} />
    );
  return (
    <>
      <DialogBody>
        <Tabs
          id="job-details-tabs"
          selectedTabId={tab}
          onChange={(next) => setTab(next as JobDetailTab)}
          renderActiveTabPanelOnly
        >
          {JOB_DETAIL_TABS.map((id) => (
            <Tab
              key={id}
              id={id}
              title={JOB_DETAIL_TAB_TITLES[id]}
              disabled={!filled.includes(id)}
              panel={panel(id)}
            />
          ))}
        </Tabs>
      </DialogBody>
      <DialogFooter actions={<Button onClick={onClose}>Close</Button>} />
    </>
  );
}

/**
 * A run's details (spec 002 §2.9, §4.4): tabs Errors, Scrape Summary and Reconcile Summary,
 * and Logs (the lines a run logged, where it did), the empty ones disabled, opening on the
 * first that has something. It does not open for a run whose tabs are all empty.
 */
export function JobDetailsDialog({ job, onClose }: JobDetailsDialogProps) {
  const isOpen = job !== undefined && initialDetailTab(job.details) !== undefined;
  return (
    <AppDialog
      isOpen={isOpen}
      onClose={onClose}
      title={job?.name || 'Job details'}
      icon="history"
      size="large"
      className="mc-job-details"
    >
      {job && isOpen && <DetailsContent key={job.id} job={job} onClose={onClose} />}
    </AppDialog>
  );
}
