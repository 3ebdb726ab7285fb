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
import { configItemTags, useGetConfigItemQuery } from '../../../api/endpoints/configItem';
import { useGetConfigViewsQuery } from '../../../api/endpoints/views';
import { useCan, useFeatureFlags } from '../../../auth/hooks';
import type { ConfigDetail } from '../../../api/schemas/configItem';
import { paths } from '../../../shell/paths';
import { usePageHeader } from '../../../ui/pageHeader';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import '../catalog.css';
import { ConfigDetailsPanel } from './ConfigDetailsPanel';
import { ConfigItemHeader } from './ConfigItemHeader';
import { CONFIG_ITEM_TABS_ID, ConfigItemTabs } from './ConfigItemTabs';
import './configItem.css';
import type { ConfigItemTabId } from './model/tabs';
import { DEFAULT_CONFIG_ITEM_TAB, tabFromSubPath, viewIdOfTab } from './model/tabs';
import { ConfigChangesTab } from './tabs/ConfigChangesTab';
import { ConfigChecksTab } from './tabs/ConfigChecksTab';
import { ConfigInsightsTab } from './tabs/ConfigInsightsTab';
import { ConfigPlaybooksTab } from './tabs/ConfigPlaybooksTab';
import { ConfigRelationshipsTab } from './tabs/ConfigRelationshipsTab';
import { ConfigSpecTab } from './tabs/ConfigSpecTab';
import { ConfigViewTab } from './tabs/ConfigViewTab';
import { QueryView } from '../../../ui/QueryView';
import { queryViewState } from '../../../widgets/tableQueryState';

/** The top bar's title until the item's name is known. */
export const CATALOG_TITLE = 'Catalog';
export const NOT_FOUND_TITLE = 'Config item not found';
export const LOAD_ERROR_TITLE = 'Error loading the config item';

/** The sub-pages, relative to `/catalog/:id`. */
function TabRoutes({ item }: { item: ConfigDetail }) {
  return (
    <Routes>
      <Route path="spec" element={<ConfigSpecTab item={item} />} />
      <Route path="changes" element={<ConfigChangesTab configId={item.id} />} />
      <Route path="insights" element={<ConfigInsightsTab configId={item.id} />} />
      <Route path="relationships" element={<ConfigRelationshipsTab configId={item.id} />} />
      <Route path="playbooks" element={<ConfigPlaybooksTab configId={item.id} />} />
      <Route path="checks" element={<ConfigChecksTab configId={item.id} />} />
      <Route path="view/:viewId" element={<ConfigViewTab />} />
    </Routes>
  );
}

/** The views that apply to the item (VIEW-06), when views are on and the user may read them. */
function useConfigViews(configId: string) {
  const { flags, isLoading } = useFeatureFlags();
  const canRead = useCan('views');
  const enabled = !isLoading && flags.isEnabled('views') && canRead;
  const { data } = useGetConfigViewsQuery(configId, { skip: !enabled });
  return enabled ? (data ?? []) : [];
}

function ItemView({ item, tab, id }: { item: ConfigDetail; tab: ConfigItemTabId; id: string }) {
  const navigate = useNavigate();
  const views = useConfigViews(item.id);
  return (
    <>
      <ConfigItemHeader item={item} />
      <div className="mc-config-item-body">
        <section className="mc-stack" aria-label="Sections">
          <ConfigItemTabs
            selected={tab}
            summary={item.summary}
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
            panel={<TabRoutes item={item} />}
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
 * `/relationships`, `/playbooks`, `/checks`); `/catalog/:id` goes on to `/spec`.
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
