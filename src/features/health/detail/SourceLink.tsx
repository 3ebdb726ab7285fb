import { Classes, Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import { useGetConfigByIdQuery } from '../../../api/endpoints/catalogInsights';
import { useGetComponentByIdQuery } from '../../../api/endpoints/topology';
import { paths } from '../../../shell/paths';
import type { EditLink } from './editLink';

function ButtonLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <Link to={to} className={Classes.BUTTON}>
      <Icon icon={icon} aria-hidden />
      <span className={Classes.BUTTON_TEXT}>{label}</span>
    </Link>
  );
}

/** Where a CRD canary lives, said without a link (it is changed in the cluster). */
function SourceText({ label }: { label: string }) {
  return (
    <span className={Classes.TEXT_MUTED}>
      <Icon icon="cube" aria-hidden /> {label}
    </span>
  );
}

/** The component that generated the canary (TOPO-02), linked once found; nothing if it is gone. */
function ComponentSource({ id, label }: { id: string; label: string }) {
  const { data } = useGetComponentByIdQuery(id);
  if (!data) return null;
  return <ButtonLink to={paths.topologyComponent.getHref(data.id)} icon="link" label={label} />;
}

/** The catalog item of the canary's CRD (CAT-06), linked once found; else the text alone. */
function CatalogSource({ id, label }: { id: string; label: string }) {
  const { data } = useGetConfigByIdQuery(id);
  if (!data) return <SourceText label={label} />;
  return <ButtonLink to={paths.catalogItem.getHref(data.id)} icon="link" label={label} />;
}

/**
 * The footer's edit link: the canary's settings, or the component or catalog item it comes
 * from, each looked up by the id its source names.
 */
export function SourceLink({ link }: { link: EditLink }) {
  switch (link.kind) {
    case 'settings':
      return <ButtonLink to={link.href} icon="edit" label={link.label} />;
    case 'component':
      return <ComponentSource id={link.id} label={link.label} />;
    case 'catalog':
      return link.id ? (
        <CatalogSource id={link.id} label={link.label} />
      ) : (
        <SourceText label={link.label} />
      );
  }
}
