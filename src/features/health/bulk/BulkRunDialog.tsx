import { Button, Callout, DialogBody, DialogFooter, Intent, ProgressBar } from '@blueprintjs/core';
import type {
  BulkRunCheck,
  BulkRunResult,
  BulkRunStatus,
} from '../../../../machines/health/bulkRun';
import { BULK_RUN_LIMIT, bulkRunCounts } from '../../../../machines/health/bulkRun';
import { AppDialog } from '../../../ui/AppDialog';
import { PlainTable } from '../../../ui/PlainTable';
import { PlainTag } from '../../../ui/PlainTag';
import type { BulkRun } from './useBulkRun';
import { useBulkRun } from './useBulkRun';

export const BULK_RUN_TITLE = 'Run selected checks';

/** A check's standing in the user's words, and its colour. */
export const STATUS_WORDS: Record<BulkRunStatus, { text: string; intent?: Intent }> = {
  queued: { text: 'Waiting' },
  running: { text: 'Running', intent: Intent.PRIMARY },
  passed: { text: 'Passed', intent: Intent.SUCCESS },
  failed: { text: 'Failed', intent: Intent.DANGER },
  ran: { text: 'Ran', intent: Intent.SUCCESS },
  refused: { text: 'Could not run', intent: Intent.WARNING },
  skipped: { text: 'Not run' },
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `3 of 10 done`: the checks that answered (or will not run) of all of them. */
export function progressText(results: Readonly<Record<string, BulkRunResult>>): string {
  const counts = bulkRunCounts({ results });
  const total = Object.keys(results).length;
  return `${total - counts.queued - counts.running} of ${total} done`;
}

/** `8 passed, 1 failed, 1 could not run, 2 not run`: the counts that are not zero. */
export function summaryText(results: Readonly<Record<string, BulkRunResult>>): string {
  const counts = bulkRunCounts({ results });
  const parts = [
    [counts.passed, 'passed'],
    [counts.failed, 'failed'],
    [counts.ran, 'ran without a result'],
    [counts.refused, 'could not run'],
    [counts.skipped, 'not run'],
  ] as const;
  return parts
    .filter(([count]) => count > 0)
    .map(([count, words]) => `${count} ${words}`)
    .join(', ');
}

function summaryIntent(results: Readonly<Record<string, BulkRunResult>>): Intent {
  const counts = bulkRunCounts({ results });
  if (counts.failed > 0 || counts.refused > 0) return Intent.WARNING;
  return counts.skipped > 0 ? Intent.NONE : Intent.SUCCESS;
}

function ChecksList({ run }: { run: BulkRun }) {
  const shown = run.phase !== 'ready';
  return (
    <PlainTable<BulkRunCheck>
      label="Checks to run"
      className="mc-bulk-run-list"
      rows={run.checks}
      rowKey={(check) => check.id}
      columns={[
        { header: 'Check', cell: (check) => check.name },
        ...(shown
          ? [
              {
                header: 'Status',
                cell: (check: BulkRunCheck) => {
                  const result = run.results[check.id];
                  if (!result) return null;
                  const words = STATUS_WORDS[result.status];
                  return (
                    <PlainTag minimal intent={words.intent}>
                      {words.text}
                    </PlainTag>
                  );
                },
              },
              {
                header: 'Message',
                cell: (check: BulkRunCheck) => run.results[check.id]?.message ?? '',
                className: 'mc-meta-text',
              },
            ]
          : []),
      ]}
    />
  );
}

function Progress({ run }: { run: BulkRun }) {
  const counts = bulkRunCounts(run);
  const total = run.checks.length;
  const finished = total - counts.queued - counts.running;
  const text = progressText(run.results);
  return (
    <div className="mc-stack">
      <ProgressBar
        value={total === 0 ? 1 : finished / total}
        intent={Intent.PRIMARY}
        animate={run.phase !== 'done'}
        stripes={run.phase !== 'done'}
        aria-label="Progress"
        aria-valuetext={text}
      />
      <p role="status">
        {text}
        {run.phase === 'cancelling' &&
          ` · Cancelled: waiting for ${plural(counts.running, 'run')} under way`}
      </p>
    </div>
  );
}

export interface BulkRunDialogProps {
  /** The checks to run, in the order they start. */
  checks: readonly BulkRunCheck[];
  /** Closes the dialog (it is unmounted with it). */
  onClose: () => void;
}

/**
 * Run Selected (HEALTH-08 for each check, at most four at a time): the checks to run, then
 * each one's status and the progress, Cancel (no run starts after it; those under way still
 * answer) and a summary once every run answered. Closing while runs are under way cancels.
 */
export function BulkRunDialog({ checks, onClose }: BulkRunDialogProps) {
  const run = useBulkRun(checks);
  const busy = run.phase === 'running' || run.phase === 'cancelling';
  const close = () => {
    if (run.phase === 'running') run.cancel();
    else if (!busy) onClose();
  };
  let actions;
  if (run.phase === 'ready') {
    actions = (
      <>
        <Button text="Cancel" onClick={onClose} />
        <Button
          intent={Intent.PRIMARY}
          icon="play"
          text={`Run ${plural(checks.length, 'check')}`}
          onClick={run.start}
        />
      </>
    );
  } else if (busy) {
    actions = <Button text="Cancel" onClick={run.cancel} loading={run.phase === 'cancelling'} />;
  } else {
    actions = <Button intent={Intent.PRIMARY} text="Close" onClick={onClose} />;
  }
  return (
    <AppDialog isOpen onClose={close} title={BULK_RUN_TITLE} icon="play" size="medium">
      <DialogBody useOverflowScrollContainer>
        <div className="mc-stack">
          {run.phase === 'ready' ? (
            <p>
              {`${plural(checks.length, 'check')} will run now, at most ${BULK_RUN_LIMIT} at a time.`}
            </p>
          ) : (
            <Progress run={run} />
          )}
          {run.phase === 'done' && (
            <Callout intent={summaryIntent(run.results)} title="Results" role="alert">
              {summaryText(run.results)}
            </Callout>
          )}
          <ChecksList run={run} />
        </div>
      </DialogBody>
      <DialogFooter actions={actions} />
    </AppDialog>
  );
}
