import type { Evidence } from '../../../../api/schemas/incidents';
import { paths } from '../../../../shell/paths';
import { choices, labelOf } from '../../model/incidentValues';

/** The evidence types of INC-15 with the words shown for them. */
export const EVIDENCE_TYPES = choices({
  check: 'Health check',
  config: 'Config',
  config_change: 'Change',
  config_analysis: 'Insight',
  topology: 'Component',
  log: 'Log',
  comment: 'Comment',
});

/** The label of an evidence's type; an unknown type shows as sent, a missing one as "Evidence". */
export function evidenceTypeLabel(type: string | null | undefined): string {
  return labelOf(EVIDENCE_TYPES, type) || 'Evidence';
}

/** How many lines of a log excerpt show before "Show more". */
export const LOG_PREVIEW_LINES = 5;

/** What an evidence shows, by type; `href` is where its link goes, when it has one. */
export type EvidenceView =
  | { kind: 'check'; name: string; status: string; href?: string }
  | { kind: 'config'; name: string; configType?: string; href?: string }
  | { kind: 'config_change'; changeType: string; summary: string; href?: string }
  | { kind: 'config_analysis'; analyzer: string; message: string; href?: string }
  | { kind: 'topology'; name: string; href?: string }
  | { kind: 'log'; lines: string[] }
  | { kind: 'comment'; text: string }
  | { kind: 'other'; text: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first of the values that is a non-empty string (numbers count, as text). */
function text(...values: unknown[]): string | undefined {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

/** A nested object of the stored JSON (`config`, `check`, …), or an empty one. */
const part = (json: Json, key: string): Json => (isObject(json[key]) ? json[key] : {});

/**
 * A check's status word from the stored JSON: `status` as a word, or a boolean status
 * (`true` healthy, `false` unhealthy), or `healthy` / `last_result.status` as booleans;
 * `unknown` when none is there.
 */
export function checkStatusOf(json: Json): string {
  const candidates = [
    json.status,
    json.health,
    json.healthy,
    part(json, 'check').status,
    part(json, 'last_result').status,
  ];
  for (const value of candidates) {
    if (typeof value === 'boolean') return value ? 'healthy' : 'unhealthy';
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return 'unknown';
}

/** One line of a log, from a string or an object (`timestamp`/`time` and `message`/`line`). */
function logLine(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isObject(value)) {
    const time = text(value.timestamp, value.time, value.ts);
    const message = text(value.message, value.line, value.msg, value.text) ?? JSON.stringify(value);
    return time ? `${time} ${message}` : message;
  }
  return String(value);
}

/**
 * The lines of a log excerpt: `lines` as a list (of strings or of entries with a time and a
 * message), as a map of line numbers to text (in line order), or as text; else `text`,
 * `message` or `logs`; else the description.
 */
export function logLinesOf(json: Json, description?: string | null): string[] {
  const lines = json.lines ?? json.logs;
  if (Array.isArray(lines)) return lines.map(logLine);
  if (isObject(lines)) {
    return Object.entries(lines)
      .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
      .map(([number, line]) => `${number}  ${logLine(line)}`);
  }
  const whole = text(lines, json.text, json.message, description);
  return whole === undefined ? [] : whole.split(/\r?\n/);
}

/** The first `max` lines and how many more there are. */
export function clipLines(
  lines: readonly string[],
  max = LOG_PREVIEW_LINES,
): { shown: string[]; hidden: number } {
  return { shown: lines.slice(0, max), hidden: Math.max(0, lines.length - max) };
}

/**
 * The id and name of the item an evidence names: its own id column, else the item's part of the
 * JSON (`check`, `component`), else the JSON itself; the name falls back to the description, then
 * to the id.
 */
function namedItem(
  json: Json,
  key: string,
  ownId: string | null | undefined,
  description: string | undefined,
): { id: string | undefined; name: string | undefined } {
  const item = part(json, key);
  const id = text(ownId, item.id, json.id);
  return { id, name: text(json.name, item.name, description, id) };
}

/**
 * What an evidence shows, from its type, its ids and the JSON stored with it (which may carry
 * the item as the console had it when it was attached: name, status, change type, …). Each
 * falls back to the description when the JSON says nothing.
 */
export function evidenceView(evidence: Evidence): EvidenceView {
  const json: Json = isObject(evidence.evidence) ? evidence.evidence : {};
  const description = evidence.description ?? undefined;
  const configId = text(evidence.config_id, part(json, 'config').id);
  const itemHref = configId ? paths.catalogItem.getHref(configId) : undefined;
  switch (evidence.type) {
    case 'check': {
      const { id: checkId, name } = namedItem(json, 'check', evidence.check_id, description);
      return {
        kind: 'check',
        name: name ?? 'Health check',
        status: checkStatusOf(json),
        href: checkId ? paths.check.getHref(checkId) : undefined,
      };
    }
    case 'config': {
      const config = part(json, 'config');
      return {
        kind: 'config',
        name: text(json.name, config.name, description, configId) ?? 'Config',
        configType: text(json.config_type, config.type, json.type),
        href: itemHref,
      };
    }
    case 'config_change': {
      const change = part(json, 'change');
      const changeId = text(evidence.config_change_id, change.id, json.id);
      return {
        kind: 'config_change',
        changeType: text(json.change_type, change.change_type) ?? 'Change',
        summary: text(json.summary, change.summary, description) ?? '',
        href: changeId && configId ? paths.catalogChange.getHref(changeId, configId) : itemHref,
      };
    }
    case 'config_analysis': {
      const analysis = part(json, 'analysis');
      const analysisId = text(evidence.config_analysis_id, json.id);
      return {
        kind: 'config_analysis',
        analyzer: text(json.analyzer, analysis.analyzer) ?? 'Insight',
        message: text(json.message, analysis.message, json.summary, description) ?? '',
        href:
          configId && analysisId
            ? paths.catalogItemInsight.getHref(configId, analysisId)
            : itemHref,
      };
    }
    case 'topology': {
      const { id, name } = namedItem(json, 'component', evidence.component_id, description);
      return {
        kind: 'topology',
        name: name ?? 'Component',
        href: id ? paths.topologyComponent.getHref(id) : undefined,
      };
    }
    case 'log':
      return { kind: 'log', lines: logLinesOf(json, description) };
    case 'comment':
      return { kind: 'comment', text: text(json.comment, json.text, description) ?? '' };
    default:
      return { kind: 'other', text: description ?? '' };
  }
}

/**
 * Whether the view already shows the description as its main text, so that it is not shown a
 * second time beneath.
 */
export function showsDescription(view: EvidenceView, description: string | null | undefined) {
  if (!description) return true;
  switch (view.kind) {
    case 'check':
    case 'config':
    case 'topology':
      return view.name === description;
    case 'config_change':
      return view.summary === description;
    case 'config_analysis':
      return view.message === description;
    case 'log':
      return view.lines.join('\n') === description;
    case 'comment':
    case 'other':
      return view.text === description;
  }
}

/** A short name of an evidence for labels ("Remove evidence payments-db"). */
export function evidenceName(view: EvidenceView): string {
  switch (view.kind) {
    case 'check':
    case 'config':
    case 'topology':
      return view.name;
    case 'config_change':
      return [view.changeType, view.summary].filter(Boolean).join(': ');
    case 'config_analysis':
      return [view.analyzer, view.message].filter(Boolean).join(': ');
    case 'log':
      return view.lines[0] ?? 'Log';
    case 'comment':
    case 'other':
      return view.text;
  }
}
