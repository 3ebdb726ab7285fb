import { Link } from 'react-router-dom';
import { paths } from '../../../shell/paths';
import { ConfigIcon } from '../../../widgets/ConfigIcon';
import type { PlaybookRun } from '../../../api/schemas/playbooks';
import type { RunResourceView } from './model/runs';
import { runPlaybookIcon, runPlaybookTitle } from './model/runs';

/** Where a run's resource is shown: its catalog item, its component, or its check's dialog. */
export function resourceHref(resource: RunResourceView): string {
  switch (resource.kind) {
    case 'config':
      return paths.catalogItem.getHref(resource.id);
    case 'component':
      return paths.topologyComponent.getHref(resource.id);
    case 'check':
      return paths.check.getHref(resource.id);
  }
}

/** A run's resource with its icon, as a link to where it is shown. */
export function RunResourceLink({ resource }: { resource: RunResourceView }) {
  return (
    <Link className="mc-run-resource" to={resourceHref(resource)}>
      {resource.kind === 'config' ? (
        <ConfigIcon type={resource.type} configClass={resource.configClass} />
      ) : (
        <ConfigIcon type={resource.icon ?? resource.kind} />
      )}
      <span>{resource.name}</span>
    </Link>
  );
}

/** A run's playbook with its icon, as a link to `to`. */
export function RunPlaybookLink({
  run,
  to,
}: {
  run: Pick<PlaybookRun, 'playbooks' | 'playbook_id'>;
  to: string;
}) {
  return (
    <Link className="mc-run-playbook" to={to}>
      <ConfigIcon type={runPlaybookIcon(run) ?? 'playbook'} />
      <span>{runPlaybookTitle(run)}</span>
    </Link>
  );
}
