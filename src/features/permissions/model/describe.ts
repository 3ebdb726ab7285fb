import type { NamedObject, PermissionSummary } from '../../../api/schemas/permissions';
import {
  RESOURCE_KIND_LABELS,
  SUBJECT_KIND_LABELS,
  inferResourceKind,
  inferSubjectKind,
} from './inference';

/** Kinds whose namespace is part of the name (a team's "namespace" is only its source). */
const NAMESPACED: ReadonlySet<string> = new Set(['notification', 'group']);

function nameOf(object: NamedObject | null | undefined, kind?: string): string | undefined {
  if (!object) return undefined;
  const name = object.title || object.name || object.email || object.id || undefined;
  if (!name) return undefined;
  return kind && NAMESPACED.has(kind) && object.namespace ? `${object.namespace}/${name}` : name;
}

/** Who a permission is for, as the table shows it: "Team: Checkout". */
export function describeSubject(row: PermissionSummary): string {
  const kind = inferSubjectKind(row);
  const resolved: Record<typeof kind, NamedObject | null | undefined> = {
    person: row.person,
    team: row.team,
    notification: row.notification,
    group: row.group,
    playbook: row.playbook,
  };
  const name = nameOf(resolved[kind], kind) ?? row.subject ?? '';
  return `${SUBJECT_KIND_LABELS[kind]}: ${name}`;
}

function selectorNames(
  list: ReadonlyArray<{ name?: string | null; namespace?: string | null }> | null | undefined,
) {
  return (list ?? [])
    .map((item) => (item.namespace ? `${item.namespace}/${item.name ?? '*'}` : (item.name ?? '*')))
    .join(', ');
}

/** What a permission is on, as the table shows it: "Playbook: Restart Deployment". */
export function describeResource(row: PermissionSummary): string {
  const kind = inferResourceKind(row);
  const selector = row.object_selector ?? {};
  let name: string | undefined;
  switch (kind) {
    case 'playbook':
      name = nameOf(row.playbook_object) ?? selectorNames(selector.playbooks);
      break;
    case 'catalog':
      name = nameOf(row.config_object) ?? selectorNames(selector.configs);
      break;
    case 'component':
      name = nameOf(row.component_object) ?? selectorNames(selector.components);
      break;
    case 'connection':
      name = nameOf(row.connection_object) ?? selectorNames(selector.connections);
      break;
    case 'canary':
      name = nameOf(row.canary_object);
      break;
    case 'global':
      name = row.object ?? undefined;
      break;
    case 'scope':
      name = selectorNames(selector.scopes);
      break;
    case 'view':
      name = selectorNames(selector.views);
      break;
  }
  // A resolved object may be missing (no access to it, or deleted): the id is better than nothing.
  name ||=
    row.config_id ??
    row.component_id ??
    row.connection_id ??
    row.playbook_id ??
    row.canary_id ??
    '';
  return `${RESOURCE_KIND_LABELS[kind]}: ${name}`;
}
