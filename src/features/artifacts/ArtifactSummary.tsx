import { Button, Classes } from '@blueprintjs/core';
import type { ArtifactSummaryRow } from '../../api/schemas/artifacts';
import { formatBytes } from '../../lib/bytes';
import type { PlainColumn } from '../../ui/PlainTable';
import { PlainTable } from '../../ui/PlainTable';
import { NO_CONTENT_TYPE, countOf, summaryStorage } from './model/artifactRows';

export const ARTIFACT_SUMMARY_LABEL = 'Artifacts by content type';

export interface ArtifactSummaryProps {
  rows: readonly ArtifactSummaryRow[];
  /** The content type the list is filtered by, marked in the summary. */
  selected: string | undefined;
  /** Filters the list by a content type. */
  onSelect: (contentType: string) => void;
}

/**
 * The live artifacts by content type and where they are kept, with how many and how many
 * bytes; a content type filters the list below.
 */
export function ArtifactSummary({ rows, selected, onSelect }: ArtifactSummaryProps) {
  const columns: PlainColumn<ArtifactSummaryRow>[] = [
    { header: 'Storage', cell: summaryStorage },
    { header: 'Artifacts', cell: (row) => countOf(row.total_count).toLocaleString() },
    { header: 'Size', cell: (row) => formatBytes(countOf(row.total_size)) },
  ];
  return (
    <section className="mc-artifact-summary" aria-label={ARTIFACT_SUMMARY_LABEL}>
      <h4 className={Classes.HEADING}>{ARTIFACT_SUMMARY_LABEL}</h4>
      <PlainTable<ArtifactSummaryRow>
        label={ARTIFACT_SUMMARY_LABEL}
        rowHeading={{
          header: 'Content Type',
          cell: (row) =>
            row.content_type ? (
              <Button
                variant="minimal"
                size="small"
                text={row.content_type}
                active={row.content_type === selected}
                aria-pressed={row.content_type === selected}
                onClick={() => onSelect(row.content_type!)}
              />
            ) : (
              NO_CONTENT_TYPE
            ),
        }}
        columns={columns}
        rows={rows}
        rowKey={(row) =>
          `${row.content_type ?? ''}/${row.storage ?? ''}/${row.connection_id ?? ''}`
        }
      />
    </section>
  );
}
