import { Button, Classes, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  topologyTags,
  useGetComponentNameQuery,
  useUpdateComponentMutation,
} from '../../api/endpoints/topology';
import type { TopologyComponent } from '../../api/schemas/topology';
import { useCan } from '../../auth/hooks';
import { useAppSelector } from '../../shell/hooks';
import { paths } from '../../shell/paths';
import { selectPreferences } from '../../shell/preferencesSlice';
import { INCREMENT, ShowMore, useIncrementalCount } from '../../ui/IncrementalList';
import { QueryErrorCallout } from '../../widgets/QueryErrorCallout';
import { copyToClipboard } from '../../ui/clipboard';
import { LazyDialog } from '../../ui/LazyPart';
import { usePageHeader } from '../../ui/pageHeader';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useUrlState } from '../../widgets/useUrlState';
import { ComponentDetailsPanel } from './ComponentDetailsPanel';
import type { CardActions } from './TopologyCard';
import { TopologyCard } from './TopologyCard';
import { TopologyToolbar } from './TopologyToolbar';
import { componentIconName, componentName } from './model/component';
import {
  CLEARED,
  ancestorIds,
  hasFilters,
  keepComponent,
  topologyArgs,
  visibleChildren,
  TOPOLOGY_STATE,
} from './model/topologyParams';
import { useCardsCheck } from './useCardsCheck';
import { useTopology } from './useTopology';
import './topology.css';

/** The snapshot dialog loads when a snapshot is first asked for. */
const SnapshotDialog = lazy(async () => ({
  default: (await import('./SnapshotDialog')).SnapshotDialog,
}));

export const PAGE_TITLE = 'Topology';
export const LOAD_ERROR = 'Error loading the topology';
export const NO_COMPONENTS = 'No components';
export const NO_MATCHES = 'No components match the filters';

/** The gap between cards, and the height of a card with little in it (px). */
const CARD_GAP = 12;
const SHORT_CARD_HEIGHT = 120;

/**
 * About how many cards fill the window: as many across as its width holds, by as many rows of
 * short cards as its height holds. The first answer draws these before the rest.
 */
function cardsInView(cardWidth: number): number {
  const across = Math.max(1, Math.floor(window.innerWidth / (cardWidth + CARD_GAP)));
  const down = Math.max(1, Math.ceil(window.innerHeight / SHORT_CARD_HEIGHT));
  return Math.min(INCREMENT, across * down);
}

function useTopologyFilters() {
  const { state: filters, update, params } = useUrlState(TOPOLOGY_STATE);
  return { filters, update, search: params.toString() };
}

/** One ancestor in the breadcrumb, named by TOPO-05. */
function AncestorCrumb({ id, hrefOf }: { id: string; hrefOf: (id: string) => string }) {
  const { data } = useGetComponentNameQuery(id);
  return (
    <>
      <Link to={hrefOf(id)} className={Classes.BREADCRUMB}>
        {data ? componentName(data) : '…'}
      </Link>
      <Icon icon="chevron-right" size={12} className="mc-topology-crumb-separator" />
    </>
  );
}

function Breadcrumb({
  component,
  rootHref,
  hrefOf,
}: {
  component: TopologyComponent | undefined;
  rootHref: string;
  hrefOf: (id: string) => string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="mc-topology-crumbs">
      {component ? (
        <>
          <Link to={rootHref} className={Classes.BREADCRUMB}>
            {PAGE_TITLE}
          </Link>
          <Icon icon="chevron-right" size={12} className="mc-topology-crumb-separator" />
          {ancestorIds(component).map((id) => (
            <AncestorCrumb key={id} id={id} hrefOf={hrefOf} />
          ))}
          <span
            className={`${Classes.BREADCRUMB} ${Classes.BREADCRUMB_CURRENT}`}
            aria-current="page"
          >
            <Icon icon={componentIconName(component)} size={14} aria-hidden />{' '}
            {componentName(component)}
          </span>
        </>
      ) : (
        <span className={`${Classes.BREADCRUMB} ${Classes.BREADCRUMB_CURRENT}`}>
          All components
        </span>
      )}
    </nav>
  );
}

export interface TopologyViewProps {
  /** Without the shell (`/view/topology/:id`): links stay in the standalone view. */
  standalone: boolean;
}

/**
 * The topology dashboard (TOPO-01): the roots of the estate as cards, or, for `/topology/:id`,
 * the component's children as cards beside its details. Filters, sorting and the hidden
 * switch live in the address.
 */
