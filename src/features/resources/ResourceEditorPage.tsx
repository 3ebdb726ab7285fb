import { NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  useCreateSettingsResourceMutation,
  useDeleteSettingsResourceMutation,
  useGetSettingsResourceQuery,
  useUpdateSettingsResourceMutation,
} from '../../api/endpoints/settingsResources';
import type { SettingsResource } from '../../api/schemas/settingsResources';
import { useCan } from '../../auth/hooks';
import { QueryErrorCallout } from '../../widgets/QueryErrorCallout';
import { lazyPart } from '../../ui/LazyPart';
import { usePageHeader } from '../../ui/pageHeader';
import type { TypedValues } from '../../widgets/slots/slotTypes';
import { useRunScraperAction } from './runNow/RunScraperAction';
import { Slot } from '../../widgets/slots/SlotsProvider';
import { useUrlState } from '../../widgets/useUrlState';
import { UnknownResource } from './components/UnknownResource';
import { isManagedElsewhere } from '../../api/recordSource';
import type { ResourceWrites } from './components/SpecRecordResource';
import { EDITOR_TABS, EDITOR_TAB_STATE, editorTabs, selectedTab } from './model/editorTabs';
import type { EditorTab } from './model/editorTabs';
import { toTypedValues, typedCreateValues, typedUpdateResource } from './model/typedResource';
import type { ResourceTable } from './resourceTables';
import { NEW_RECORD_ID, resourceTable } from './resourceTables';
import './resources.css';

/** A team's members and what it owns are tabs: each loads when it is chosen. */
const TeamOwnedPanel = lazyPart(
  async () => (await import('./components/TeamOwnedPanel')).TeamOwnedPanel,
);
const TeamMembersPanel = lazyPart(
  async () => (await import('./components/TeamMembersPanel')).TeamMembersPanel,
);

/** The dashboard mark or choice of a view's editor (with the properties' endpoints). */
const EditorDashboardChoice = lazyPart(
  async () => (await import('./EditorDashboardChoice')).EditorDashboardChoice,
);

/** A table edited as a spec record (not typed): its form, and the YAML with it, load with it. */
const SpecRecordResource = lazyPart(
  async () => (await import('./components/SpecRecordResource')).SpecRecordResource,
);

/** The editor's words. */
export const RESOURCE_EDITOR = {
  newTitle: (displayName: string) => `${displayName}: New`,
  title: (displayName: string, name: string) => `${displayName}: ${name}`,
  loadError: (displayName: string) => `Error loading ${displayName}`,
  notFound: 'This resource does not exist or was deleted.',
  unknownTable: (table: string) => `There is no settings table named ${table}.`,
  unavailable: 'This editor is not available in this console.',
} as const;

export interface ResourceEditorPageProps {
  /** The table edited; default the route's `:table`. */
  table?: string;
  /** The record; `new` for a new one. Default the route's `:id`. */
  id?: string;
}

/**
 * `/settings/{table}/{id}` (and `/catalog/scrapers/{id}`): one record of a generic settings
 * table (spec 002 §2.8) in tabs Spec, Members and Permissions (teams) and Job History, the tab
 * in `?tab=`. A view says beside its tabs whether it is the dashboard, else offers an admin
 * "Use as dashboard". `new` opens an empty Spec. Saving or deleting returns to the list. The typed
 * editor, the job history and a team's permissions are other areas', supplied by the app as the
 * `TypedEditor`, `JobHistory` and `ResourcePermissions` slots.
 */
export function ResourceEditorPage({ table, id }: ResourceEditorPageProps) {
  const params = useParams();
  const tableName = table ?? params.table ?? '';
  const recordId = id ?? params.id ?? NEW_RECORD_ID;
  const config = resourceTable(tableName);
  if (!config) return <UnknownResource description={RESOURCE_EDITOR.unknownTable(tableName)} />;
  if (recordId === NEW_RECORD_ID) {
    return <NewResource key={config.table} config={config} />;
  }
  return (
    <ExistingResource key={`${config.table}/${recordId}`} config={config} recordId={recordId} />
  );
}

interface EditorProps {
  config: ResourceTable;
}

/** In place of a part the app did not hand to the page. */
function Unavailable() {
  return <NonIdealState icon="disable" title={RESOURCE_EDITOR.unavailable} />;
}

/** Saving and deleting through §21, then back to the list (the endpoints toast the outcome). */
function useResourceWrites(config: ResourceTable): ResourceWrites {
  const navigate = useNavigate();
  const [createResource] = useCreateSettingsResourceMutation();
  const [updateResource] = useUpdateSettingsResourceMutation();
  const [deleteResource] = useDeleteSettingsResourceMutation();
  const { table, displayName } = config;
  const toList = useCallback(() => navigate(config.listPath()), [navigate, config]);
  return {
    toList,
    create: (values: Record<string, unknown>) =>
      createResource({ table, displayName, values }).unwrap(),
    update: (recordId: string, resource: Record<string, unknown>) =>
      updateResource({ table, displayName, id: recordId, resource }).unwrap(),
    remove: (recordId: string) =>
      deleteResource({ table, displayName, id: recordId, hard: config.hardDelete }).unwrap(),
  };
}

