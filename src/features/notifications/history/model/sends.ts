/**
 * How a send and the resource it was about read on the history pages: the status's words and
 * colour, the duration, the resource's page, the rule's name and who the send went to.
 */
import type { Intent } from '@blueprintjs/core';
import type {
  NotificationResource,
  NotificationSend,
  SendRule,
} from '../../../../api/schemas/notificationHistory';
import { paths } from '../../../../shell/paths';

/** The colour of each send status; a status not listed is neutral. */
const STATUS_INTENTS: Readonly<Record<string, Intent>> = {
  sent: 'success',
  error: 'danger',
  attempting_fallback: 'warning',
  silenced: 'none',
  inhibited: 'none',
  skipped: 'none',
  'repeat-interval': 'none',
  pending: 'primary',
  'evaluating-waitfor': 'primary',
  pending_playbook_run: 'primary',
  pending_playbook_completion: 'primary',
};

/** The colour of a send status's tag. */
export function sendStatusIntent(status: string | null | undefined): Intent {
  return STATUS_INTENTS[status ?? ''] ?? 'none';
}

/** Words the status reads as: `pending_playbook_run` → `Pending playbook run`. */
export function sendStatusLabel(status: string | null | undefined): string {
  if (!status) return 'Unknown';
  if (status === 'error') return 'Failed';
  if (status === 'evaluating-waitfor') return 'Evaluating wait for';
  const words = status.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `850ms`, `3.2s`, `2m 5s`; empty for no duration. */
export function sendDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1_000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1).replace(/\.0$/, '')}s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1_000);
  return seconds > 0 ? `${minutes}m ${seconds}s` : `${minutes}m`;
}

/** The kind of resource, from the row's `resource_type` (`config`, `component`, `check`). */
export type ResourceKind = 'config' | 'component' | 'check';

export function resourceKind(type: string | null | undefined): ResourceKind | undefined {
  return type === 'config' || type === 'component' || type === 'check' ? type : undefined;
}

/**
 * The kind of a row's resource: `resource_kind` where the backend sends it (its `resource_type`
 * is then the resource's own type), else `resource_type` (older backends put the kind there).
 */
export function rowKind(row: {
  resource_kind?: string | null;
  resource_type?: string | null;
}): ResourceKind | undefined {
  return resourceKind(row.resource_kind) ?? resourceKind(row.resource_type);
}

/** Where a resource's own page is: catalog, topology or the health check's detail. */
export function resourceHref(kind: ResourceKind | undefined, id: string): string | undefined {
  return kind ? RESOURCE_PAGES[kind].getHref(id) : undefined;
}

const RESOURCE_PAGES: Record<ResourceKind, { getHref: (id: string) => string }> = {
  config: paths.catalogItem,
  component: paths.topologyComponent,
  check: paths.check,
};

/** What a resource kind reads as. */
export const RESOURCE_KIND_LABELS: Record<ResourceKind, string> = {
  config: 'Config',
  component: 'Component',
  check: 'Check',
};

/** A resource's name, else its id. */
export function resourceName(
  resource: NotificationResource | null | undefined,
  id?: string | null,
): string {
  return resource?.name || id || resource?.id || '';
}

/** The rule's title (unless it is a template, `{{…}}`), else its name, else its id. */
export function ruleTitle(rule: SendRule | undefined, id: string | null | undefined): string {
  const title = rule?.title && !rule.title.includes('{{') ? rule.title : undefined;
  return title || rule?.name || id || '';
}

/** Who or what a send went to. */
export type SendRecipient =
  | { kind: 'person'; name: string }
  | { kind: 'team'; name: string }
  | { kind: 'playbook'; name: string; runId: string }
  | { kind: 'channel'; name: string };

/**
 * The recipient of a send: the playbook run it started, else the person (the row's, else the
 * rule's), else the rule's team, else the channel (the rule's custom services, or a
 * connection). Undefined when nothing says.
 */
export function sendRecipient(
  send: NotificationSend,
  rule: SendRule | undefined,
): SendRecipient | undefined {
  const run = send.playbook_run;
  if (run || send.playbook_run_id) {
    const runId = run?.id ?? send.playbook_run_id ?? '';
    return { kind: 'playbook', name: run?.playbook_name || runId, runId };
  }
  const person = typeof send.person === 'object' && send.person ? send.person : undefined;
  if (person?.name) return { kind: 'person', name: person.name };
  if (send.person_id) {
    const name =
      rule?.person?.id === send.person_id ? rule.person.name || rule.person.email : undefined;
    return { kind: 'person', name: name || send.person_id };
  }
  if (send.team_id || rule?.team) {
    return { kind: 'team', name: rule?.team?.name || send.team_id || '' };
  }
  const services = (rule?.custom_services ?? [])
    .map((service) => service.name || service.url?.split(':')[0] || '')
    .filter((name) => name !== '');
  if (services.length > 0) return { kind: 'channel', name: services.join(', ') };
  if (send.connection_id) return { kind: 'channel', name: 'Connection' };
  if (rule?.person) {
    return { kind: 'person', name: rule.person.name || rule.person.email || rule.person.id || '' };
  }
  return undefined;
}

/** A count as a number (the backend may send `bigint` counts as text). */
export { toCount } from '../../../../lib/counts';