export function TopologyView({ standalone }: TopologyViewProps) {
  const { id } = useParams<{ id: string }>();
  const { filters, update, search } = useTopologyFilters();
  const preferences = useAppSelector(selectPreferences);
  const showHidden = filters.showHidden ?? preferences.showHiddenComponents;
  const cardWidth = preferences.topologyCardWidth;
  const canWrite = useCan('topologies', 'write');
  const refresh = useInvalidateTags(topologyTags);

  const args = useMemo(() => topologyArgs(id, filters, showHidden), [id, filters, showHidden]);
  const topology = useTopology(args);
  const [updateComponent] = useUpdateComponentMutation();
  const [snapshotOf, setSnapshotOf] = useState<TopologyComponent | null>(null);

  const query = search ? `?${search}` : '';
  const hrefOf = useCallback(
    (componentId: string) =>
      `${standalone ? paths.viewTopology.getHref(componentId) : paths.topologyComponent.getHref(componentId)}${query}`,
    [standalone, query],
  );
  const rootHref = `${paths.topology.getHref()}${query}`;

  const current = id ? topology.data?.component : undefined;
  const title = current ? componentName(current) : PAGE_TITLE;
  usePageHeader({ title, onRefresh: refresh });

  const cards = useMemo(() => {
    const level = topology.data?.cards ?? [];
    return level.filter((component) => keepComponent(component, filters, showHidden));
  }, [topology.data, filters, showHidden]);

  // A large estate is drawn a part at a time: first the cards that fill the window, more as
  // the end of the grid comes into view.
  const incremental = useIncrementalCount(cards.length, args, INCREMENT, cardsInView(cardWidth));
  const drawn = useMemo(() => cards.slice(0, incremental.shown), [cards, incremental.shown]);
  // Cards are checked in full as they are drawn: an answer with a card of the wrong shape is
  // shown as the error it is.
  const invalidCard = useCardsCheck(topology.data, drawn);

  const actions: CardActions = useMemo(
    () => ({
      ...(canWrite
        ? {
            onToggleHidden: (component: TopologyComponent) => {
              // The endpoint's outcome tells how it went.
              void updateComponent({
                id: component.id,
                name: componentName(component),
                patch: { hidden: component.hidden !== true },
              });
            },
          }
        : {}),
      onDownloadSnapshot: setSnapshotOf,
      onCopyLink: (component: TopologyComponent) => {
        const href = standalone
          ? paths.viewTopology.getHref(component.id)
          : paths.topologyComponent.getHref(component.id);
        void copyToClipboard(new URL(href, window.location.origin).toString(), 'Link copied');
      },
    }),
    [canWrite, updateComponent, standalone],
  );

  let body;
  if (topology.isLoading) {
    body = (
      <div className="mc-topology-loading">
        <Spinner aria-label="Loading components" />
      </div>
    );
  } else if (topology.isError) {
    body = <QueryErrorCallout title={LOAD_ERROR} query={topology} className="mc-topology-error" />;
  } else if (invalidCard) {
    body = (
      <QueryErrorCallout
        title={LOAD_ERROR}
        query={{ ...topology, error: invalidCard }}
        className="mc-topology-error"
      />
    );
  } else if (id && !current) {
    body = (
      <NonIdealState
        icon="search"
        title="Component not found"
        description="It may have been deleted."
        action={<Link to={rootHref}>Back to the dashboard</Link>}
      />
    );
  } else if (cards.length === 0) {
    const filtered = hasFilters(filters);
    body = (
      <NonIdealState
        icon="cube"
        title={filtered ? NO_MATCHES : NO_COMPONENTS}
        {...(filtered
          ? { action: <Button text="Clear filters" onClick={() => update(CLEARED)} /> }
          : id
            ? { description: 'This component has no children.' }
            : {})}
      />
    );
  } else {
    body = (
      <>
        <ul
          className="mc-topology-grid"
          aria-label={current ? `Children of ${componentName(current)}` : 'Components'}
          aria-busy={topology.isFetching}
          style={{ ['--mc-topology-card-width' as string]: `${cardWidth}px` }}
        >
          {drawn.map((component) => (
            <li key={component.id}>
              <TopologyCard
                component={component}
                hrefOf={hrefOf}
                childComponents={visibleChildren(component, showHidden)}
                actions={actions}
                width={cardWidth}
              />
            </li>
          ))}
        </ul>
        <ShowMore
          remaining={incremental.remaining}
          onShowMore={incremental.showMore}
          noun="components"
        />
      </>
    );
  }

  // Without the shell the page is the document's main landmark itself.
  const Root = standalone ? 'main' : 'div';
  return (
    <Root className={`mc-page mc-topology${standalone ? ' mc-topology--standalone' : ''}`}>
      <div className="mc-topology-toolbar">
        <Breadcrumb component={current} rootHref={rootHref} hrefOf={hrefOf} />
        {standalone && (
          <Button
            variant="minimal"
            icon="refresh"
            aria-label="Refresh"
            loading={topology.isFetching}
            onClick={refresh}
          />
        )}
        <TopologyToolbar
          filters={filters}
          onChange={update}
          showHidden={showHidden}
          topology={topology.data}
          cards={cards}
        />
      </div>
      <div className={`mc-topology-body${current ? ' mc-topology-body--with-details' : ''}`}>
        <div className="mc-topology-cards">{body}</div>
        {current && <ComponentDetailsPanel component={current} />}
      </div>
      <LazyDialog isOpen={snapshotOf !== null}>
        <SnapshotDialog component={snapshotOf} onClose={() => setSnapshotOf(null)} />
      </LazyDialog>
    </Root>
  );
}

/** `/topology` and `/topology/:id`. */
export function TopologyPage() {
  return <TopologyView standalone={false} />;
}

/** `/view/topology/:id`: the component page without the shell, for embedding. */
export function StandaloneTopologyPage() {
  return <TopologyView standalone />;
}
