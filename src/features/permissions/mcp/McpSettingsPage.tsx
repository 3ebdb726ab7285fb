import { Button, Callout, Classes, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ROLES } from '../../../../contracts/access';
import { toErrorMessage } from '../../../api/errors';
import {
  permissionTags,
  useGetAccessReviewQuery,
  useGetPermissionsQuery,
} from '../../../api/endpoints/permissions';
import type { PermissionsPage } from '../../../api/endpoints/permissions';
import type { PermissionSummary } from '../../../api/schemas/permissions';
import { useCan } from '../../../auth/hooks';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import { DataTable } from '../../../ui/DataTable/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { lazyPart } from '../../../ui/LazyPart';
import { LoadErrorCallout } from '../../../ui/LoadErrorCallout';
import { usePageHeader } from '../../../ui/pageHeader';
import { tableQueryState } from '../../../widgets/tableQueryState';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import { useUrlState } from '../../../widgets/useUrlState';
import { PermissionDialog } from '../components/LazyPermissionDialog';
import { PERMISSION_FILTERS } from '../model/filters';
import { MCP_OBJECT } from '../model/inference';
import {
  MCP_LIST_LIMIT,
  MCP_PRESETS,
  MCP_RUN_FILTERS,
  MCP_SETTINGS_LABELS as LABELS,
  MCP_SETTINGS_STATE,
  MCP_USE_FILTERS,
  exposedPermissions,
  exposureOf,
  exposureText,
  rolesByDecision,
  rolesReviewRequest,
} from '../model/mcp';
import type { McpPreset } from '../model/mcp';
import { permissionColumns } from '../permissionColumns';
import '../permissions.css';

/** The access check (its machine and pickers) loads when it is opened. */
const AccessCheckDialog = lazyPart(
  async () => (await import('../accessCheck/AccessCheckDialog')).AccessCheckDialog,
);

/** The access check's preset: `mcp:use` on the global `mcp` object. */
const MCP_CHECK = { kind: 'global', id: MCP_OBJECT, name: MCP_OBJECT, action: 'mcp:use' } as const;

/** The permissions page filtered on an action, for the permissions a section does not read. */
const permissionsHref = (action: string) =>
  `${paths.settingsPermissions.getHref()}?${PERMISSION_FILTERS.write(new URLSearchParams(), {
    action,
  }).toString()}`;

/** "Only the first 200 of 340…", when the server holds more than a section reads. */
function More({ page, action }: { page: PermissionsPage | undefined; action: string }) {
  if (!page || page.totalEntries <= page.permissions.length) return null;
  return (
    <p className={Classes.TEXT_MUTED}>
      {LABELS.more(page.permissions.length, page.totalEntries)}{' '}
      <Link to={permissionsHref(action)}>{LABELS.allOnPermissions}</Link>
    </p>
  );
}

