import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { bulkRunCounts } from '../../machines/health/bulkRun';
import type { bulkRunMachine } from '../../machines/health/bulkRun';

/** A snapshot of the bulk run machine. */
export type BulkRunSnapshot = SnapshotFrom<typeof bulkRunMachine>;

/** The check that started first among those still running. */
export function oldestRunning(snapshot: BulkRunSnapshot): string | undefined {
  return snapshot.context.checks.find(
    (check) => snapshot.context.results[check.id]?.status === 'running',
  )?.id;
}

/**
 * What can happen in a state: the user's Run and Cancel, and `answers` (the answers of the
 * oldest run under way) while runs are under way.
 */
export function bulkRunEvents(
  snapshot: BulkRunSnapshot,
  answers: readonly AnyEventObject[],
): AnyEventObject[] {
  switch (snapshot.value) {
    case 'ready':
      return [{ type: 'bulk.start' }];
    case 'running':
      return [...answers, { type: 'bulk.cancel' }];
    case 'cancelling':
      return [...answers];
    default:
      return [];
  }
}

/** A vertex of the paths: the state, how many checks started, finished and were skipped. */
export function bulkRunKey(snapshot: BulkRunSnapshot): string {
  const counts = bulkRunCounts(snapshot.context);
  const finished = counts.passed + counts.failed + counts.ran + counts.refused;
  return JSON.stringify([snapshot.value, counts.running + finished, finished, counts.skipped]);
}
