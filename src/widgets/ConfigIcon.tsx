import type { IconName } from '@blueprintjs/core';
import { Icon, Tooltip } from '@blueprintjs/core';
import type { DateInput } from '../lib/dates';
import { blueprintIcon } from '../shell/Sidebar';
import { useFormatDate } from '../shell/useFormatDate';
import './configIcon.css';

/** Icons by the last part of a config type (`Kubernetes::Deployment` → `deployment`). */
const KIND_ICONS: Readonly<Record<string, IconName>> = {
  account: 'office',
  cluster: 'heat-grid',
  clusterrole: 'shield',
  role: 'shield',
  rolebinding: 'shield',
  user: 'person',
  group: 'people',
  configmap: 'document',
  secret: 'lock',
  namespace: 'folder-close',
  node: 'desktop',
  pod: 'cube',
  deployment: 'layers',
  replicaset: 'duplicate',
  statefulset: 'database',
  daemonset: 'layout-grid',
  job: 'time',
  cronjob: 'time',
  service: 'exchange',
  ingress: 'globe-network',
  persistentvolumeclaim: 'floppy-disk',
  persistentvolume: 'floppy-disk',
  storageclass: 'box',
  horizontalpodautoscaler: 'arrows-horizontal',
  helmrelease: 'cube-add',
  kustomization: 'git-branch',
  gitrepository: 'git-repo',
  instance: 'desktop',
  dbinstance: 'database',
  function: 'function',
  bucket: 'box',
  region: 'globe',
  availabilityzone: 'map-marker',
  vpc: 'cloud',
  subnet: 'ip-address',
  securitygroup: 'shield',
  loadbalancer: 'exchange',
  volume: 'floppy-disk',
  hostedzone: 'ip-address',
  certificate: 'endorsed',
};

/** Icons by the first part of a type (its class), when the kind has none of its own. */
const CLASS_ICONS: Readonly<Record<string, IconName>> = {
  kubernetes: 'cube',
  aws: 'cloud',
  azure: 'cloud',
  gcp: 'cloud',
  flux: 'git-branch',
  argo: 'git-branch',
  github: 'git-repo',
  postgres: 'database',
  mssql: 'database',
  mysql: 'database',
  sql: 'database',
  file: 'document',
};

export { configClassOf } from '../lib/configType';

/** The icon of a config type (else its class), or undefined when the console has none for it. */
function knownConfigIcon(
  type: string | null | undefined,
  configClass?: string | null,
): IconName | undefined {
  const parts = (type ?? '').split('::').filter((part) => part !== '');
  const kind = parts[parts.length - 1]?.toLowerCase();
  if (kind && parts.length > 1 && KIND_ICONS[kind]) return KIND_ICONS[kind];
  const klass = (configClass || parts[0] || '').toLowerCase();
  return CLASS_ICONS[klass] ?? KIND_ICONS[klass];
}

/** The Blueprint icon for a config item, from its type and else its class. */
export function configIconName(
  type: string | null | undefined,
  configClass?: string | null,
): IconName {
  return knownConfigIcon(type, configClass) ?? 'cube';
}

/**
 * The icon an icon name of Mission Control draws (a view's, a section's, a cell's): a Blueprint
 * icon by that name, else the icon of the config type or class it names (`kubernetes`, `aws`,
 * `postgres`, `Kubernetes::Pod`), else `fallback`.
 */
export function namedIcon(name: string | null | undefined, fallback: IconName): IconName {
  return blueprintIcon(name) ?? knownConfigIcon(name) ?? fallback;
}

export interface ConfigIconProps {
  type?: string | null;
  configClass?: string | null;
  className?: string;
}

/** A config item's icon (decorative: the name or type beside it says what it is). */
export function ConfigIcon({ type, configClass, className }: ConfigIconProps) {
  return <Icon icon={configIconName(type, configClass)} className={className} aria-hidden />;
}

/** The text of the deleted marker's tooltip (spec 001 §4). */
export function deletedTooltip(formatted: string): string {
  return `Deleted: ${formatted}`;
}

/** The deleted marker of a config item: a trash icon with "Deleted: {time}". */
export function DeletedMarker({ deletedAt }: { deletedAt: DateInput }) {
  const formatDate = useFormatDate();
  const text = deletedTooltip(formatDate(deletedAt));
  return (
    <Tooltip content={text} compact>
      <Icon
        icon="trash"
        intent="danger"
        className="mc-config-deleted"
        aria-label={text}
        title={text}
      />
    </Tooltip>
  );
}

export interface ConfigNameProps {
  name: string | null | undefined;
  type?: string | null;
  configClass?: string | null;
  deletedAt?: DateInput;
}

/** Icon by type, name, and the deleted marker when the item is deleted. */
export function ConfigName({ name, type, configClass, deletedAt }: ConfigNameProps) {
  return (
    <span className="mc-config-name">
      <ConfigIcon type={type} configClass={configClass} />
      <span className="mc-config-name-text">{name || '(no name)'}</span>
      {deletedAt ? <DeletedMarker deletedAt={deletedAt} /> : null}
    </span>
  );
}
