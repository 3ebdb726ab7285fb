import { Classes, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import {
  useGetChangeArtifactsQuery,
  useGetChangePeopleQuery,
  useGetConfigChangeQuery,
} from '../../../api/endpoints/catalogChanges';
import type { ConfigChange, ConfigChangeDetail } from '../../../api/schemas/catalogChanges';
import { unifiedDiffSides } from '../../../lib/unifiedDiff';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import { AppDialog } from '../../../ui/AppDialog';
import { CodeEditor } from '../../../ui/CodeEditor/CodeEditor';
import { DiffViewer } from '../../../ui/CodeEditor/DiffViewer';
import { ArtifactList } from '../../../widgets/ArtifactList';
import { AttachAsEvidence, changeEvidence } from '../../../widgets/attachEvidence';
import { QueryErrorCallout } from '../../../widgets/QueryErrorCallout';
import { ConfigName } from '../../../widgets/ConfigIcon';
import { ItemLink } from '../item/ItemLink';
import { configText } from '../item/model/configText';
import { SeverityTag, changeAuthor } from '../item/tabs/changeColumns';
import { DetailField } from '../../../ui/DetailField';
import { changeTypeIcon } from './changesColumns';
import '../catalog.css';
import './changes.css';
import { QueryView } from '../../../ui/QueryView';
import { queryViewState } from '../../../widgets/tableQueryState';

export const CHANGE_LOAD_ERROR = 'The change could not be loaded';
export const CHANGE_NOT_FOUND = 'Change not found';
export const ARTIFACTS_LOAD_ERROR = "The change's artifacts could not be loaded";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mc-change-section">
      <h4 className={Classes.HEADING}>{title}</h4>
      {children}
    </section>
  );
}

/** The diff: both sides in Monaco's diff viewer, or the text as it is when it is no unified diff. */
function ChangeDiff({ diff }: { diff: string }) {
  const sides = useMemo(() => unifiedDiffSides(diff), [diff]);
  return (
    <Section title="Diff">
      {sides ? (
        <DiffViewer
          label="Diff"
          original={sides.original}
          modified={sides.modified}
          language="yaml"
          height="40vh"
        />
      ) : (
        <CodeEditor label="Diff" value={diff} language="plaintext" height="30vh" />
      )}
    </Section>
  );
}

/** The files kept with the change: each name downloads it, with its size. */
function ChangeArtifacts({ changeId }: { changeId: string }) {
  const query = useGetChangeArtifactsQuery(changeId);
  if (query.isError) return <QueryErrorCallout title={ARTIFACTS_LOAD_ERROR} query={query} />;
  return <ArtifactList artifacts={query.data ?? []} />;
}

function ChangeBody({ change, row }: { change: ConfigChangeDetail; row?: ConfigChange }) {
  const formatDate = useFormatDate();
  const needsPeople = typeof change.created_by === 'string' && !change.external_created_by;
  const { data: people } = useGetChangePeopleQuery(undefined, { skip: !needsPeople });
  const names = useMemo(
    () => new Map((people ?? []).map((person) => [person.id, person.name ?? person.id])),
    [people],
  );
  const details = useMemo(() => configText(change.details, 'yaml'), [change.details]);
  const patches = useMemo(() => configText(change.patches, 'yaml'), [change.patches]);
  const config = change.config;
  const severity = change.severity ?? row?.severity;
  const summary = change.summary ?? row?.summary;
  return (
    <>
      <dl className="mc-change-fields">
        <DetailField term="Change type">{change.change_type}</DetailField>
        <DetailField term="Summary">{summary}</DetailField>
        <DetailField term="Config">
          {config ? (
            <ItemLink to={paths.catalogItem.getHref(config.id)}>
              <ConfigName name={config.name} type={config.type} configClass={config.config_class} />
            </ItemLink>
          ) : change.config_id ? (
            <ItemLink to={paths.catalogItem.getHref(change.config_id)}>{change.config_id}</ItemLink>
          ) : null}
        </DetailField>
        <DetailField term="Created by">{changeAuthor(change, names)}</DetailField>
        <DetailField term="Created">
          {change.created_at ? formatDate(change.created_at) : null}
        </DetailField>
        <DetailField term="Source">{change.source}</DetailField>
        <DetailField term="Severity">
          {severity ? <SeverityTag severity={severity} /> : null}
        </DetailField>
      </dl>
      {change.diff && change.diff.trim() !== '' && <ChangeDiff diff={change.diff} />}
      {details !== '' && (
        <Section title="Details">
          <CodeEditor label="Details" value={details} language="yaml" height="30vh" />
        </Section>
      )}
      {patches !== '' && (
        <Section title="Patches">
          <CodeEditor label="Patches" value={patches} language="yaml" height="30vh" />
        </Section>
      )}
      <ChangeArtifacts changeId={change.id} />
    </>
  );
}

export interface ChangeDialogProps {
  /** The config the change belongs to. */
  configId: string;
  /** The change. */
  changeId: string;
  onClose: () => void;
  /**
   * The change's row of a list, when it was opened from one: its summary and severity, which
   * CAT-21 does not select, complete the dialog.
   */
  change?: ConfigChange;
}

/**
 * One change (CAT-21): what changed, on which config, who made it and when, its source and
 * severity; its diff side by side (or unified) in a read-only viewer; its details and
 * patches as YAML; and the files kept with it (name, size, download).
 */
export function ChangeDialog({ configId, changeId, onClose, change }: ChangeDialogProps) {
  const row = change?.id === changeId ? change : undefined;
  const query = useGetConfigChangeQuery({ configId, id: changeId });
  const detail = query.data;
  const body = (
    <QueryView
      {...queryViewState(query)}
      loadingLabel="Loading change"
      errorTitle={CHANGE_LOAD_ERROR}
      notFound={{
        title: CHANGE_NOT_FOUND,
        description: 'It may have been removed, or the address is wrong.',
      }}
    >
      {(loaded) => <ChangeBody change={loaded} row={row} />}
    </QueryView>
  );
  const changeType = detail?.change_type || row?.change_type;
  const title = detail?.summary || row?.summary || changeType || 'Change';
  return (
    <AppDialog
      isOpen
      onClose={onClose}
      title={title}
      icon={changeTypeIcon(changeType)}
      size="large"
      className="mc-change-dialog"
    >
      <DialogBody useOverflowScrollContainer>{body}</DialogBody>
      {detail && (
        <AttachAsEvidence
          evidence={changeEvidence({
            ...detail,
            summary: detail.summary || row?.summary,
            severity: detail.severity || row?.severity,
          })}
          container={(button) => <DialogFooter actions={button} />}
        />
      )}
    </AppDialog>
  );
}
