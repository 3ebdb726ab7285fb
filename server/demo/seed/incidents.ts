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
  SHOWCASE_INCIDENTS,
  STORIES,
  type EvidenceKind,
  type HypothesisStatus,
  type IncidentStatus,
  type IncidentStory,
  type Severity,
} from './incidentCatalog';
import { ensureIncidentRules } from './prerequisites';
import { createRng, type Rng } from './random';
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
import { definitionColumns } from './columns';

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

const RESPONDER_TYPES = definitionColumns({
  incident_id: 'uuid',
  type: 'text',
  index: 'int2',
  person_id: 'uuid',
  team_id: 'uuid',
  external_id: 'text',
  properties: 'jsonb',
  acknowledged: 'timestamptz',
});

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

const EVIDENCE_TYPES = definitionColumns({
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
});

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
      ['closed', 62],
      ['resolved', 35],
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
  }[status] as IncidentStatus[];
  const at: Record<string, Date> = { investigating: ack, mitigated, resolved, closed };
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
    case 'comment': {
      const text = story.comments[0] ?? `Notes on ${subject.name}`;
      return {
        ...common,
        description: text,
        evidence: { comment: text },
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

/** Who may own, run and join the seeded incidents; shared by every incident built. */
interface Cast {
  people: SeedRefs['people'];
  commanders: SeedRefs['people'];
  responderPeople: SeedRefs['people'];
  systemId: string;
  rules: Array<{ id: string }>;
  lookups: Lookups;
  namespaces: Map<string, string>;
}

/** The rows of every incident table, filled incident by incident. */
interface IncidentRows {
  incidents: Array<Record<string, unknown>>;
  responders: Array<Record<string, unknown>>;
  hypotheses: Array<Record<string, unknown>>;
  evidences: Array<Record<string, unknown>>;
  comments: Array<Record<string, unknown>>;
  histories: Array<Record<string, unknown>>;
}

interface PlannedIncident {
  story: IncidentStory;
  created: Date;
  subject: Subject;
  /** Fixed status and severity (the showcase); otherwise by age and from the story. */
  status?: IncidentStatus;
  severity?: Severity;
  /** A team responder on this channel for sure; otherwise by chance. */
  teamChannel?: (typeof RESPONDER_CHANNELS)[number];
}

/** One incident with its responders, hypotheses tree, evidence, discussion and status history. */
function buildIncident(
  ctx: SeedContext,
  cast: Cast,
  planned: PlannedIncident,
  out: IncidentRows,
): void {
  const { rng, refs, now } = ctx;
  const { story, created, subject } = planned;
  const { people, commanders, responderPeople, systemId, rules, lookups, namespaces } = cast;
  const id = rng.uuid();
  const values = {
    name: subject.name,
    namespace: (subject.configId && namespaces.get(subject.configId)) || 'production',
  };
  const title = fill(story.title, values);
  const description = fill(story.description, values);
  const plan = timeline(
    rng,
    now,
    created,
    planned.status ?? statusForAge(rng, now.getTime() - created.getTime()),
  );
  const settled = ['resolved', 'closed'].includes(plan.status);
  const commander = rng.pick(commanders);
  const communicator = rng.pick(people);
  const byRule = story.ruleCreated === true && rules.length > 0 && rng.chance(0.35);
  const severity = rng.pick(story.severities);
  out.incidents.push({
    id,
    title,
    description,
    severity: planned.severity ?? severity,
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
    out.histories.push({
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
    out.responders.push({
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
  const withTeam = refs.teams.length > 0 && rng.chance(0.6);
  const team =
    refs.teams.length > 0 && (withTeam || planned.teamChannel) ? rng.pick(refs.teams) : null;
  if (team) {
    const channel = rng.pick(RESPONDER_CHANNELS);
    const chosen = planned.teamChannel ?? channel;
    const responderId = rng.uuid();
    const externalId =
      chosen === 'jira'
        ? `OPS-${rng.int(1000, 4999)}`
        : chosen === 'service_now'
          ? `INC00${rng.int(10000, 99999)}`
          : null;
    incidentResponders.push({
      id: responderId,
      personId: null,
      channel: chosen,
      name: externalId ?? team.name,
    });
    const at = after(joined, MINUTE);
    out.responders.push({
      id: responderId,
      incident_id: id,
      type: 'system',
      index: incidentResponders.length,
      person_id: null,
      team_id: team.id,
      external_id: externalId,
      properties: systemResponderProperties(chosen, title, description, team.name),
      acknowledged: plan.acknowledged,
      created_by: commander.id,
      created_at: at > now ? before(now, MINUTE) : at,
      updated_at: at > now ? before(now, MINUTE) : at,
    });
  }

  // Hypotheses in story order (parents first), each with its evidence.
  const hypothesisIds: string[] = [];
  story.hypotheses.forEach((template, index) => {
    const hypothesisId = rng.uuid();
    hypothesisIds.push(hypothesisId);
    const proposed = after(created, (10 + index * rng.int(5, 25)) * MINUTE);
    const at = proposed > now ? before(now, MINUTE) : proposed;
    const owner = incidentResponders.find((responder) => responder.personId !== null);
    const status = hypothesisStatus(template.status, settled);
    out.hypotheses.push({
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
      out.histories.push({
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
      const author = rng.pick(responderPeople).id;
      const added = after(at, rng.int(1, 30) * MINUTE);
      const changed = after(at, rng.int(1, 30) * MINUTE);
      const row = evidenceRow(ctx, kind, story, subject, lookups, {
        hypothesis_id: hypothesisId,
        definition_of_done: template.type === 'solution',
        done: template.type === 'solution' ? settled : null,
        created_by: author,
        created_at: added > now ? before(now, MINUTE) : added,
        updated_at: changed > now ? before(now, MINUTE) : changed,
      });
      if (row) out.evidences.push(row);
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
    out.comments.push({
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
    out.comments.push({
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

/** Seed of the showcase's own random source, so adding it leaves the rest of the estate as is. */
const SHOWCASE_SEED = 0x1c1de47;

/** SHOWCASE_INCIDENTS as planned incidents (those whose story has no subject are left out). */
function planShowcase(ctx: SeedContext): PlannedIncident[] {
  const rng = createRng(SHOWCASE_SEED);
  return SHOWCASE_INCIDENTS.flatMap((entry): PlannedIncident[] => {
    const story =
      typeof entry.story === 'string'
        ? STORIES.find((candidate) => candidate.title === entry.story)
        : entry.story;
    if (!story) throw new Error(`no incident story titled ${String(entry.story)}`);
    const subject = pickSubject(rng, ctx.refs, story);
    if (!subject) return [];
    return [
      {
        story,
        subject,
        created: before(ctx.now, entry.ageMinutes * MINUTE),
        status: entry.status,
        severity: entry.severity,
        ...(entry.teamChannel ? { teamChannel: entry.teamChannel } : {}),
      },
    ];
  });
}

/**
 * Incidents with hypotheses trees, evidence pointing at seeded configs, changes, insights,
 * components and checks, responders, comments, and a status history; plus the showcase
 * incidents (one in every status, with evidence of every kind) at any scale.
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
    .filter((plan): plan is PlannedIncident => plan.subject !== null)
    .sort((a, b) => a.created.getTime() - b.created.getTime());
  const showcase = planShowcase(ctx);
  const namespaces = await configNamespaces(
    db,
    [...planned, ...showcase].flatMap((plan) =>
      plan.subject.configId ? [plan.subject.configId] : [],
    ),
  );
  const cast: Cast = {
    people,
    commanders,
    responderPeople,
    systemId,
    rules,
    lookups,
    namespaces,
  };
  const out: IncidentRows = {
    incidents: [],
    responders: [],
    hypotheses: [],
    evidences: [],
    comments: [],
    histories: [],
  };
  // The showcase draws from its own source so that the estate around it stays the same; all
  // are built oldest first, so that incident numbers grow with time.
  const showcaseCtx: SeedContext = { ...ctx, rng: createRng(SHOWCASE_SEED + 1) };
  const everything = [
    ...planned.map((plan) => ({ plan, from: ctx })),
    ...showcase.map((plan) => ({ plan, from: showcaseCtx })),
  ].sort((a, b) => a.plan.created.getTime() - b.plan.created.getTime());
  for (const { plan, from } of everything) buildIncident(from, cast, plan, out);

  await bulkInsert(db, 'incidents', INCIDENT_TYPES, out.incidents);
  await bulkInsert(db, 'responders', RESPONDER_TYPES, out.responders);
  await bulkInsert(db, 'hypotheses', HYPOTHESIS_TYPES, out.hypotheses);
  await bulkInsert(db, 'evidences', EVIDENCE_TYPES, out.evidences);
  await bulkInsert(db, 'comments', COMMENT_TYPES, out.comments);
  await bulkInsert(db, 'incident_histories', HISTORY_TYPES, out.histories);
  ctx.log(
    `incidents: ${out.incidents.length} incidents, ${out.hypotheses.length} hypotheses, ${out.evidences.length} evidences`,
  );
};
