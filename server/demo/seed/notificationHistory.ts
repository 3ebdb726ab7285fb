import { FINAL_RUN_STATUSES } from '../../../contracts/playbooks';
import { componentsOfTypes, configsOfTypes } from './estate';
import { DELIVERY_ERRORS, EVENT_STATES, type RuleTemplate } from './notificationCatalog';
import type { Rng } from './random';
import {
  DAY,
  HOUR,
  MINUTE,
  SECOND,
  after,
  before,
  pickSome,
  recentAge,
  weighted,
} from './sampling';

export interface SeededRule {
  id: string;
  name: string;
  namespace: string;
  template: RuleTemplate;
  personId: string | null;
  teamId: string | null;
  connectionId: string | null;
  playbookId: string | null;
}

export interface Resource {
  id: string;
  name: string;
  type: string;
}

export interface ResourcePools {
  configs: readonly Resource[];
  checks: readonly Resource[];
  components: readonly Resource[];
  incidents: ReadonlyArray<{ id: string; name: string; type: string }>;
}

export interface RunRef {
  id: string;
  status: string;
  createdAt: Date;
  /** The config, component or check the run acted on, if any. */
  resource: Resource | null;
}

export interface SilenceRef {
  id: string;
  kind: string;
}

export const SEND_HISTORY_TYPES = {
  id: 'uuid',
  notification_id: 'uuid',
  body: 'text',
  body_payload: 'jsonb',
  status: 'text',
  not_before: 'timestamptz',
  retries: 'int4',
  payload: 'jsonb',
  count: 'int4',
  first_observed: 'timestamptz',
  source_event: 'text',
  resource_id: 'uuid',
  resource_health: 'text',
  resource_status: 'text',
  resource_health_description: 'text',
  person_id: 'uuid',
  team_id: 'uuid',
  connection_id: 'uuid',
  silenced_by: 'uuid',
  playbook_run_id: 'uuid',
  error: 'text',
  duration_millis: 'int4',
  created_at: 'timestamptz',
  parent_id: 'uuid',
} as const;

type Row = Record<string, unknown> & { id: string; created_at: Date };

function kindOf(event: string): 'config' | 'check' | 'component' | 'incident' | 'notification' {
  return event.split('.')[0] as 'config' | 'check' | 'component' | 'incident' | 'notification';
}

function poolFor(
  rng: Rng,
  template: RuleTemplate,
  event: string,
  pools: ResourcePools,
): Resource[] {
  switch (kindOf(event)) {
    case 'config':
      return pickSome(rng, configsOfTypes(pools.configs, template.types), rng.int(2, 8));
    case 'check':
      return pickSome(rng, pools.checks, rng.int(2, 8));
    case 'component': {
      return pickSome(rng, componentsOfTypes(pools.components, template.types), rng.int(2, 6));
    }
    case 'incident':
      return pickSome(rng, pools.incidents, rng.int(3, 10));
    default:
      return [];
  }
}

const VERBS: Record<string, string> = {
  'config.unhealthy': 'is unhealthy',
  'config.warning': 'is in a warning state',
  'config.degraded': 'is degraded',
  'config.healthy': 'is healthy again',
  'check.failed': 'is failing',
  'check.passed': 'is passing again',
  'component.unhealthy': 'is unhealthy',
  'component.warning': 'is in a warning state',
  'notification.watchdog': 'is alive',
};

const PAGES: Record<string, string> = {
  config: 'catalog',
  check: 'health',
  component: 'topology',
  incident: 'incidents',
  notification: 'notifications',
};

function renderBody(
  event: string,
  resource: Resource,
  state: { status: string; description: string } | undefined,
): string {
  const kind = kindOf(event);
  const link = `https://mission-control.acme.io/${PAGES[kind] ?? 'catalog'}/${resource.id}`;
  if (kind === 'incident') {
    const what = event.replace('incident.', '').replace(/\./g, ' ');
    return `**${resource.name}**\n\n${what}\n\n[Open incident](${link})`;
  }
  const subject =
    kind === 'check' ? `Health check ${resource.name}` : `${resource.type} ${resource.name}`;
  const detail = state && state.description ? `\n\n${state.status}: ${state.description}` : '';
  return `**${subject}** ${VERBS[event] ?? event}${detail}\n\n[Open in Mission Control](${link})`;
}

/**
 * `total` send-history rows over the rules: mostly delivered, some failed, silenced, suppressed by
 * repeat intervals or inhibited by a parent, a few pending; playbook rules link to seeded runs.
 */
