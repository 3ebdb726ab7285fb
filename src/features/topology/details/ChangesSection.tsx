import { Button, Classes, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useGetComponentChangesQuery } from '../../../api/endpoints/topology';
import type { ComponentChange } from '../../../api/schemas/topology';
import { paths } from '../../../shell/paths';
import { ConfigLabel } from './ConfigLabel';
import { PanelSection, SectionQueryView } from './PanelSection';
import { CHANGES_SHOWN, changeConfig, shownChanges } from './model';

function ChangeRow({ change }: { change: ComponentChange }) {
  const config = changeConfig(change);
  return (
    <li className="mc-component-row">
      {change.change_type && (
        <Tag minimal className="mc-component-change-type" title={change.change_type}>
          {change.change_type}
        </Tag>
      )}
      {config ? (
        <Link to={paths.catalogItem.getHref(config.id)} className="mc-component-row-main">
          <ConfigLabel config={config} />
        </Link>
      ) : (
        <span className="mc-component-ellipsis">{change.name}</span>
      )}
    </li>
  );
}

/**
 * Recent changes of the configs linked to the component (CAT-22): change type and config, the
 * first twenty until "Show all".
 */
export function ChangesSection({ componentId }: { componentId: string }) {
  const query = useGetComponentChangesQuery(componentId);
  const [expanded, setExpanded] = useState(false);
  const changes = query.data ?? [];
  const shown = shownChanges(changes, expanded);
  return (
    <PanelSection title="Changes" count={query.data?.length} icon="changes">
      <SectionQueryView
        query={query}
        what="changes"
        empty={changes.length === 0}
        emptyText="No changes"
      >
        <ul className={`${Classes.LIST_UNSTYLED} mc-component-list`}>
          {shown.map((change) => (
            <ChangeRow key={change.id} change={change} />
          ))}
        </ul>
        {changes.length > CHANGES_SHOWN && (
          <div className="mc-component-more">
            <span className={Classes.TEXT_MUTED}>
              Showing {shown.length} of {changes.length}
            </span>
            <Button
              variant="minimal"
              size="small"
              aria-expanded={expanded}
              text={expanded ? 'Show fewer' : 'Show all'}
              onClick={() => setExpanded((value) => !value)}
            />
          </div>
        )}
      </SectionQueryView>
    </PanelSection>
  );
}
