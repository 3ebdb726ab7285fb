/**
 * What the artifacts page says of an artifact and of the summary's rows: the file's name,
 * what kept it, its size, and the summary's content types. Pure.
 */
import type { ArtifactRow, ArtifactSummaryRow } from '../../../api/schemas/artifacts';
import { defineUrlState, text } from '../../../lib/urlState';
import { toCount as countOf } from '../../../lib/counts';

/** The list's filter in the address: `contentType`; a change goes back to the first page. */
export const ARTIFACT_FILTERS = defineUrlState({
  contentType: text({ trim: true, filter: true, history: 'push' }),
});

/** How an artifact without a content type reads. */
export const NO_CONTENT_TYPE = 'Unknown';

/** An artifact's name: its file name, else its path, else its id. */
export function artifactName(artifact: ArtifactRow): string {
  return artifact.filename || artifact.path || artifact.id;
}

/** What kept an artifact, by the owner column it has. */
export function artifactOwner(artifact: ArtifactRow): string {
  if (artifact.playbook_run_action_id) return 'Playbook run';
  if (artifact.config_change_id) return 'Config change';
  if (artifact.check_id) return 'Health check';
  if (artifact.scraper_id) return 'Scraper';
  if (artifact.job_history_id) return 'Job';
  return '';
}

/** A bigint that PostgREST may send as text, as a number (0 when it is not one). */
export { countOf };

/** The distinct content types of the summary, most artifacts first. */
export function summaryContentTypes(rows: readonly ArtifactSummaryRow[]): string[] {
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (!row.content_type) continue;
    totals.set(row.content_type, (totals.get(row.content_type) ?? 0) + countOf(row.total_count));
  }
  return [...totals]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([type]) => type);
}

/** Where the summary's row keeps its content: in the database, or behind its connection. */
export function summaryStorage(row: ArtifactSummaryRow): string {
  if (row.storage !== 'external') return 'Inline';
  const connection = row.connection_name
    ? `${row.connection_name}${row.connection_type ? ` (${row.connection_type})` : ''}`
    : '';
  return connection ? `External: ${connection}` : 'External';
}