/** Which roles may use MCP through their role, from one access review of every role. */
function RolesAnswer() {
  const canReview = useCan('rbac', 'read');
  const request = useMemo(() => rolesReviewRequest(ROLES), []);
  const query = useGetAccessReviewQuery(canReview ? request : skipToken);
  let body;
  if (!canReview) {
    body = (
      <Callout icon="lock" title={LABELS.roles.notAllowedTitle}>
        {LABELS.roles.notAllowedText}
      </Callout>
    );
  } else if (query.error) {
    body = (
      <LoadErrorCallout
        title={LABELS.roles.loadError}
        message={toErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (!query.data) {
    body = <Spinner size={20} aria-label={LABELS.roles.loading} />;
  } else {
    const { allowed, denied } = rolesByDecision(ROLES, query.data);
    const tags = (roles: string[], intent: 'success' | 'none') =>
      roles.length === 0 ? (
        <span className={Classes.TEXT_MUTED}>{LABELS.roles.none}</span>
      ) : (
        roles.map((role) => (
          <Tag key={role} minimal intent={intent} className="mc-mcp-role">
            {role}
          </Tag>
        ))
      );
    body = (
      <dl className="mc-mcp-roles">
        <dt>{LABELS.roles.allowed}</dt>
        <dd aria-label={LABELS.roles.allowed}>{tags(allowed, 'success')}</dd>
        <dt>{LABELS.roles.denied}</dt>
        <dd aria-label={LABELS.roles.denied}>{tags(denied, 'none')}</dd>
      </dl>
    );
  }
  return (
    <section aria-label={LABELS.roles.title}>
      <h4 className={Classes.HEADING}>{LABELS.roles.title}</h4>
      <p className={Classes.TEXT_MUTED}>{LABELS.roles.note}</p>
      {body}
    </section>
  );
}

/**
 * `/settings/mcp`: who may use MCP (the permissions granting `mcp:use` on the `mcp` object,
 * and the roles that may through their role, asked of the access review), which playbooks and
 * views are exposed as tools (the `mcp:run` permissions on them, linked), and an access check
 * preset to `mcp:use` on `mcp`. Adding opens the permission dialog preset to the section's
 * action and resource; a row opens its permission. The open dialog is in the address.
 */
export function McpSettingsPage() {
  usePageHeader({ title: LABELS.title, onRefresh: useInvalidateTags(permissionTags) });
  const canWrite = useCan('permissions', 'write');
  const canCheck = useCan('rbac', 'read');
  const formatDate = useFormatDate();
  const url = useUrlState(MCP_SETTINGS_STATE);
  const { add, id, check } = url.state;
  const users = useGetPermissionsQuery({
    pageIndex: 0,
    pageSize: MCP_LIST_LIMIT,
    filters: MCP_USE_FILTERS,
  });
  const runs = useGetPermissionsQuery({
    pageIndex: 0,
    pageSize: MCP_LIST_LIMIT,
    filters: MCP_RUN_FILTERS,
  });
  const exposed = useMemo(() => exposedPermissions(runs.data?.permissions ?? []), [runs.data]);
  const columns = useMemo(() => permissionColumns(formatDate), [formatDate]);
  const exposedColumns = useMemo<DataTableColumn<PermissionSummary>[]>(
    () => [
      {
        id: 'exposes',
        header: LABELS.exposed.exposes,
        width: 150,
        cell: (row) => {
          const exposure = exposureOf(row);
          if (!exposure) return '';
          if (exposure.by === 'id') {
            return <Link to={paths.playbook.getHref(exposure.id)}>{exposure.name}</Link>;
          }
          return exposureText(exposure);
        },
      },
      ...columns,
    ],
    [columns],
  );
  const editing = id
    ? [...(users.data?.permissions ?? []), ...exposed].find((row) => row.id === id)
    : undefined;
  const open = (row: PermissionSummary) => url.update({ id: row.id, add: undefined });
  const openAdd = (preset: McpPreset) => url.update({ add: preset, id: undefined });
  const close = () => url.update({ add: undefined, id: undefined });

  return (
    <div className="mc-mcp-settings">
      <p className={Classes.TEXT_MUTED}>{LABELS.intro}</p>

      <section aria-label={LABELS.use.title} className="mc-mcp-section">
        <div className="mc-mcp-section-head">
          <h3 className={Classes.HEADING}>{LABELS.use.title}</h3>
          {canWrite && (
            <Button
              icon="add"
              intent="primary"
              text={LABELS.use.add}
              onClick={() => openAdd('use')}
            />
          )}
        </div>
        <DataTable<PermissionSummary>
          aria-label={LABELS.use.table}
          columns={columns}
          rows={users.data?.permissions ?? []}
          getRowId={(row) => row.id}
          onRowOpen={open}
          {...tableQueryState(users)}
          errorTitle={LABELS.use.loadError}
          emptyText={LABELS.use.empty}
        />
        <More page={users.data} action="mcp:use" />
        <RolesAnswer />
      </section>

      <section aria-label={LABELS.exposed.title} className="mc-mcp-section">
        <div className="mc-mcp-section-head">
          <h3 className={Classes.HEADING}>{LABELS.exposed.title}</h3>
          {canWrite && (
            <>
              <Button
                icon="play"
                text={LABELS.exposed.addPlaybook}
                onClick={() => openAdd('playbook')}
              />
              <Button
                icon="panel-table"
                text={LABELS.exposed.addView}
                onClick={() => openAdd('view')}
              />
            </>
          )}
        </div>
        <DataTable<PermissionSummary>
          aria-label={LABELS.exposed.table}
          columns={exposedColumns}
          rows={exposed}
          getRowId={(row) => row.id}
          onRowOpen={open}
          {...tableQueryState(runs)}
          errorTitle={LABELS.exposed.loadError}
          emptyText={LABELS.exposed.empty}
        />
        <More page={runs.data} action="mcp:run" />
      </section>

      <section aria-label={LABELS.check.title} className="mc-mcp-section">
        <h3 className={Classes.HEADING}>{LABELS.check.title}</h3>
        {canCheck ? (
          <>
            <p>{LABELS.check.text}</p>
            <Button
              icon="endorsed"
              text={LABELS.check.open}
              onClick={() => url.update({ check: 'mcp' })}
            />
          </>
        ) : (
          <NonIdealState
            icon="lock"
            title={LABELS.check.notAllowedTitle}
            description={LABELS.check.notAllowedText}
          />
        )}
      </section>

      {(editing || (add && canWrite)) && (
        <PermissionDialog
          key={editing?.id ?? `new-${add ?? ''}`}
          {...(editing ? { permission: editing } : { defaults: MCP_PRESETS[add ?? 'use'] })}
          canWrite={canWrite}
          onClose={close}
        />
      )}
      {check && canCheck && (
        <AccessCheckDialog resource={MCP_CHECK} onClose={() => url.update({ check: undefined })} />
      )}
    </div>
  );
}
