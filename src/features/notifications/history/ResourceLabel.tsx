import { Link } from 'react-router-dom';
import type { NotificationResource } from '../../../api/schemas/notificationHistory';
import { ConfigIcon } from '../../../widgets/ConfigIcon';
import type { ResourceKind } from './model/sends';
import { resourceHref, resourceName } from './model/sends';

export interface ResourceLabelProps {
  /** The resource as the history row embeds it. */
  resource: NotificationResource | null | undefined;
  kind: ResourceKind | undefined;
  /** The resource's id, when the embed lacks it. */
  id?: string | null;
  /** Links the name to the resource's own page. Default false. */
  linked?: boolean;
}

/**
 * A resource's icon (a config's by its type, a component's or check's own) and name, linked
 * to its page (catalog, topology, health) when asked.
 */
export function ResourceLabel({ resource, kind, id, linked = false }: ResourceLabelProps) {
  const name = resourceName(resource, id);
  const resourceId = resource?.id || id || '';
  const icon =
    kind === 'config' ? (
      <ConfigIcon type={resource?.type} configClass={resource?.config_class} />
    ) : (
      <ConfigIcon type={resource?.icon || resource?.type || kind} />
    );
  const href = linked && resourceId ? resourceHref(kind, resourceId) : undefined;
  return (
    <span className="mc-notif-resource">
      {icon}
      {href ? <Link to={href}>{name}</Link> : <span>{name || '(unknown resource)'}</span>}
    </span>
  );
}
