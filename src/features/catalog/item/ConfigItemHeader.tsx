import { Classes, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useGetConfigItemParentsQuery } from '../../../api/endpoints/configItem';
import type { ConfigDetail } from '../../../api/schemas/configItem';
import { paths } from '../../../shell/paths';
import { StatusDot } from '../../../ui/StatusDot';
import { AttachAsEvidence, configEvidence } from '../../../widgets/attachEvidence';
import { SendToAi } from '../../../widgets/assistantEntries';
import { PlaybooksMenu } from '../../../widgets/playbooksMenu';
import { ConfigIcon, DeletedMarker } from '../../../widgets/ConfigIcon';
import { statusWord } from './model/format';

/** Catalog, then the items whose location holds this one (CAT-36), each a link. */
function Breadcrumb({ item }: { item: ConfigDetail }) {
  const { data: parents = [] } = useGetConfigItemParentsQuery(item.id);
  return (
    <nav aria-label="Breadcrumb" className="mc-config-item-breadcrumb">
      <ol className={Classes.BREADCRUMBS}>
        <li>
          <Link className={Classes.BREADCRUMB} to={paths.catalog.getHref()}>
            Catalog
          </Link>
        </li>
        {parents
          .filter((parent) => parent.id !== item.id)
          .map((parent) => (
            <li key={parent.id}>
              <Link
                className={Classes.BREADCRUMB}
                to={paths.catalogItem.getHref(parent.id)}
                title={parent.type ?? undefined}
              >
                <ConfigIcon type={parent.type} />
                {parent.name || parent.id}
              </Link>
            </li>
          ))}
      </ol>
    </nav>
  );
}

/**
 * The item's location, icon, name, health, status, whether it was deleted, its Playbooks menu,
 * Send to AI (while the assistant is offered) and Attach as Evidence.
 */
export function ConfigItemHeader({ item }: { item: ConfigDetail }) {
  const health = statusWord(item.health);
  return (
    <header className="mc-config-item-header">
      <Breadcrumb item={item} />
      <div className="mc-config-item-title">
        <ConfigIcon
          type={item.type}
          configClass={item.config_class}
          className="mc-config-item-icon"
        />
        <h2 className={`${Classes.HEADING} mc-config-item-name`}>{item.name || item.id}</h2>
        {health !== '' && (
          <span className="mc-config-item-health">
            <span aria-hidden>
              <StatusDot status={item.health} title={health} />
            </span>
            <span>{health}</span>
          </span>
        )}
        {item.status && (
          <Tag minimal round title="Status">
            {item.status}
          </Tag>
        )}
        {item.deleted_at && <DeletedMarker deletedAt={item.deleted_at} />}
        <PlaybooksMenu resource={{ config_id: item.id }} />
        <SendToAi config={{ id: item.id, name: item.name || item.id, type: item.type ?? '' }} />
        <AttachAsEvidence evidence={configEvidence(item)} />
      </div>
    </header>
  );
}
