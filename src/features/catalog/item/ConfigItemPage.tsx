import { TabPanel } from '@blueprintjs/core';
import {
  Link,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router-dom';
import {
  configItemTags,
  useGetConfigItemIncidentsQuery,
  useGetConfigItemQuery,
} from '../../../api/endpoints/configItem';
import { useGetConfigViewsQuery } from '../../../api/endpoints/views';
import {
  useGetConfigAccessCountQuery,
  useGetConfigAccessLogCountQuery,
} from '../../../api/endpoints/configAccess';
import type { Resource } from '../../../auth/authorizer';
import type { Feature } from '../../../auth/featureFlags';
import { useCan, useFeatureFlags } from '../../../auth/hooks';
import type { ConfigDetail } from '../../../api/schemas/configItem';
import { paths } from '../../../shell/paths';
import { lazyPart } from '../../../ui/LazyPart';
import { usePageHeader } from '../../../ui/pageHeader';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import '../catalog.css';
import { ConfigDetailsPanel } from './ConfigDetailsPanel';
import { ConfigItemHeader } from './ConfigItemHeader';
import { CONFIG_ITEM_TABS_ID, ConfigItemTabs } from './ConfigItemTabs';
import './configItem.css';
import type { ConfigItemTabId } from './model/tabs';
import { DEFAULT_CONFIG_ITEM_TAB, tabFromSubPath, viewIdOfTab } from './model/tabs';
import { ConfigSpecTab } from './tabs/ConfigSpecTab';
import { QueryView } from '../../../ui/QueryView';
import { queryViewState } from '../../../widgets/tableQueryState';

// The spec is the first tab; the others load when chosen.
const ConfigChangesTab = lazyPart(
  async () => (await import('./tabs/ConfigChangesTab')).ConfigChangesTab,
);
const ConfigChecksTab = lazyPart(
  async () => (await import('./tabs/ConfigChecksTab')).ConfigChecksTab,
);
const ConfigIncidentsTab = lazyPart(
  async () => (await import('./tabs/ConfigIncidentsTab')).ConfigIncidentsTab,
);
const ConfigInsightsTab = lazyPart(
  async () => (await import('./tabs/ConfigInsightsTab')).ConfigInsightsTab,
);
const ConfigPlaybooksTab = lazyPart(
  async () => (await import('./tabs/ConfigPlaybooksTab')).ConfigPlaybooksTab,
);
const ConfigRelationshipsTab = lazyPart(
  async () => (await import('./tabs/ConfigRelationshipsTab')).ConfigRelationshipsTab,
);
const ConfigAccessTab = lazyPart(
  async () => (await import('./tabs/ConfigAccessTab')).ConfigAccessTab,
);
const ConfigAccessLogsTab = lazyPart(
  async () => (await import('./tabs/ConfigAccessLogsTab')).ConfigAccessLogsTab,
);
const ConfigViewTab = lazyPart(async () => (await import('./tabs/ConfigViewTab')).ConfigViewTab);

/** The top bar's title until the item's name is known. */
export const CATALOG_TITLE = 'Catalog';
export const NOT_FOUND_TITLE = 'Config item not found';
export const LOAD_ERROR_TITLE = 'Error loading the config item';

/** The sub-pages, relative to `/catalog/:id`; `/incidents` only for those who may read them. */
function TabRoutes({ item, incidents }: { item: ConfigDetail; incidents: boolean }) {
  return (
    <Routes>
      <Route path="spec" element={<ConfigSpecTab item={item} />} />
      <Route path="changes" element={<ConfigChangesTab configId={item.id} />} />
      <Route path="insights" element={<ConfigInsightsTab configId={item.id} />} />
      <Route path="relationships" element={<ConfigRelationshipsTab configId={item.id} />} />
      <Route path="playbooks" element={<ConfigPlaybooksTab configId={item.id} />} />
      <Route path="checks" element={<ConfigChecksTab configId={item.id} />} />
      <Route
        path="incidents"
        element={
          incidents ? (
            <ConfigIncidentsTab configId={item.id} />
          ) : (
            <Navigate to={paths.catalogItemTab.getHref(item.id, DEFAULT_CONFIG_ITEM_TAB)} replace />
          )
        }
      />
      <Route path="access" element={<ConfigAccessTab configId={item.id} />} />
      <Route path="access-logs" element={<ConfigAccessLogsTab configId={item.id} />} />
      <Route path="view/:viewId" element={<ConfigViewTab />} />
    </Routes>
  );
}

/** Whether the feature is on (once the flags are known) and the user may read the resource. */
function useReadable(resource: Resource, feature: Feature): boolean {
  const { flags, isLoading } = useFeatureFlags();
  const canRead = useCan(resource);
  return !isLoading && flags.isEnabled(feature) && canRead;
}

/** The views that apply to the item (VIEW-06), when views are on and the user may read them. */
function useConfigViews(configId: string) {
  const enabled = useReadable('views', 'views');
  const { data } = useGetConfigViewsQuery(configId, { skip: !enabled });
  return enabled ? (data ?? []) : [];
}

/** The item's incidents (INC-04) when incidents are on and the user may read them. */
function useConfigIncidents(configId: string) {
  const shown = useReadable('incident', 'incidents');
  const { data } = useGetConfigItemIncidentsQuery(configId, { skip: !shown });
  return { shown, count: shown ? data?.length : undefined };
}

function ItemView({ item, tab, id }: { item: ConfigDetail; tab: ConfigItemTabId; id: string }) {
  const navigate = useNavigate();
  const views = useConfigViews(item.id);
  const incidents = useConfigIncidents(item.id);
  const { data: access } = useGetConfigAccessCountQuery(item.id);
  const { data: accessLogs } = useGetConfigAccessLogCountQuery(item.id);
  return (
    <>
      <ConfigItemHeader item={item} />
      <div className="mc-config-item-body">
        <section className="mc-stack" aria-label="Sections">
          <ConfigItemTabs
            selected={tab}
            summary={item.summary}
            listed={{ incidents: incidents.count, access, 'access-logs': accessLogs }}
            hidden={incidents.shown ? [] : ['incidents']}
            views={views}
            onSelect={(next) => {
              const viewId = viewIdOfTab(next);
              navigate(
                viewId
                  ? paths.catalogItemView.getHref(id, viewId)
                  : paths.catalogItemTab.getHref(id, next),
              );
            }}
          />
          <TabPanel
            id={tab}
            parentId={CONFIG_ITEM_TABS_ID}
            selectedTabId={tab}
            className="mc-config-item-panel"
            panel={<TabRoutes item={item} incidents={incidents.shown} />}
          />
        </section>
        <aside className="mc-config-item-aside" aria-label="Details">
          <ConfigDetailsPanel item={item} />
        </aside>
      </div>
    </>
  );
}

/**
 * `/catalog/:id/*`: one config item (CAT-03) with its location, health and details, and its
 * sub-pages as tabs with their own addresses (`/spec`, `/changes`, `/insights`,
 * `/relationships`, `/playbooks`, `/checks`, `/incidents`, `/access`, `/access-logs`);
 * `/catalog/:id` goes on to `/spec`.
 */
export function ConfigItemPage() {
  const { id = '', '*': subPath } = useParams();
  const location = useLocation();
  const tab = tabFromSubPath(subPath);
  const query = useGetConfigItemQuery(id, { skip: id === '' || tab === undefined });
  usePageHeader({
    title: query.data?.name || CATALOG_TITLE,
    onRefresh: useInvalidateTags(configItemTags(id)),
  });

  if (tab === undefined) {
    return (
      <Navigate
        to={paths.catalogItemTab.getHref(id, DEFAULT_CONFIG_ITEM_TAB, location.search)}
        replace
      />
    );
  }

  return (
    <div className="mc-page mc-config-item">
      <QueryView
        {...queryViewState(query)}
        loadingLabel="Loading config item"
        errorTitle={LOAD_ERROR_TITLE}
        notFound={{
          title: NOT_FOUND_TITLE,
          description: 'It may have been removed, or the address is wrong.',
          action: <Link to={paths.catalog.getHref()}>Back to the catalog</Link>,
        }}
      >
        {(item) => <ItemView item={item} tab={tab} id={id} />}
      </QueryView>
    </div>
  );
}
