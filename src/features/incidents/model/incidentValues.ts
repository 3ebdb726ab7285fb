import type { IconName, Intent } from '@blueprintjs/core';

/** One choice of a fixed list: the value sent to the backend and the label shown. */
export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

/** A fixed list from its labels by value, in the order given. */
export function choices<V extends string>(labels: Record<V, string>): Array<Choice<V>> {
  return (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));
}

/** A fixed list said as a table of entries by value, each with its label and what else it has. */
interface Vocabulary<V extends string, E> {
  /** The values and their labels, in the table's order. */
  choices: Array<Choice<V>>;
  /** One property of every entry, by value. */
  pick: <P>(property: (entry: E) => P) => Record<V, P>;
}

/** A fixed list from its table of entries by value (a label and, say, an icon or a colour). */
function vocabulary<T extends Record<string, { label: string }>>(
  table: T,
): Vocabulary<keyof T & string, T[keyof T]> {
  type V = keyof T & string;
  const entries = Object.entries(table) as Array<[V, T[V]]>;
  const pick = <P>(property: (entry: T[V]) => P) =>
    Object.fromEntries(entries.map(([value, entry]) => [value, property(entry)])) as Record<V, P>;
  return { choices: choices(pick((entry) => entry.label)), pick };
}

/** Incident statuses (spec 000 §4), in the order an incident moves through them. */
const STATUSES = vocabulary({
  new: { label: 'New', intent: 'primary' },
  open: { label: 'Open', intent: 'danger' },
  investigating: { label: 'Investigating', intent: 'warning' },
  mitigated: { label: 'Mitigated', intent: 'primary' },
  resolved: { label: 'Resolved', intent: 'success' },
  closed: { label: 'Closed', intent: 'none' },
} as const satisfies Record<string, { label: string; intent: Intent }>);
export const INCIDENT_STATUSES = STATUSES.choices;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number]['value'];
export const STATUS_INTENTS: Record<IncidentStatus, Intent> = STATUSES.pick(
  (status) => status.intent,
);

/** New incidents are open (spec 000 §4). */
export const DEFAULT_INCIDENT_STATUS: IncidentStatus = 'open';

/**
 * Where an incident may go from each status: forward through the investigation, back to
 * investigating when a mitigation does not hold, and reopened once resolved or closed.
 */
export const STATUS_TRANSITIONS: Record<IncidentStatus, readonly IncidentStatus[]> = {
  new: ['open', 'investigating', 'closed'],
  open: ['investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['mitigated', 'resolved', 'open', 'closed'],
  mitigated: ['resolved', 'investigating', 'closed'],
  resolved: ['closed', 'open'],
  closed: ['open'],
};

/**
 * Severities as spec 002 §3.1 names them, with their icon and colour; the backend's values
 * (api.md INC-01: low, medium, high, blocker, critical) are what is sent, `Medium` spelt as the
 * product spells it.
 */
const SEVERITIES = vocabulary({
  info: { label: 'Info', icon: 'info-sign', intent: 'none' },
  warning: { label: 'Warning', icon: 'warning-sign', intent: 'warning' },
  low: { label: 'Low', icon: 'chevron-down', intent: 'success' },
  medium: { label: 'Medium', icon: 'minus', intent: 'primary' },
  high: { label: 'High', icon: 'chevron-up', intent: 'warning' },
  blocker: { label: 'Blocker', icon: 'ban-circle', intent: 'danger' },
  critical: { label: 'Critical', icon: 'error', intent: 'danger' },
} as const satisfies Record<string, { label: string; icon: IconName; intent: Intent }>);
export const INCIDENT_SEVERITIES = SEVERITIES.choices;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number]['value'];
export const SEVERITY_LOOK: Record<IncidentSeverity, { icon: IconName; intent: Intent }> =
  SEVERITIES.pick(({ icon, intent }) => ({ icon, intent }));

/** Incident types (spec 002 §3.1) and their icons; new ones are about availability. */
const TYPES = vocabulary({
  availability: { label: 'Availability', icon: 'pulse' },
  cost: { label: 'Cost', icon: 'dollar' },
  performance: { label: 'Performance', icon: 'dashboard' },
  security: { label: 'Security', icon: 'shield' },
  integration: { label: 'Integration', icon: 'exchange' },
  compliance: { label: 'Compliance', icon: 'endorsed' },
  technicalDebt: { label: 'Technical Debt', icon: 'wrench' },
  reliability: { label: 'Reliability', icon: 'heart' },
} as const satisfies Record<string, { label: string; icon: IconName }>);
export const INCIDENT_TYPES = TYPES.choices;
export type IncidentType = (typeof INCIDENT_TYPES)[number]['value'];
export const TYPE_ICONS: Record<IncidentType, IconName> = TYPES.pick((type) => type.icon);

/** Hypothesis statuses from most to least likely (spec 000 §4), with the scale's colours. */
export const HYPOTHESIS_STATUSES = choices({
  proven: 'Proven',
  likely: 'Likely',
  possible: 'Possible',
  unlikely: 'Unlikely',
  improbable: 'Improbable',
  disproven: 'Disproven',
});
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number]['value'];

/** New hypotheses are possible (spec 000 §4). */
export const DEFAULT_HYPOTHESIS_STATUS: HypothesisStatus = 'possible';

export const HYPOTHESIS_TYPES = choices({
  root: 'Root cause',
  factor: 'Factor',
  solution: 'Solution',
});
export type HypothesisType = (typeof HYPOTHESIS_TYPES)[number]['value'];

/** The chain root → factor → solution: the type of a hypothesis's children, if it may have any. */
export function childTypeOf(type: string | null | undefined): HypothesisType | undefined {
  if (type === 'root') return 'factor';
  if (type === 'factor') return 'solution';
  return undefined;
}

/** The label of a value in a list, else the value itself (values outside the lists show as sent). */
export function labelOf(choices: readonly Choice[], value: string | null | undefined): string {
  if (!value) return '';
  return choices.find((choice) => choice.value === value)?.label ?? value;
}

function isOneOf<V extends string>(choices: readonly Choice<V>[], value: unknown): value is V {
  return choices.some((choice) => choice.value === value);
}

export const isIncidentStatus = (value: unknown): value is IncidentStatus =>
  isOneOf(INCIDENT_STATUSES, value);
export const isIncidentSeverity = (value: unknown): value is IncidentSeverity =>
  isOneOf(INCIDENT_SEVERITIES, value);
export const isIncidentType = (value: unknown): value is IncidentType =>
  isOneOf(INCIDENT_TYPES, value);
export const isHypothesisStatus = (value: unknown): value is HypothesisStatus =>
  isOneOf(HYPOTHESIS_STATUSES, value);

/** The next statuses offered for an incident; an unknown status may go anywhere. */
export function nextStatuses(status: string | null | undefined): readonly IncidentStatus[] {
  if (isIncidentStatus(status)) return STATUS_TRANSITIONS[status];
  return INCIDENT_STATUSES.map((choice) => choice.value);
}