function NewResource({ config }: EditorProps) {
  usePageHeader({ title: RESOURCE_EDITOR.newTitle(config.displayName) });
  const canWrite = useCan(config.accessResource, 'write');
  const writes = useResourceWrites(config);
  const { toList } = writes;
  return (
    <div className="mc-page mc-resource-editor">
      <EditorTabs tabs={[EDITOR_TABS.spec]} selected={EDITOR_TABS.spec} />
      {config.typedFamily ? (
        <Slot
          name="TypedEditor"
          family={config.typedFamily}
          readOnly={!canWrite}
          save={(values: TypedValues) => writes.create(typedCreateValues(config.table, values))}
          onSaved={toList}
          onCancel={toList}
          fallback={<Unavailable />}
        />
      ) : (
        <SpecRecordResource
          config={config}
          readOnly={!canWrite}
          managedElsewhere={false}
          writes={writes}
        />
      )}
    </div>
  );
}

function ExistingResource({ config, recordId }: EditorProps & { recordId: string }) {
  const query = useGetSettingsResourceQuery(
    { table: config.table, id: recordId },
    { refetchOnMountOrArgChange: true },
  );
  const row = query.data;
  usePageHeader({
    title: row?.name ? RESOURCE_EDITOR.title(config.displayName, row.name) : config.displayName,
  });
  const canWrite = useCan(config.accessResource, 'write');
  const writes = useResourceWrites(config);
  const { state: address, set } = useUrlState(EDITOR_TAB_STATE);
  // A scraper: Run Now beside its tabs (issue 40).
  const runNow = useRunScraperAction(config.table === 'config_scrapers', row ? [row] : []);

  if (query.isLoading || (query.isFetching && !row)) {
    return (
      <div className="mc-page mc-resource-editor">
        <Spinner aria-label="Loading" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mc-page mc-resource-editor">
        <QueryErrorCallout title={RESOURCE_EDITOR.loadError(config.displayName)} query={query} />
      </div>
    );
  }
  if (!row) return <UnknownResource description={RESOURCE_EDITOR.notFound} />;

  const tabs = editorTabs(config.table, false, config.withJobHistory);
  const tab = selectedTab(address.tab, tabs);
  const selectTab = (next: EditorTab) => set('tab', next);

  return (
    <div className="mc-page mc-resource-editor">
      <div className="mc-resource-editor-head">
        <EditorTabs tabs={tabs} selected={tab} onSelect={selectTab} />
        {/* A view: whether it is the dashboard, and an admin's "Use as dashboard". */}
        {config.dashboardChoice && <EditorDashboardChoice config={config} row={row} />}
        {runNow.button(row)}
      </div>
      {runNow.dialog}
      {tab === EDITOR_TABS.spec && (
        <SpecTab config={config} row={row} canWrite={canWrite} writes={writes} />
      )}
      {tab === EDITOR_TABS.members && <TeamMembersPanel teamId={row.id} canWrite={canWrite} />}
      {tab === EDITOR_TABS.owned && <TeamOwnedPanel teamName={row.name} />}
      {tab === EDITOR_TABS.permissions && (
        <Slot name="ResourcePermissions" of={{ team_id: row.id }} fallback={<Unavailable />} />
      )}
      {tab === EDITOR_TABS.jobs && (
        <Slot
          name="JobHistory"
          resourceType={config.jobResourceType}
          resourceId={row.id}
          fallback={<Unavailable />}
        />
      )}
    </div>
  );
}

function SpecTab({
  config,
  row,
  canWrite,
  writes,
}: {
  config: ResourceTable;
  row: SettingsResource;
  canWrite: boolean;
  writes: ResourceWrites;
}) {
  const managedElsewhere = isManagedElsewhere(row.source);
  const readOnly = managedElsewhere || !canWrite;
  const { toList } = writes;
  if (config.typedFamily) {
    return (
      <Slot
        name="TypedEditor"
        fallback={<Unavailable />}
        family={config.typedFamily}
        resource={toTypedValues(row)}
        readOnly={readOnly}
        save={(values) => writes.update(row.id, typedUpdateResource(config.table, row, values))}
        remove={() => writes.remove(row.id)}
        onSaved={toList}
        onDeleted={toList}
        onCancel={toList}
      />
    );
  }
  return (
    <SpecRecordResource
      config={config}
      row={row}
      readOnly={readOnly}
      managedElsewhere={managedElsewhere}
      writes={writes}
    />
  );
}

const TAB_TITLES: Readonly<Record<EditorTab, string>> = {
  spec: 'Spec',
  members: 'Members',
  permissions: 'Permissions',
  owned: 'Owned',
  jobs: 'Job History',
};

function EditorTabs({
  tabs,
  selected,
  onSelect,
}: {
  tabs: readonly EditorTab[];
  selected: EditorTab;
  onSelect?: (tab: EditorTab) => void;
}) {
  return (
    <Tabs
      id="resource-editor-tabs"
      selectedTabId={selected}
      onChange={(next) => onSelect?.(next as EditorTab)}
    >
      {tabs.map((tab) => (
        <Tab key={tab} id={tab} title={TAB_TITLES[tab]} />
      ))}
    </Tabs>
  );
}
