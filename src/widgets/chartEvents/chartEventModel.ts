import type { ChartChange, ChartIncident, ChartRun } from '../../api/schemas/chartEvents';
import type { ItemCodec } from '../../lib/urlState';
import { defineUrlState, list } from '../../lib/urlState';
import { paths } from '../../shell/paths';

/** The kinds of event a chart can draw, in the order their toggles show. */
export const CHART_EVENT_KINDS = ['changes', 'runs', 'incidents'] as const;
export type ChartEventKind = (typeof CHART_EVENT_KINDS)[number];

/** A kind's toggle. */
export const CHART_EVENT_TOGGLE_LABELS: Record<ChartEventKind, string> = {
  changes: 'Changes',
  runs: 'Playbook runs',
  incidents: 'Incidents',
};

/** One event of a kind, as its tooltip names it. */
export const CHART_EVENT_NOUNS: Record<ChartEventKind, string> = {
  changes: 'Change',
  runs: 'Playbook run',
  incidents: 'Incident',
};

/** Several events of a kind, as a cluster's name and the cap note say them. */
export const CHART_EVENT_PLURALS: Record<ChartEventKind, string> = {
  changes: 'changes',
  runs: 'playbook runs',
  incidents: 'incidents',
};

/**
 * The page that lists a kind's events of a window (ISO times), and the link's words: the
 * changes page and the playbook runs list take a time range in their address; the incidents
 * list does not, so incidents have none.
 */
export const CHART_EVENT_LISTS: Partial<
  Record<ChartEventKind, { label: string; href: (from: string, to: string) => string }>
> = {
  changes: { label: 'Open in Changes', href: paths.catalogChangesInWindow.getHref },
  runs: { label: 'Open in Playbook runs', href: paths.playbookRunsInWindow.getHref },
};

/** A kind's marker colour (Blueprint's blue, violet and orange: apart from pass and fail). */
export const CHART_EVENT_COLORS: Record<ChartEventKind, string> = {
  changes: '#2d72d2',
  runs: '#7961db',
  incidents: '#c87619',
};

const isKind = (text: string): text is ChartEventKind =>
  (CHART_EVENT_KINDS as readonly string[]).includes(text);

const KIND_ITEM: ItemCodec = {
  toUrl: (item) => item,
  fromUrl: (text) => (isKind(text) ? text : undefined),
};

/**
 * The kinds drawn on the charts of a page, in the address (`events=changes,runs`): every chart
 * of the page follows it, and a shared link draws the same events. None by default, so a chart
 * asks for no events until one is chosen.
 */
export const CHART_EVENTS_STATE = defineUrlState({ events: list({ item: KIND_ITEM }) });

/** The chosen kinds, known ones only, in the toggles' order. */
export function chosenKinds(items: readonly string[]): ChartEventKind[] {
  return CHART_EVENT_KINDS.filter((kind) => items.includes(kind));
}

/** An event drawn on a chart: what, who, when (ms) and where it leads. */
export interface ChartEvent {
  kind: ChartEventKind;
  id: string;
  time: number;
  what: string;
  who: string | undefined;
  href: string;
}

const given = (text: string | null | undefined): text is string =>
  text !== undefined && text !== null && text !== '';

function changeEvent(change: ChartChange): ChartEvent {
  const type = given(change.change_type) ? change.change_type : 'Change';
  const name = change.config?.name;
  return {
    kind: 'changes',
    id: change.id,
    time: Date.parse(change.created_at),
    what: given(name) ? `${type} on ${name}` : type,
    who: [change.external_created_by, change.source].find(given),
    href: paths.catalogChange.getHref(change.id, change.config_id ?? ''),
  };
}

function runEvent(run: ChartRun): ChartEvent {
  const playbook = [run.playbooks?.title, run.playbooks?.name].find(given) ?? 'Playbook';
  return {
    kind: 'runs',
    id: run.id,
    time: Date.parse(run.created_at),
    what: given(run.status) ? `${playbook} (${run.status})` : playbook,
    who: given(run.created_by?.name) ? run.created_by.name : undefined,
    href: paths.playbookRun.getHref(run.id),
  };
}

function incidentEvent(incident: ChartIncident): ChartEvent {
  return {
    kind: 'incidents',
    id: incident.id,
    time: Date.parse(incident.created_at),
    what: given(incident.incident_id)
      ? `${incident.incident_id} ${incident.title}`
      : incident.title,
    who: given(incident.created_by?.name) ? incident.created_by.name : undefined,
    href: paths.incident.getHref(incident.id),
  };
}

/** The answers of the three reads as events, oldest first; rows without a readable time are left out. */
export function chartEvents(
  changes: readonly ChartChange[] = [],
  runs: readonly ChartRun[] = [],
  incidents: readonly ChartIncident[] = [],
): ChartEvent[] {
  return [...changes.map(changeEvent), ...runs.map(runEvent), ...incidents.map(incidentEvent)]
    .filter((event) => Number.isFinite(event.time))
    .sort((a, b) => a.time - b.time);
}