export function buildSendHistory(
  rng: Rng,
  now: Date,
  rules: readonly SeededRule[],
  pools: ResourcePools,
  silences: readonly SilenceRef[],
  runsByPlaybook: Map<string, RunRef[]>,
  total: number,
): { rows: Row[]; runLinks: Array<{ runId: string; sendId: string }> } {
  const weightSum = rules.reduce((sum, rule) => sum + rule.template.weight, 0);
  const rows: Row[] = [];
  const runLinks: Array<{ runId: string; sendId: string }> = [];
  for (const rule of rules) {
    const template = rule.template;
    const count = Math.max(1, Math.round((total * template.weight) / weightSum));
    const poolsByEvent = new Map(
      template.events.map((event) => [event, poolFor(rng, template, event, pools)]),
    );
    const runs = [...(rule.playbookId ? (runsByPlaybook.get(rule.playbookId) ?? []) : [])];
    const times = Array.from({ length: count }, () =>
      before(now, recentAge(rng, 30 * DAY, 1.3) + rng.int(5, 600) * SECOND),
    ).sort((a, b) => a.getTime() - b.getTime());
    let lastSent: string | null = null;
    for (const createdAt of times) {
      const id = rng.uuid();
      const watchdog = template.watchdog !== undefined && rng.chance(0.3);
      const event = watchdog ? 'notification.watchdog' : rng.pick(template.events);
      const pool = poolsByEvent.get(event) ?? [];
      const resource: Resource | undefined = watchdog
        ? { id: rule.id, name: rule.name, type: 'Notification' }
        : pool.length > 0
          ? rng.pick(pool)
          : undefined;
      if (!resource) continue;
      const state = EVENT_STATES[event] ? rng.pick(EVENT_STATES[event] ?? []) : undefined;
      const age = now.getTime() - createdAt.getTime();
      const run = runs.length > 0 ? runs.shift() : undefined;
      let status: string;
      if (run) {
        status = FINAL_RUN_STATUSES.has(run.status)
          ? 'sent'
          : ['scheduled', 'pending_approval', 'waiting'].includes(run.status)
            ? 'pending_playbook_run'
            : 'pending_playbook_completion';
      } else {
        status = weighted(rng, [
          ['sent', 68],
          ['error', template.error ? 40 : 7],
          ['silenced', silences.length > 0 ? 5 : 0],
          ['repeat-interval', template.repeatInterval ? 8 : 1],
          ['skipped', 3],
          ['inhibited', lastSent && template.inhibitions ? 6 : 0],
          ['pending', age < 30 * MINUTE ? 30 : 0],
          ['evaluating-waitfor', template.waitForMinutes && age < 30 * MINUTE ? 30 : 0],
          ['attempting_fallback', 1],
        ] as const);
      }
      const delivered = status === 'sent' || status === 'error' || status === 'attempting_fallback';
      const repeats = status === 'sent' && rng.chance(0.25) ? rng.int(2, 6) : 1;
      const when = run ? before(run.createdAt, rng.int(2, 40) * SECOND) : createdAt;
      const subject = run?.resource ?? resource;
      const body = delivered ? renderBody(event, subject, state) : null;
      const error =
        status === 'error' || status === 'attempting_fallback'
          ? (template.error ?? rng.pick(DELIVERY_ERRORS[template.target]))
          : null;
      rows.push({
        id,
        notification_id: rule.id,
        body,
        body_payload: body
          ? { title: subject.name, summary: state?.description || event, event }
          : null,
        status,
        not_before:
          status === 'pending'
            ? after(now, rng.int(1, 20) * MINUTE)
            : status === 'evaluating-waitfor'
              ? after(when, (template.waitForMinutes ?? 5) * MINUTE)
              : null,
        retries: status === 'error' ? rng.int(1, 3) : 0,
        payload:
          status === 'pending' || status === 'evaluating-waitfor'
            ? { id: subject.id, event }
            : null,
        count: repeats,
        first_observed: repeats > 1 ? before(when, (repeats - 1) * HOUR) : when,
        source_event: event,
        resource_id: subject.id,
        resource_health: state?.health ?? null,
        resource_status: state?.status ?? null,
        resource_health_description: state?.description || null,
        person_id: delivered ? rule.personId : null,
        team_id: delivered ? rule.teamId : null,
        connection_id: delivered ? rule.connectionId : null,
        silenced_by: status === 'silenced' ? rng.pick(silences).id : null,
        playbook_run_id: run?.id ?? null,
        error,
        duration_millis: delivered
          ? error
            ? rng.int(2000, 30_000)
            : rng.int(120, 2500)
          : rng.int(2, 40),
        created_at: when,
        parent_id: status === 'inhibited' ? lastSent : null,
      });
      if (run) runLinks.push({ runId: run.id, sendId: id });
      // Only rows in this rule's time order may parent later (inhibited) rows.
      if (status === 'sent' && !run) lastSent = id;
    }
  }
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1));
  return { rows, runLinks };
}
