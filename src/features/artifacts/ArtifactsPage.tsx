import { Button, Classes, Icon } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import {
  artifactTags,
  useGetArtifactSummaryQuery,
  useGetArtifactsQuery,
} from '../../api/endpoints/artifacts';
import { artifactDownloadUrl } from '../../api/endpoints/playbooks';
import type { ArtifactRow } from '../../api/schemas/artifacts';
import { artifactKind } from '../../lib/artifactKind';
import { useFormatDate } from '../../shell/useFormatDate';
import { FilterSelect } from '../../ui/FilterSelect';
import { lazyPart } from '../../ui/LazyPart';
import { QueryView } from '../../ui/QueryView';
import type { ArtifactPreviewDialogProps } from '../../widgets/ArtifactPreviewDialog';
import { ListPage } from '../../widgets/ListPage';
import { queryViewState } from '../../widgets/tableQueryState';
import { useListScreen } from '../../widgets/useListScreen';
import { useUrlState } from '../../widgets/useUrlState';
import { ArtifactSummary } from './ArtifactSummary';
import { artifactColumns } from './artifactColumns';
import { ARTIFACT_FILTERS, artifactName, summaryContentTypes } from './model/artifactRows';
import './artifacts.css';

// The preview's code loads when a preview is first opened.
const ArtifactPreviewDialog = lazyPart(
  async () => (await import('../../widgets/ArtifactPreviewDialog')).ArtifactPreviewDialog,
);

/** The words of the page. */
export const ARTIFACTS_PAGE = {
  title: 'Artifacts',
  label: 'Artifacts',
  contentType: 'Content type',
  allContentTypes: 'All content types',
  loadError: 'Error loading artifacts',
  summaryError: 'Error loading the artifact summary',
  empty: 'No artifacts',
  noMatch: 'No artifacts of this content type',
  preview: (name: string) => `Preview ${name}`,
  download: (name: string) => `Download ${name}`,
} as const;

/**
 * `/settings/artifacts`: the files Mission Control keeps (from playbook runs, changes, checks
 * and jobs), summed by content type and where they are kept, then listed newest first a page
 * at a time, filtered by content type in the address (`?contentType=`). An image, text or JSON
 * artifact opens in a preview; every one can be downloaded.
 */
export function ArtifactsPage() {
  const list = useListScreen({ title: ARTIFACTS_PAGE.title, refreshTags: artifactTags });
  const filterState = useUrlState(ARTIFACT_FILTERS);
  const { contentType } = filterState.state;
  const summary = useGetArtifactSummaryQuery();
  const query = useGetArtifactsQuery({
    pageIndex: list.state.pageIndex,
    pageSize: list.state.pageSize,
    contentType,
  });
  const formatDate = useFormatDate();
  const columns = useMemo(() => artifactColumns(formatDate), [formatDate]);
  const contentTypes = useMemo(() => summaryContentTypes(summary.data ?? []), [summary.data]);
  const [preview, setPreview] = useState<ArtifactPreviewDialogProps['artifact']>();
  const setContentType = (value: string | undefined) => filterState.update({ contentType: value });

  const previewOf = (row: ArtifactRow) => {
    const name = artifactName(row);
    const kind = artifactKind(row.content_type, name);
    return kind ? { id: row.id, name, kind } : undefined;
  };

  return (
    <ListPage<ArtifactRow>
      pageClassName="mc-artifacts-page"
      toolbar={
        <>
          <QueryView
            {...queryViewState(summary)}
            size="panel"
            loadingLabel="Loading the artifact summary"
            errorTitle={ARTIFACTS_PAGE.summaryError}
          >
            {(rows) => (
              <ArtifactSummary rows={rows} selected={contentType} onSelect={setContentType} />
            )}
          </QueryView>
          <div className="mc-row mc-artifacts-toolbar">
            <FilterSelect
              label={ARTIFACTS_PAGE.contentType}
              allLabel={ARTIFACTS_PAGE.allContentTypes}
              value={contentType}
              options={contentTypes}
              onChange={setContentType}
            />
          </div>
        </>
      }
      aria-label={ARTIFACTS_PAGE.label}
      columns={columns}
      rows={query.data?.rows ?? []}
      total={query.data?.totalEntries ?? 0}
      getRowId={(row) => row.id}
      rowLabel={artifactName}
      onRowOpen={(row) => {
        const artifact = previewOf(row);
        if (artifact) setPreview(artifact);
      }}
      rowActions={(row) => {
        const name = artifactName(row);
        const artifact = previewOf(row);
        return (
          <>
            {artifact && (
              <Button
                variant="minimal"
                size="small"
                icon="eye-open"
                aria-label={ARTIFACTS_PAGE.preview(name)}
                onClick={() => setPreview(artifact)}
              />
            )}
            <a
              className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`}
              aria-label={ARTIFACTS_PAGE.download(name)}
              href={artifactDownloadUrl(row.id, row.filename || name)}
              download={row.filename || name}
            >
              <Icon icon="download" aria-hidden />
            </a>
          </>
        );
      }}
      list={list}
      unsorted
      query={query}
      errorTitle={ARTIFACTS_PAGE.loadError}
      empty={{
        icon: 'archive',
        emptyTitle: ARTIFACTS_PAGE.empty,
        filteredTitle: ARTIFACTS_PAGE.noMatch,
      }}
      filters={filterState}
    >
      {preview && (
        <ArtifactPreviewDialog artifact={preview} onClose={() => setPreview(undefined)} />
      )}
    </ListPage>
  );
}
