import type { IconName } from '@blueprintjs/core';
import { Classes, Icon, NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import type { RelatedComponent, RelatedConfig } from '../../../api/schemas/checks';
import type { CheckRelations } from './relations';
import { paths } from '../../../shell/paths';
import { DeletedMarker } from '../../../widgets/ConfigIcon';

/** The icon of a config from the part of its type before `::` (`Kubernetes::Pod`). */
function configIcon(type: string | null | undefined): IconName {
  const family = (type?.split('::')[0] ?? '').trim().toLowerCase();
  if (family === 'kubernetes') return 'cube';
  if (['aws', 'azure', 'gcp'].includes(family)) return 'cloud';
  return 'settings';
}

function ComponentRow({ component }: { component: RelatedComponent }) {
  return (
    <li>
      <Icon icon="cube" aria-hidden />{' '}
      <Link to={paths.topologyComponent.getHref(component.id)}>
        {component.name || component.id}
      </Link>
    </li>
  );
}

function ConfigRow({ config }: { config: RelatedConfig }) {
  return (
    <li>
      <Icon icon={configIcon(config.type)} aria-hidden />{' '}
      <Link to={paths.catalogItem.getHref(config.id)}>{config.name || config.id}</Link>
      {config.type && <span className={Classes.TEXT_MUTED}> {config.type}</span>}
      {config.deleted_at && <DeletedMarker deletedAt={config.deleted_at} />}
    </li>
  );
}

/** The Relationships tab: the components and configs the check is linked to. */
export function CheckRelationships({ relations }: { relations: CheckRelations }) {
  const { components, configs } = relations;
  if (components.length === 0 && configs.length === 0) {
    return <NonIdealState icon="graph" title="No data available" />;
  }
  return (
    <div className="check-relationships">
      {components.length > 0 && (
        <section aria-label="Components">
          <h4 className={Classes.HEADING}>Components</h4>
          <ul className={Classes.LIST_UNSTYLED}>
            {components.map((component) => (
              <ComponentRow key={component.id} component={component} />
            ))}
          </ul>
        </section>
      )}
      {configs.length > 0 && (
        <section aria-label="Configs">
          <h4 className={Classes.HEADING}>Configs</h4>
          <ul className={Classes.LIST_UNSTYLED}>
            {configs.map((config) => (
              <ConfigRow key={config.id} config={config} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
