import { Button, Callout, DialogBody, DialogFooter, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import {
  useGetPlaybookInboundPermissionsQuery,
  useGetPlaybookOutboundPermissionsQuery,
} from '../../../api/endpoints/permissions';
import { useGetPlaybookQuery } from '../../../api/endpoints/playbooks';
import type { PermissionSummary } from '../../../api/schemas/permissions';
import { AppDialog } from '../../../ui/AppDialog';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { DataTable } from '../../../ui/DataTable/DataTable';
import { QueryView } from '../../../ui/QueryView';
import { AccessCheckButton } from '../../../widgets/AccessCheckButton';
import { queryViewState, tableQueryState } from '../../../widgets/tableQueryState';
import type { PermissionsTab } from './model/dialogParams';
import type { PermissionsPlaybook } from './model/playbookPermissions';
import {
  PLAYBOOK_PERMISSIONS_LABELS as LABELS,
  inboundPermissions,
  narrowingExample,
  objectLabel,
  sourceLabel,
  subjectLabel,
  unrestrictedRunners,
} from './model/playbookPermissions';
import './permissions.css';

export interface PlaybookPermissionsDialogProps {
  /** The playbook whose permissions are shown. */
  playbookId: string;
  /** The open tab. */
  tab: PermissionsTab;
  onTabChange: (tab: PermissionsTab) => void;
  /**
   * Opens the access check with the playbook preset; left out for those who may not read
   * access rules (rbac) or where the page supplies no access check.
   */
  onCheckAccess?: ((playbook: { id: string; title: string }) => void) | undefined;
  onClose: () => void;
}

/** Subject (linked where the console has its page), Action, Effect, Object, Source. */
const COLUMNS: DataTableColumn<PermissionSummary>[] = [
  {
    id: 'subject',
    header: LABELS.columns.subject,
    cell: (row) => {
      const subject = subjectLabel(row);
      return (
        <>
          {subject.kind}:{' '}
          {subject.href ? <Link to={subject.href}>{subject.name}</Link> : subject.name}
        </>
      );
    },
  },
  {
    id: 'action',
    header: LABELS.columns.action,
    width: 170,
    cell: (row) => <code>{row.action}</code>,
  },
  {
    id: 'effect',
    header: LABELS.columns.effect,
    width: 90,
    cell: (row) => (
      <Tag minimal intent={row.deny ? 'danger' : 'success'}>
        {row.deny ? LABELS.deny : LABELS.allow}
      </Tag>
    ),
  },
  { id: 'object', header: LABELS.columns.object, cell: objectLabel },
  { id: 'source', header: LABELS.columns.source, width: 220, cell: sourceLabel },
];

const rowId = (row: PermissionSummary) => row.id;

/** The permissions that reach the playbook, with a warning when anyone may run it. */
function InboundPanel({ playbook }: { playbook: PermissionsPlaybook }) {
  const query = useGetPlaybookInboundPermissionsQuery(playbook.id);
  const rows = useMemo(
    () => inboundPermissions(query.data ?? [], playbook),
    [query.data, playbook],
  );
  const open = useMemo(() => unrestrictedRunners(rows, playbook), [rows, playbook]);
  return (
    <div className="mc-playbook-permissions-panel">
      <p className="mc-playbook-permissions-hint">{LABELS.inboundHint}</p>
      {open.length > 0 && (
        <Callout intent="warning" icon="warning-sign" title={LABELS.warningTitle}>
          <p>{LABELS.warning}</p>
          <details className="mc-playbook-permissions-example">
            <summary>{LABELS.example}</summary>
            <pre aria-label={LABELS.example}>{narrowingExample(playbook)}</pre>
          </details>
        </Callout>
      )}
      <DataTable<PermissionSummary>
        aria-label={LABELS.inbound}
        columns={COLUMNS}
        rows={rows}
        getRowId={rowId}
        {...tableQueryState(query)}
        errorTitle={LABELS.loadError}
        emptyText={LABELS.noInbound}
      />
    </div>
  );
}

/** The permissions whose subject is the playbook. */
function OutboundPanel({ playbookId }: { playbookId: string }) {
  const query = useGetPlaybookOutboundPermissionsQuery(playbookId);
  return (
    <div className="mc-playbook-permissions-panel">
      <p className="mc-playbook-permissions-hint">{LABELS.outboundHint}</p>
      <DataTable<PermissionSummary>
        aria-label={LABELS.outbound}
        columns={COLUMNS}
        rows={query.data ?? []}
        getRowId={rowId}
        {...tableQueryState(query)}
        errorTitle={LABELS.loadError}
        emptyText={LABELS.noOutbound}
      />
    </div>
  );
}

/**
 * A playbook's permissions: Inbound (who may run or approve it: permissions on it by id, on
 * every playbook, or by a selector that matches it), with a warning when anyone may run it
 * unrestricted; Outbound (what it may act on: permissions whose subject it is); and, for those
 * who read access rules (rbac), "Check access", which opens the access check on it. The playbook is read by id (PB-02) for its name
 * and namespace, which selectors match, so the dialog opens from the address alone.
 */
export function PlaybookPermissionsDialog({
  playbookId,
  tab,
  onTabChange,
  onCheckAccess,
  onClose,
}: PlaybookPermissionsDialogProps) {
  const query = useGetPlaybookQuery(playbookId);
  const playbook = useMemo<PermissionsPlaybook | undefined>(
    () =>
      query.data
        ? {
            id: query.data.id,
            name: query.data.name ?? query.data.id,
            namespace: query.data.namespace ?? null,
            title: query.data.title || query.data.name || query.data.id,
          }
        : undefined,
    [query.data],
  );
  return (
    <AppDialog
      isOpen
      onClose={onClose}
      title={LABELS.title(playbook?.title ?? '')}
      icon="shield"
      size="large"
    >
      <DialogBody>
        <QueryView
          {...queryViewState(query)}
          size="panel"
          loadingLabel={LABELS.loading}
          errorTitle={LABELS.loadError}
          notFound={{ title: LABELS.notFound }}
        >
          {() =>
            playbook ? (
              <Tabs
                id="playbook-permissions"
                renderActiveTabPanelOnly
                selectedTabId={tab}
                onChange={(id) => onTabChange(id as PermissionsTab)}
              >
                <Tab
                  id="inbound"
                  title={LABELS.inbound}
                  panel={<InboundPanel playbook={playbook} />}
                />
                <Tab
                  id="outbound"
                  title={LABELS.outbound}
                  panel={<OutboundPanel playbookId={playbook.id} />}
                />
              </Tabs>
            ) : null
          }
        </QueryView>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {onCheckAccess && playbook && (
              <AccessCheckButton name={playbook.title} onClick={() => onCheckAccess(playbook)} />
            )}
            <Button text={LABELS.close} onClick={onClose} />
          </>
        }
      />
    </AppDialog>
  );
}
