import { Button, Callout, Icon } from '@blueprintjs/core';
import { useId, useState } from 'react';
import type { ViewResult, ViewSection, ViewSectionResult } from '../../api/schemas/views';
import { viewIcon } from '../../shell/Sidebar';
import { Slot } from '../slots/SlotsProvider';
import { ViewBody } from './ViewBody';

/** A section of a view as the page draws it. */
export interface SectionItem {
  title: string;
  icon?: string | null;
  /** A `viewRef` section's evaluation (its view, or why it failed). */
  result?: ViewSectionResult;
  /** A `uiRef` section: the console table it shows. */
  uiRef?: ViewSection['uiRef'];
  /** A `viewRef` section with no evaluation in the answer. */
  missing?: boolean;
}

const sameRef = (ref: NonNullable<ViewSection['viewRef']>, result: ViewSectionResult) =>
  result.view?.name === ref.name && (!ref.namespace || result.view?.namespace === ref.namespace);

/**
 * The sections in order: each of `sections` with its evaluation from `sectionResults` (by the
 * view it names, else by title), then any evaluation no section claimed.
 */
export function sectionItems(view: ViewResult): SectionItem[] {
  const results = view.sectionResults ?? [];
  const used = new Set<number>();
  const take = (test: (result: ViewSectionResult) => boolean) => {
    const index = results.findIndex((result, i) => !used.has(i) && test(result));
    if (index < 0) return undefined;
    used.add(index);
    return results[index];
  };
  const items: SectionItem[] = (view.sections ?? []).map((section) => {
    const base = { title: section.title, icon: section.icon };
    if (section.viewRef) {
      const ref = section.viewRef;
      const result =
        take((r) => sameRef(ref, r)) ?? take((r) => !r.view && r.title === section.title);
      return result ? { ...base, result } : { ...base, missing: true };
    }
    return { ...base, uiRef: section.uiRef };
  });
  results.forEach((result, index) => {
    if (!used.has(index)) items.push({ title: result.title ?? '', icon: result.icon, result });
  });
  return items;
}

/** What a `uiRef` section shows: the catalog list or the changes table, with its filters. */
function UiRefSection({ uiRef }: { uiRef: NonNullable<ViewSection['uiRef']> }) {
  const unavailable = (what: string) => (
    <Callout intent="none" icon="info-sign">
      The {what} cannot be shown here.
    </Callout>
  );
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

function SectionContent({
  item,
  scope,
  refresh,
}: {
  item: SectionItem;
  scope: string;
  refresh: number;
}) {
  if (item.uiRef) return <UiRefSection uiRef={item.uiRef} />;
  const { result } = item;
  if (!result?.view) {
    return (
      <Callout intent="danger" title={SECTION_ERROR} role="alert">
        {result?.error || (item.missing ? 'The server answered nothing for this section.' : '')}
      </Callout>
    );
  }
  return (
    <div className="mc-view">
      {result.view.refreshError && (
        <Callout intent="warning" title="Refresh failed" className="mc-view-refresh-error">
          {result.view.refreshError}
        </Callout>
      )}
      <ViewBody
        view={result.view}
        current={result.view}
        fetching={false}
        refresh={refresh}
        scope={scope}
      />
    </div>
  );
}

/**
 * A view's sections one after another, each under its title and icon with a button that
 * collapses it (kept while the page stays open); a failed section says why and the others
 * still show. A section's table has its own parameters in the address (`s1.…`).
 */
export function ViewSections({ view, refresh }: { view: ViewResult; refresh: number }) {
  const items = sectionItems(view);
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
                  {item.icon && <Icon icon={viewIcon(item.icon)} aria-hidden />}
                  {item.title}
                </span>
              </Button>
            </h2>
            {open && <SectionContent item={item} scope={`s${index + 1}.`} refresh={refresh} />}
          </section>
        );
      })}
    </div>
  );
}
