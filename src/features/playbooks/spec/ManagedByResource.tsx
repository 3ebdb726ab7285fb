import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';
import { useGetPlaybookSourceConfigQuery } from '../../../api/endpoints/playbooks';
import { paths } from '../../../shell/paths';
import { resourceLabel } from './model/specForm';

/** The source of playbooks that come from a Kubernetes resource. */
export const CRD_SOURCE = 'KubernetesCRD';

export interface ManagedByResourceProps {
  /** The playbook's id. */
  playbookId: string;
  /** The playbook's source; only a `KubernetesCRD` playbook has a resource to look up. */
  source: string | null | undefined;
}

/**
 * For a playbook that comes from a Kubernetes resource: the resource as a link to its config
 * item in the catalog ("Kubernetes resource: Playbook mission-control/restart-deployment").
 * Nothing for other sources, or while the catalog has no such item.
 */
export function ManagedByResource({ playbookId, source }: ManagedByResourceProps) {
  const crd = source === CRD_SOURCE;
  const { data: resource } = useGetPlaybookSourceConfigQuery(crd ? playbookId : skipToken);
  if (!crd || !resource) return null;
  return (
    <p className="mc-playbook-resource">
      Kubernetes resource:{' '}
      <Link to={paths.catalogItem.getHref(resource.id)}>{resourceLabel(resource)}</Link>
    </p>
  );
}
