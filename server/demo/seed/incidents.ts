import type { SeedContext, SeedRefs, Seeder } from './context';
import { bulkInsert } from './bulk';
import {
  configNamespaces,
  componentsOfTypes,
  configsOfTypes,
  maybePick,
  peopleWithRole,
  requirePeople,
  systemPersonId,
} from './estate';
import {
  GENERIC_COMMENTS,
  STORIES,
  type EvidenceKind,
  type HypothesisStatus,
  type IncidentStory,
} from './incidentCatalog';
import { ensureIncidentRules } from './prerequisites';
import type { Rng } from './random';
import {
  DAY,
  MINUTE,
  after,
  before,
  fill,
  pickSome,
  recentAge,
  scaledCount,
  weighted,
} from './sampling';

type IncidentStatus =
  'new' | 'open' | 'investigating' | 'mitigated' | 'resolved' | 'closed' | 'cancelled';

interface Subject {
  configId: string | null;
  componentId: string | null;
  checkId: string | null;
  name: string;
}

interface Timeline {
  status: IncidentStatus;
  acknowledged: Date | null;
  resolved: Date | null;
  closed: Date | null;
  transitions: Array<{ status: IncidentStatus; at: Date }>;
  last: Date;
}

const INCIDENT_TYPES = {
  id: 'uuid',
  title: 'text',
  description: 'text',
  severity: 'text',
  type: 'text',
  status: 'text',
  incident_rule_id: 'uuid',
  created_by: 'uuid',
  commander_id: 'uuid',
  communicator_id: 'uuid',
  acknowledged: 'timestamptz',
  resolved: 'timestamptz',
  closed: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

const RESPONDER_TYPES = {
  id: 'uuid',
  incident_id: 'uuid',
  type: 'text',
  index: 'int2',
  person_id: 'uuid',
  team_id: 'uuid',
  external_id: 'text',
  properties: 'jsonb',
  acknowledged: 'timestamptz',
  created_by: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

const HYPOTHESIS_TYPES = {
  id: 'uuid',
  created_by: 'uuid',
  incident_id: 'uuid',
  parent_id: 'uuid',
  owner: 'uuid',
  team_id: 'uuid',
  type: 'text',
  title: 'text',
  status: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

const EVIDENCE_TYPES = {
  id: 'uuid',
  hypothesis_id: 'uuid',
  description: 'text',
  type: 'text',
  config_id: 'uuid',
  config_change_id: 'uuid',
  config_analysis_id: 'uuid',
  component_id: 'uuid',
  check_id: 'uuid',
  evidence: 'jsonb',
  properties: 'jsonb',
  definition_of_done: 'boolean',
  done: 'boolean',
  created_by: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

const COMMENT_TYPES = {
  id: 'uuid',
  created_by: 'uuid',
  comment: 'text',
  external_id: 'text',
  external_created_by: 'text',
  incident_id: 'uuid',
  responder_id: 'uuid',
  hypothesis_id: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

const HISTORY_TYPES = {
  id: 'uuid',
  incident_id: 'uuid',
  created_by: 'uuid',
  type: 'text',
  description: 'text',
  hypothesis_id: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;

/** Older incidents are mostly over; recent ones are still being worked on. */
function statusForAge(rng: Rng, ageMs: number): IncidentStatus {
  if (ageMs > 5 * DAY) {
    return weighted(rng, [
      ['closed', 55],
      ['resolved', 35],
      ['cancelled', 7],
      ['mitigated', 3],
    ] as const);
  }
  if (ageMs > DAY) {
    return weighted(rng, [
      ['resolved', 40],
      ['mitigated', 25],
      ['closed', 20],
      ['open', 10],
      ['investigating', 5],
    ] as const);
  }
  return weighted(rng, [
    ['open', 35],
    ['investigating', 30],
    ['mitigated', 20],
    ['new', 10],
    ['resolved', 5],
  ] as const);
}

function timeline(rng: Rng, now: Date, created: Date, status: IncidentStatus): Timeline {
  const latest = before(now, MINUTE);
  const clamp = (moment: Date): Date => (moment > latest ? latest : moment);
  const ack = clamp(after(created, rng.int(3, 30) * MINUTE));
  const mitigated = clamp(after(ack, rng.int(20, 360) * MINUTE));
  const resolved = clamp(after(mitigated, rng.int(30, 1200) * MINUTE));
  const closed = clamp(after(resolved, rng.int(1, 5) * DAY));
  const transitions: Timeline['transitions'] = [];
  const reach: IncidentStatus[] = {
    new: [],
    open: [],
    investigating: ['investigating'],
    mitigated: ['investigating', 'mitigated'],
    resolved: ['investigating', 'mitigated', 'resolved'],
    closed: ['investigating', 'mitigated', 'resolved', 'closed'],
    cancelled: ['cancelled'],
  }[status] as IncidentStatus[];
  const at: Record<string, Date> = {
    investigating: ack,
    mitigated,
    resolved,
    closed,
    cancelled: mitigated,
  };
  for (const step of reach) transitions.push({ status: step, at: at[step] ?? ack });
  const acknowledged = status === 'new' || (status === 'open' && rng.chance(0.5)) ? null : ack;
  return {
    status,
    acknowledged,
    resolved: ['resolved', 'closed'].includes(status) ? resolved : null,
    closed: status === 'closed' ? closed : null,
    transitions,
    last: transitions[transitions.length - 1]?.at ?? created,
  };
}

/** While an incident is still open, proven or disproven hypotheses were only suspected so far. */
function hypothesisStatus(final: HypothesisStatus, settled: boolean): HypothesisStatus {
  if (settled) return final;
  if (final === 'proven') return 'likely';
  if (final === 'disproven') return 'unlikely';
  return final;
}

function pickSubject(rng: Rng, refs: SeedRefs, story: IncidentStory): Subject | null {
  if (story.subject === 'check' && refs.checks.length > 0) {
    const check = rng.pick(refs.checks);
    return { configId: null, componentId: null, checkId: check.id, name: check.name };
  }
  if (story.subject === 'component' && refs.components.length > 0) {
    const component = rng.pick(componentsOfTypes(refs.components, story.types));
    return { configId: null, componentId: component.id, checkId: null, name: component.name };
  }
  if (refs.configs.length > 0) {
    const config = rng.pick(
      configsOfTypes(refs.configs, story.subject === 'config' ? story.types : []),
    );
    return { configId: config.id, componentId: null, checkId: null, name: config.name };
  }
  return null;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const value = key(item);
    const list = groups.get(value);
    if (list) list.push(item);
    else groups.set(value, [item]);
  }
  return groups;
}

interface EvidenceRow extends Record<string, unknown> {
  id: string;
}

interface Lookups {
  changesByConfig: Map<string, SeedRefs['configChanges']>;
  analysesByConfig: Map<string, SeedRefs['configAnalyses']>;
}

function evidenceRow(
  ctx: SeedContext,
  kind: EvidenceKind,
  story: IncidentStory,
  subject: Subject,
  lookups: Lookups,
  base: Record<string, unknown>,
): EvidenceRow | null {
  const { rng, refs } = ctx;
  const common = {
    config_id: null,
    config_change_id: null,
    config_analysis_id: null,
    component_id: null,
    check_id: null,
    properties: {},
    ...base,
    id: rng.uuid(),
    type: kind,
  };
  switch (kind) {
    case 'config': {
      const config = subject.configId
        ? { id: subject.configId, name: subject.name }
        : maybePick(rng, refs.configs);
      if (!config) return null;
      return {
        ...common,
        config_id: config.id,
        description: `Configuration of ${config.name}`,
        evidence: {
          id: config.id,
          lines: {
            '38': '        resources:',
            '39': '          limits:',
            '40': '            memory: 512Mi',
            '41': '            cpu: 500m',
          },
          selected_lines: { '40': '            memory: 512Mi' },
        },
      };
    }
    case 'config_change': {
      const own = subject.configId ? lookups.changesByConfig.get(subject.configId) : undefined;
      const change = maybePick(rng, own && own.length > 0 ? own : refs.configChanges);
      if (!change) return null;
      return {
        ...common,
        config_id: change.configId,
        config_change_id: change.id,
        description: `Change that preceded the incident on ${subject.name}`,
        evidence: { id: change.id },
      };
    }
    case 'config_analysis': {
      const own = subject.configId ? lookups.analysesByConfig.get(subject.configId) : undefined;
      const analysis = maybePick(rng, own && own.length > 0 ? own : refs.configAnalyses);
      if (!analysis) return null;
      return {
        ...common,
        config_id: analysis.configId,
        config_analysis_id: analysis.id,
        description: `Insight reported for ${subject.name}`,
        evidence: { id: analysis.id },
      };
    }
    case 'topology': {
      const component = subject.componentId
        ? { id: subject.componentId, name: subject.name }
        : maybePick(rng, refs.components);
      if (!component) return null;
      return {
        ...common,
        component_id: component.id,
        description: `${component.name} in the topology`,
        evidence: { id: component.id, name: component.name },
      };
    }
    case 'check': {
      const check = subject.checkId
        ? { id: subject.checkId, name: subject.name }
        : maybePick(rng, refs.checks);
      if (!check) return null;
      return {
        ...common,
        check_id: check.id,
        description: `Status history of the ${check.name} check`,
        evidence: { id: check.id, name: check.name, includeMessages: true },
      };
    }
    case 'log': {
      const component = subject.componentId
        ? { id: subject.componentId, name: subject.name }
        : maybePick(rng, refs.components);
      const at = base.created_at as Date;
      return {
        ...common,
        component_id: component?.id ?? null,
        description: `Log lines from ${component?.name ?? subject.name}`,
        evidence: {
          lines: story.logLines.map((message, index) => ({
            timestamp: before(at, (story.logLines.length - index) * 47_000).toISOString(),
            message,
          })),
        },
      };
    }
    default:
      return null;
  }
}

const RESPONDER_CHANNELS = ['jira', 'email', 'ms_planner', 'service_now'] as const;

function systemResponderProperties(
  channel: (typeof RESPONDER_CHANNELS)[number],
  title: string,
  description: string,
  teamName: string,
): Record<string, unknown> {
  switch (channel) {
    case 'jira':
      return {
        responderType: 'jira',
        project: 'OPS',
        issueType: 'Incident',
        priority: 'High',
        summary: title,
        description,
      };
    case 'email':
      return {
        responderType: 'email',
        to: `${teamName.toLowerCase().replace(/\s+/g, '-')}@acme.io`,
        subject: title,
        body: description,
      };
    case 'ms_planner':
      return {
        responderType: 'ms_planner',
        plan_id: 'xqQg5FS2LkCp935s-FIFm2QAFkHM',
        bucket_id: 'hsOf2dhOJkqyYYZEtdzDe2QAIUCR',
        title,
      };
    default:
      return {
        responderType: 'service_now',
        category: 'Software',
        description: title,
        product: 'Mission Control',
      };
  }
}

/**
 * Incidents with hypotheses trees, evidence pointing at seeded configs, changes, insights,
 * components and checks, responders, comments, and a status history.
 */
export const seedIncidents: Seeder = async (ctx) => {
  const { rng, refs, now, db } = ctx;
  const people = requirePeople(refs);
  const commanders = peopleWithRole(refs, ['commander', 'admin']);
  const responderPeople = peopleWithRole(refs, ['responder', 'commander', 'editor']);
  await ensureIncidentRules(ctx);
  const systemId = (await systemPersonId(db)) ?? commanders[0]?.id ?? people[0]?.id;
  if (!systemId) throw new Error('no person to own incidents');
  const { rows: rules } = await db.query<{ id: string }>(
    `SELECT id FROM incident_rules WHERE deleted_at IS NULL ORDER BY name`,
  );
  const lookups: Lookups = {
    changesByConfig: groupBy(refs.configChanges, (change) => change.configId),
    analysesByConfig: groupBy(refs.configAnalyses, (analysis) => analysis.configId),
  };

  const planned = Array.from({ length: scaledCount(40, ctx.scale) }, () => {
    const story = rng.pick(STORIES);
    const created = before(now, 20 * MINUTE + recentAge(rng, 60 * DAY, 1.4));
    return { story, created, subject: pickSubject(rng, refs, story) };
  })
    .filter(
      (plan): plan is { story: IncidentStory; created: Date; subject: Subject } =>
        plan.subject !== null,
    )
    .sort((a, b) => a.created.getTime() - b.created.getTime());
  const namespaces = await configNamespaces(
    db,
    planned.flatMap((plan) => (plan.subject.configId ? [plan.subject.configId] : [])),
  );

  const incidents: Array<Record<string, unknown>> = [];
  const responders: Array<Record<string, unknown>> = [];
  const hypotheses: Array<Record<string, unknown>> = [];
  const evidences: Array<Record<string, unknown>> = [];
  const comments: Array<Record<string, unknown>> = [];
  const histories: Array<Record<string, unknown>> = [];

  for (const { story, created, subject } of planned) {
    const id = rng.uuid();
    const values = {
      name: subject.name,
      namespace: (subject.configId && namespaces.get(subject.configId)) || 'production',
    };
    const title = fill(story.title, values);
    const description = fill(story.description, values);
    const plan = timeline(rng, now, created, statusForAge(rng, now.getTime() - created.getTime()));
    const settled = ['resolved', 'closed'].includes(plan.status);
    const commander = rng.pick(commanders);
    const communicator = rng.pick(people);
    const byRule = story.ruleCreated === true && rules.length > 0 && rng.chance(0.35);
    incidents.push({
      id,
      title,
      description,
      severity: rng.pick(story.severities),
      type: story.type,
      status: plan.status,
      incident_rule_id: byRule ? rng.pick(rules).id : null,
      created_by: byRule ? systemId : commander.id,
      commander_id: commander.id,
      communicator_id: communicator.id,
      acknowledged: plan.acknowledged,
      resolved: plan.resolved,
      closed: plan.closed,
      created_at: created,
      updated_at: plan.last,
    });
    for (const step of plan.transitions) {
      histories.push({
        id: rng.uuid(),
        incident_id: id,
        created_by: commander.id,
        type: 'incident.status_updated',
        description: step.status,
        hypothesis_id: null,
        created_at: step.at,
        updated_at: step.at,
      });
    }

    // Responders: people on the bridge and, often, a team reached through an external channel.
    const incidentResponders: Array<{
      id: string;
      personId: string | null;
      channel: string | null;
      name: string;
    }> = [];
    const joined = after(created, rng.int(2, 20) * MINUTE);
    for (const person of pickSome(
      rng,
      responderPeople.filter((p) => p.id !== commander.id),
      rng.int(1, 2),
    )) {
      const responderId = rng.uuid();
      incidentResponders.push({
        id: responderId,
        personId: person.id,
        channel: null,
        name: person.name,
      });
      responders.push({
        id: responderId,
        incident_id: id,
        type: 'person',
        index: incidentResponders.length,
        person_id: person.id,
        team_id: null,
        external_id: null,
        properties: { responderType: 'person' },
        acknowledged: plan.acknowledged ? after(joined, rng.int(1, 10) * MINUTE) : null,
        created_by: commander.id,
        created_at: joined,
        updated_at: joined,
      });
    }
    const team = refs.teams.length > 0 && rng.chance(0.6) ? rng.pick(refs.teams) : null;
    if (team) {
      const channel = rng.pick(RESPONDER_CHANNELS);
      const responderId = rng.uuid();
      const externalId =
        channel === 'jira'
          ? `OPS-${rng.int(1000, 4999)}`
          : channel === 'service_now'
            ? `INC00${rng.int(10000, 99999)}`
            : null;
      incidentResponders.push({
        id: responderId,
        personId: null,
        channel,
        name: externalId ?? team.name,
      });
      responders.push({
        id: responderId,
        incident_id: id,
        type: 'system',
        index: incidentResponders.length,
        person_id: null,
        team_id: team.id,
        external_id: externalId,
        properties: systemResponderProperties(channel, title, description, team.name),
        acknowledged: plan.acknowledged,
        created_by: commander.id,
        created_at: after(joined, MINUTE),
        updated_at: after(joined, MINUTE),
      });
    }

    // Hypotheses in story order (parents first), each with its evidence.
    const hypothesisIds: string[] = [];
    story.hypotheses.forEach((template, index) => {
      const hypothesisId = rng.uuid();
      hypothesisIds.push(hypothesisId);
      const at = after(created, (10 + index * rng.int(5, 25)) * MINUTE);
      const owner = incidentResponders.find((responder) => responder.personId !== null);
      const status = hypothesisStatus(template.status, settled);
      hypotheses.push({
        id: hypothesisId,
        created_by: index === 0 ? commander.id : rng.pick(responderPeople).id,
        incident_id: id,
        parent_id: template.parent !== undefined ? (hypothesisIds[template.parent] ?? null) : null,
        owner: template.type === 'solution' && owner ? owner.id : null,
        team_id: template.type === 'solution' && team ? team.id : null,
        type: template.type,
        title: fill(template.title, values),
        status,
        created_at: at,
        updated_at: at,
      });
      if (status !== 'possible' && plan.transitions.length > 0) {
        const decided = after(at, rng.int(10, 120) * MINUTE);
        histories.push({
          id: rng.uuid(),
          incident_id: id,
          created_by: commander.id,
          type: 'hypothesis.status_updated',
          description: status,
          hypothesis_id: hypothesisId,
          created_at: decided > now ? before(now, MINUTE) : decided,
          updated_at: decided > now ? before(now, MINUTE) : decided,
        });
      }
      for (const kind of template.evidence) {
        const row = evidenceRow(ctx, kind, story, subject, lookups, {
          hypothesis_id: hypothesisId,
          definition_of_done: template.type === 'solution',
          done: template.type === 'solution' ? settled : null,
          created_by: rng.pick(responderPeople).id,
          created_at: after(at, rng.int(1, 30) * MINUTE),
          updated_at: after(at, rng.int(1, 30) * MINUTE),
        });
        if (row) evidences.push(row);
      }
    });

    // Discussion on the root hypothesis, spread between creation and the latest transition.
    const rootId = hypothesisIds[0] ?? null;
    const lines = [
      ...story.comments.slice(0, settled ? undefined : 2),
      ...pickSome(rng, GENERIC_COMMENTS, rng.int(0, 2)),
    ];
    const span = Math.max(plan.last.getTime() - created.getTime(), 30 * MINUTE);
    lines.forEach((text, index) => {
      const at = after(created, ((index + 1) / (lines.length + 1)) * span);
      const author = rng.chance(0.5) ? commander : rng.pick(responderPeople);
      comments.push({
        id: rng.uuid(),
        created_by: author.id,
        comment: text,
        external_id: null,
        external_created_by: null,
        incident_id: id,
        responder_id: null,
        hypothesis_id: rootId,
        created_at: at > now ? before(now, MINUTE) : at,
        updated_at: at > now ? before(now, MINUTE) : at,
      });
    });
    const external = incidentResponders.find((responder) => responder.channel === 'jira');
    if (external && rng.chance(0.7)) {
      const at = after(created, rng.int(30, 180) * MINUTE);
      comments.push({
        id: rng.uuid(),
        created_by: systemId,
        comment: `Ticket ${external.name} picked up by the database on-call. Working on it.`,
        external_id: `${external.name}/comment-${rng.int(10000, 99999)}`,
        external_created_by: rng.pick(['Priya Raman', 'Tomasz Nowak', 'Jonas Berg']),
        incident_id: id,
        responder_id: external.id,
        hypothesis_id: rootId,
        created_at: at > now ? before(now, MINUTE) : at,
        updated_at: at > now ? before(now, MINUTE) : at,
      });
    }
  }

  await bulkInsert(db, 'incidents', INCIDENT_TYPES, incidents);
  await bulkInsert(db, 'responders', RESPONDER_TYPES, responders);
  await bulkInsert(db, 'hypotheses', HYPOTHESIS_TYPES, hypotheses);
  await bulkInsert(db, 'evidences', EVIDENCE_TYPES, evidences);
  await bulkInsert(db, 'comments', COMMENT_TYPES, comments);
  await bulkInsert(db, 'incident_histories', HISTORY_TYPES, histories);
  ctx.log(
    `incidents: ${incidents.length} incidents, ${hypotheses.length} hypotheses, ${evidences.length} evidences`,
  );
};
