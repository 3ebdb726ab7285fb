import { Button, Callout, Icon, Spinner } from '@blueprintjs/core';
import { useId, useRef, useState } from 'react';
import { useEvaluateViewQuery, useGetViewIdQuery } from '../../api/endpoints/views';
import type { ViewResult, ViewSection } from '../../api/schemas/views';
import { DEFAULT_VIEW_ICON } from '../../shell/Sidebar';
import { LoadErrorCallout } from '../../ui/LoadErrorCallout';
import { useNearView } from '../../ui/useNearView';
import { namedIcon } from '../ConfigIcon';
import { Slot } from '../slots/SlotsProvider';
import { tableQueryState } from '../tableQueryState';
import { ViewBody } from './ViewBody';

type ViewRef = NonNullable<ViewSection['viewRef']>;

/** `namespace/name` of a section's view, as `sectionResults` keys it. */
export const viewRefKey = (ref: ViewRef) => `${ref.namespace ?? ''}/${ref.name}`;

/**
 * A `uiRef` section once it comes near the viewport: the catalog's and the changes' tables (and
 * their code) wait until they are about to be seen.
 */
function UiRefSection({ uiRef }: { uiRef: ViewSection['uiRef'] }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref);
  return (
    <div ref={ref} className={near ? undefined : 'mc-view-section-waiting'}>
      {near ? <UiRefTable uiRef={uiRef} /> : <Spinner size={20} aria-label="Loading the section" />}
    </div>
  );
}

/** What a `uiRef` section shows: the catalog list or the changes table, with its filters. */
function UiRefTable({ uiRef }: { uiRef: ViewSection['uiRef'] }) {
  const unavailable = (what: string) => (
    <Callout intent="none" icon="info-sign">
      The {what} cannot be shown here.
    </Callout>
  );
  if (!uiRef) return unavailable('section');
  if (uiRef.configs) {
    return (
      <Slot
        name="ViewCatalogSection"
        filters={uiRef.configs}
        fallback={unavailable('catalog list')}
      />
    );
  }
  if (uiRef.changes) {
    return (
      <Slot
        name="ViewChangesSection"
        filters={uiRef.changes}
        fallback={unavailable('changes table')}
      />
    );
  }
  return unavailable(uiRef.access ? 'access table' : uiRef.accessLogs ? 'access log' : 'section');
}

export const SECTION_ERROR = 'Error loading the section';

/**
 * A `viewRef` section: its view's id (VIEW-07, by namespace and name), then the view evaluated
 * (VIEW-02) with the page's variables and Refresh presses, drawn with its own fingerprint's
 * table; loading, and the server's reason with a Retry when either fails.
 */
function ViewRefSection({
  viewRef,
  variables,
  refresh,
  scope,
}: {
  viewRef: ViewRef;
  variables: Record<string, string>;
  refresh: number;
  scope: string;
}) {
  const idQuery = useGetViewIdQuery(
    viewRef.namespace
      ? { namespace: viewRef.namespace, name: viewRef.name }
      : { name: viewRef.name },
  );
  const id = idQuery.data ?? '';
  const query = useEvaluateViewQuery(
    { id, variables, ...(refresh ? { refresh } : {}) },
    { skip: id === '' },
  );
  const lookup = tableQueryState(idQuery);
  const evaluation = tableQueryState(query);
  const failed = lookup.error !== undefined ? lookup : evaluation;
  if (failed.error !== undefined) {
    return (
      <LoadErrorCallout
        title={SECTION_ERROR}
        message={failed.error}
        onRetry={failed.onRetry}
        retrying={failed.retrying}
        compact
      />
    );
  }
  if (idQuery.data === null) {
    return (
      <Callout intent="danger" title={SECTION_ERROR} role="alert">
        No view {viewRefKey(viewRef)} exists.
      </Callout>
    );
  }
  const view = query.data;
  if (lookup.loading || evaluation.loading || !view) {
    return <Spinner size={20} aria-label="Loading section" />;
  }
  return (
    <div className="mc-view" aria-busy={query.isFetching}>
      {view.refreshError && (
        <Callout intent="warning" title="Refresh failed" className="mc-view-refresh-error">
          {view.refreshError}
        </Callout>
      )}
      <ViewBody
        view={view}
        current={query.currentData}
        fetching={query.isFetching}
        refresh={refresh}
        scope={scope}
      />
    </div>
  );
}

export interface ViewSectionsProps {
  view: ViewResult;
  /** The page's variables: each `viewRef` section's view is evaluated with them. */
  variables: Record<string, string>;
  /** The Refresh presses so far: each section asks again too. */
  refresh: number;
}

/**
 * A view's sections one after another, each under its title and icon with a button that
 * collapses it (kept while the page stays open; a collapsed section is not evaluated); a
 * failed section says why and the others still show. A section's table has its own
 * parameters in the address (`s1.…`).
 */
export function ViewSections({ view, variables, refresh }: ViewSectionsProps) {
  const items = view.sections ?? [];
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  if (items.length === 0) return null;
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <div className="mc-view-sections">
      {items.map((item, index) => {
        const key = `${index}:${item.title}`;
        const open = !collapsed.has(key);
        const headingId = `${baseId}-${index}`;
        return (
          <section key={key} className="mc-view-section" aria-labelledby={headingId}>
            <h2 className="mc-view-section-title" id={headingId}>
              <Button
                variant="minimal"
                icon={open ? 'chevron-down' : 'chevron-right'}
                aria-expanded={open}
                onClick={() => toggle(key)}
              >
                <span className="mc-view-section-name">
                  {item.icon && <Icon icon={namedIcon(item.icon, DEFAULT_VIEW_ICON)} aria-hidden />}
                  {item.title}
                </span>
              </Button>
            </h2>
            {open &&
              (item.viewRef ? (
                <ViewRefSection
                  viewRef={item.viewRef}
                  variables={variables}
                  refresh={refresh}
                  scope={`s${index + 1}.`}
                />
              ) : (
                <UiRefSection uiRef={item.uiRef} />
              ))}
          </section>
        );
      })}
    </div>
  );
}
