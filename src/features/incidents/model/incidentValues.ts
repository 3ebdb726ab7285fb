import type { IconName, Intent } from '@blueprintjs/core';

/** One choice of a fixed list: the value sent to the backend and the label shown. */
export interface Choice<V extends string = string> {
  value: V;
  label: string;
}

/** Incident statuses (spec 000 §4), in the order an incident moves through them. */
export const INCIDENT_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'open', label: 'Open' },
  { value: 'investigating', label: 'Investigating' },
  { value: 'mitigated', label: 'Mitigated' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'closed', label: 'Closed' },
] as const satisfies readonly Choice[];
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number]['value'];

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

export const STATUS_INTENTS: Record<IncidentStatus, Intent> = {
  new: 'primary',
  open: 'danger',
  investigating: 'warning',
  mitigated: 'primary',
  resolved: 'success',
  closed: 'none',
};

/**
 * Severities as spec 002 §3.1 names them; the backend's values (api.md INC-01: low, medium,
 * high, blocker, critical) are what is sent, `Medium` spelt as the product spells it.
 */
export const INCIDENT_SEVERITIES = [
  { value: 'info', label: 'Info' },
  { value: 'warning', label: 'Warning' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'blocker', label: 'Blocker' },
  { value: 'critical', label: 'Critical' },
] as const satisfies readonly Choice[];
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number]['value'];

export const SEVERITY_LOOK: Record<IncidentSeverity, { icon: IconName; intent: Intent }> = {
  info: { icon: 'info-sign', intent: 'none' },
  warning: { icon: 'warning-sign', intent: 'warning' },
  low: { icon: 'chevron-down', intent: 'success' },
  medium: { icon: 'minus', intent: 'primary' },
  high: { icon: 'chevron-up', intent: 'warning' },
  blocker: { icon: 'ban-circle', intent: 'danger' },
  critical: { icon: 'error', intent: 'danger' },
};

/** Incident types (spec 002 §3.1); new ones are about availability. */
export const INCIDENT_TYPES = [
  { value: 'availability', label: 'Availability' },
  { value: 'cost', label: 'Cost' },
  { value: 'performance', label: 'Performance' },
  { value: 'security', label: 'Security' },
  { value: 'integration', label: 'Integration' },
  { value: 'compliance', label: 'Compliance' },
  { value: 'technicalDebt', label: 'Technical Debt' },
  { value: 'reliability', label: 'Reliability' },
] as const satisfies readonly Choice[];
export type IncidentType = (typeof INCIDENT_TYPES)[number]['value'];

export const TYPE_ICONS: Record<IncidentType, IconName> = {
  availability: 'pulse',
  cost: 'dollar',
  performance: 'dashboard',
  security: 'shield',
  integration: 'exchange',
  compliance: 'endorsed',
  technicalDebt: 'wrench',
  reliability: 'heart',
};

/** Hypothesis statuses from most to least likely (spec 000 §4), with the scale's colours. */
export const HYPOTHESIS_STATUSES = [
  { value: 'proven', label: 'Proven' },
  { value: 'likely', label: 'Likely' },
  { value: 'possible', label: 'Possible' },
  { value: 'unlikely', label: 'Unlikely' },
  { value: 'improbable', label: 'Improbable' },
  { value: 'disproven', label: 'Disproven' },
] as const satisfies readonly Choice[];
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number]['value'];

/** New hypotheses are possible (spec 000 §4). */
export const DEFAULT_HYPOTHESIS_STATUS: HypothesisStatus = 'possible';

export const HYPOTHESIS_TYPES = [
  { value: 'root', label: 'Root cause' },
  { value: 'factor', label: 'Factor' },
  { value: 'solution', label: 'Solution' },
] as const satisfies readonly Choice[];
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
