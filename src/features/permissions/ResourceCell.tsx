import { Button, Classes, Menu, PopoverNext, Spinner } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SelectorField, SelectorTarget } from '../../api/endpoints/permissions';
import { SELECTOR_TARGETS_LIMIT, useResolveSelectorQuery } from '../../api/endpoints/permissions';
import { toErrorMessage } from '../../api/errors';
import type { PermissionSummary } from '../../api/schemas/permissions';
import { paths } from '../../shell/paths';
import { describeResource } from './model/describe';
import { inferResourceKind, type ResourceKind } from './model/inference';

/** The cell's own words. */
export const RESOURCE_CELL_LABELS = {
  resolvesTo: (entry: string) => `What ${entry} selects`,
  resolving: 'Finding what it selects',
  nothing: 'It selects nothing at the moment.',
  failed: 'What it selects could not be found',
  more: `Showing the first ${SELECTOR_TARGETS_LIMIT}.`,
} as const;

/** The selector field shown for each kind the table names a permission's resource by. */
const FIELD_OF_KIND: Partial<Record<ResourceKind, SelectorField>> = {
  playbook: 'playbooks',
  catalog: 'configs',
  component: 'components',
  connection: 'connections',
  view: 'views',
  scope: 'scopes',
};

/** Where a resolved object's page is. */
function hrefOf(field: SelectorField, target: SelectorTarget): string {
  switch (field) {
    case 'playbooks':
      return paths.playbook.getHref(target.id);
    case 'configs':
      return paths.catalogItem.getHref(target.id);
    case 'components':
      return paths.topologyComponent.getHref(target.id);
    case 'connections':
      return paths.settingsConnections.getHref(target.id);
    case 'views':
      return paths.view.getHref(target.id);
    case 'scopes':
      return paths.settingsScope.getHref(target.id);
  }
}

const entryText = (entry: { name?: string | null; namespace?: string | null }) =>
  entry.namespace ? `${entry.namespace}/${entry.name ?? '*'}` : (entry.name ?? '*');

/** The resolved objects of one selector entry, asked for when its popover opens. */
function Resolved({
  field,
  selector,
}: {
  field: SelectorField;
  selector: Record<string, unknown>;
}) {
  const query = useResolveSelectorQuery({ field, selector });
  if (query.isLoading || query.isFetching) {
    return (
      <div className="mc-selector-targets-status">
        <Spinner size={16} /> {RESOURCE_CELL_LABELS.resolving}
      </div>
    );
  }
  if (query.error) {
    return (
      <div className="mc-selector-targets-status" role="alert">
        <strong>{RESOURCE_CELL_LABELS.failed}</strong>: {toErrorMessage(query.error)}
      </div>
    );
  }
  const targets = query.data ?? [];
  if (targets.length === 0) {
    return <div className="mc-selector-targets-status">{RESOURCE_CELL_LABELS.nothing}</div>;
  }
  return (
    <>
      <Menu>
        {targets.map((target) => (
          <li key={target.id}>
            <Link
              className={`${Classes.MENU_ITEM} ${Classes.POPOVER_DISMISS}`}
              to={hrefOf(field, target)}
            >
              <span className={Classes.FILL}>{entryText(target)}</span>
              {target.type ? <span className={Classes.TEXT_MUTED}>{target.type}</span> : null}
            </Link>
          </li>
        ))}
      </Menu>
      {targets.length >= SELECTOR_TARGETS_LIMIT && (
        <div className={`mc-selector-targets-status ${Classes.TEXT_MUTED}`}>
          {RESOURCE_CELL_LABELS.more}
        </div>
      )}
    </>
  );
}

/** One selector entry: opens what it selects, each a link to its page. */
function SelectorEntry({ field, entry }: { field: SelectorField; entry: Record<string, unknown> }) {
  const text = entryText(entry as { name?: string | null; namespace?: string | null });
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    // Clicks inside do not open the row.
    <span onClick={stop} className="mc-selector-entry">
      <PopoverNext
        placement="bottom-start"
        content={
          <div className="mc-selector-targets" aria-label={RESOURCE_CELL_LABELS.resolvesTo(text)}>
            <Resolved field={field} selector={entry} />
          </div>
        }
      >
        <Button
          variant="minimal"
          size="small"
          className="mc-selector-entry-button"
          text={text}
          aria-label={RESOURCE_CELL_LABELS.resolvesTo(text)}
        />
      </PopoverNext>
    </span>
  );
}

/**
 * What a permission is on: its object by name, or each entry of its object selector as a link
 * that opens what the entry selects now (each a link to that object's page).
 */
export function ResourceCell({ row }: { row: PermissionSummary }) {
  const kind = inferResourceKind(row);
  const field = FIELD_OF_KIND[kind];
  const entries = field ? (row.object_selector?.[field] ?? []) : [];
  const direct =
    row.playbook_object ?? row.config_object ?? row.component_object ?? row.connection_object;
  if (!field || entries.length === 0 || direct) return <>{describeResource(row)}</>;
  const label = describeResource(row).split(':')[0];
  return (
    <>
      {label}:{' '}
      {entries.map((entry, index) => (
        <span key={index}>
          {index > 0 ? ', ' : ''}
          <SelectorEntry field={field} entry={entry as Record<string, unknown>} />
        </span>
      ))}
    </>
  );
}
