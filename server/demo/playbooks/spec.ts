/**
 * Pure reading of a stored playbook spec: the resource it targets, Go-style templates rendered
 * against a run's context, action conditions, timeouts and parameter checks.
 */
import { configsParameterIds, durationMs } from '../../../contracts/playbooks';

export type ResourceKind = 'config' | 'component' | 'check';

/** The resource a playbook runs on, as templates see it (`{{.config.name}}`). */
export interface PlaybookResource {
  kind: ResourceKind;
  id: string;
  name: string;
  type: string | null;
  tags: Record<string, unknown>;
}

/** One action of a spec: its name, optional condition and one action-type key. */
export interface ActionSpec {
  name: string;
  if?: string;
  [key: string]: unknown;
}

export interface ParameterSpec {
  name: string;
  label?: string;
  type?: string;
  default?: unknown;
  required?: boolean;
  properties?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Types of action the console knows (api.md PB-13); the first key of an action that matches. */
export const ACTION_TYPES = [
  'exec',
  'http',
  'sql',
  'logs',
  'notification',
  'pod',
  'gitops',
  'github',
  'azureDevopsPipeline',
  'ai',
  'prometheus',
] as const;

/** The default run timeout of Mission Control: 30 minutes. */
export const DEFAULT_TIMEOUT_MS = 30 * 60_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function specActions(spec: Record<string, unknown>): ActionSpec[] {
  const actions = spec.actions;
  if (!Array.isArray(actions)) return [];
  return actions.filter(
    (action): action is ActionSpec => isRecord(action) && typeof action.name === 'string',
  );
}

export function specParameters(spec: Record<string, unknown>): ParameterSpec[] {
  const parameters = spec.parameters;
  if (!Array.isArray(parameters)) return [];
  return parameters.filter(
    (parameter): parameter is ParameterSpec =>
      isRecord(parameter) && typeof parameter.name === 'string',
  );
}

/** The action's type: the first known action key it carries, else `exec`. */
export function actionType(action: ActionSpec): string {
  return ACTION_TYPES.find((type) => type in action) ?? 'exec';
}

/** The selectors key of a resource kind in the spec (`configs`, `components`, `checks`). */
function selectorKey(kind: ResourceKind): 'configs' | 'components' | 'checks' {
  return kind === 'config' ? 'configs' : kind === 'component' ? 'components' : 'checks';
}

/** The kind of resource a playbook needs, or null when it runs on nothing. */
export function targetKind(spec: Record<string, unknown>): ResourceKind | null {
  for (const kind of ['config', 'component', 'check'] as const) {
    const selectors = spec[selectorKey(kind)];
    if (Array.isArray(selectors) && selectors.length > 0) return kind;
  }
  return null;
}

/**
 * Whether one of the spec's selectors for the resource's kind matches it: `types` lists the
 * accepted types, `search: "*"` (or no criterion) accepts every resource of the kind.
 */
export function appliesTo(spec: Record<string, unknown>, resource: PlaybookResource): boolean {
  const selectors = spec[selectorKey(resource.kind)];
  if (!Array.isArray(selectors)) return false;
  return selectors.some((selector) => {
    if (!isRecord(selector)) return false;
    const types = Array.isArray(selector.types) ? selector.types.map(String) : null;
    if (types && types.length > 0 && !types.includes(resource.type ?? '')) return false;
    if (typeof selector.search === 'string' && selector.search !== '*') {
      return resource.name.toLowerCase().includes(selector.search.toLowerCase());
    }
    return true;
  });
}

/** What templates can read: `.config`/`.component`/`.check`, `.params`, `.run`. */
export type TemplateContext = Record<string, unknown>;

export function templateContext(
  resource: PlaybookResource | null,
  params: Record<string, unknown>,
  run?: { id: string; attempt?: number },
): TemplateContext {
  const context: TemplateContext = { params };
  if (resource) {
    context[resource.kind] = {
      id: resource.id,
      name: resource.name,
      type: resource.type,
      tags: resource.tags,
    };
  }
  if (run) context.run = run;
  return context;
}

function lookup(context: TemplateContext, path: string): unknown {
  let value: unknown = context;
  for (const key of path.split('.').filter(Boolean)) {
    // A list's item by its position (`{{.params.configs.0.name}}`).
    if (Array.isArray(value) && /^\d+$/.test(key)) {
      value = value[Number(key)];
      continue;
    }
    if (!isRecord(value)) return undefined;
    value = value[key];
  }
  return value;
}

const RANGE = /\{\{\s*range\s+\.([\w.]+)\s*\}\}([\s\S]*?)\{\{\s*end\s*\}\}/g;

/**
 * Renders `{{.a.b}}` placeholders; a missing value renders empty, like `missingkey=zero`.
 * `{{range .list}}…{{end}}` renders its body once per item of a list, with `.` the item
 * (`{{range .params.configs}}{{.name}} {{end}}`); it does not nest.
 */
export function renderTemplate(text: string, context: TemplateContext): string {
  const ranged = text.replace(RANGE, (_whole, path: string, body: string) => {
    const items = lookup(context, path);
    if (!Array.isArray(items)) return '';
    return items
      .map((item: unknown) => renderPlaceholders(body, isRecord(item) ? item : { '': item }))
      .join('');
  });
  return renderPlaceholders(ranged, context);
}

function renderPlaceholders(text: string, context: TemplateContext): string {
  return text.replace(/\{\{\s*\.([\w.]+)\s*\}\}/g, (_whole, path: string) => {
    const value = lookup(context, path);
    if (value === undefined || value === null) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

/** Renders every string inside a JSON-like value. */
export function renderDeep<T>(value: T, context: TemplateContext): T {
  if (typeof value === 'string') return renderTemplate(value, context) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => renderDeep(item, context)) as T;
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, renderDeep(item, context)]),
    ) as T;
  }
  return value;
}

/**
 * Whether an action's `if` lets it run: `always()`, `success()`, `failure()`, or a comparison
 * `params.<name> == "<value>"` / `!=`. Anything else is treated as true.
 */
export function conditionHolds(
  condition: string | undefined,
  params: Record<string, unknown>,
  failed: boolean,
): boolean {
  const text = (condition ?? '').trim();
  if (text === '' || text === 'success()') return !failed;
  if (text === 'always()') return true;
  if (text === 'failure()') return failed;
  if (failed) return false;
  const match = /^params\.(\w+)\s*(==|!=)\s*["']?([^"']*)["']?$/.exec(text);
  if (!match) return true;
  const [, name = '', operator, expected] = match;
  const actual = String(params[name] ?? '');
  return operator === '==' ? actual === expected : actual !== expected;
}

/** Milliseconds of a Go duration such as `30m`, `1h30m`, `45s`, `500ms`; null when invalid. */
export function parseDuration(text: unknown): number | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let rest = text.trim();
  while (rest.length > 0) {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)/.exec(rest);
    if (!match) return null;
    total += Number(match[1]) * (units[match[2] ?? ''] ?? 0);
    rest = rest.slice(match[0].length);
  }
  return total;
}

/** The run timeout of a spec in milliseconds (`spec.timeout`, 30 minutes by default). */
export function specTimeoutMs(spec: Record<string, unknown>): number {
  return parseDuration(spec.timeout) ?? DEFAULT_TIMEOUT_MS;
}

/** Whether the spec asks for an approval before running. */
export function needsApproval(spec: Record<string, unknown>): boolean {
  return isRecord(spec.approval);
}

/** The approvers named by the spec: people (email, id or name) and teams (name or id). */
export function specApprovers(spec: Record<string, unknown>): {
  type: 'any' | 'all';
  people: string[];
  teams: string[];
} {
  const approval = isRecord(spec.approval) ? spec.approval : {};
  const approvers = isRecord(approval.approvers) ? approval.approvers : {};
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  return {
    type: approval.type === 'all' ? 'all' : 'any',
    people: list(approvers.people),
    teams: list(approvers.teams),
  };
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A duration parameter's value: a duration, not negative, within `min` and `max` when given. */
function durationProblem(properties: Record<string, unknown>, value: string): string | null {
  const ms = durationMs(value);
  if (ms === null) return `invalid duration ${JSON.stringify(value)} (use e.g. 90s, 1h30m, 2d)`;
  if (ms < 0) return 'must be a positive duration';
  const bound = (key: 'min' | 'max') => {
    const text = properties[key];
    return typeof text === 'string' ? { text, ms: durationMs(text) } : null;
  };
  const min = bound('min');
  if (min?.ms != null && ms < min.ms) return `must be at least ${min.text}`;
  const max = bound('max');
  if (max?.ms != null && ms > max.ms) return `must be at most ${max.text}`;
  return null;
}

/**
 * A duration as Go's `time.Duration` prints it, as templates see a duration parameter in
 * Mission Control: `1h30m0s`, `15m0s`, `90s` → `1m30s`, `500ms`, `0s`.
 */
export function goDurationText(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  if (rest < 1000) return `${sign}${Number(rest.toFixed(6))}ms`;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = `${Number((rest / 1000).toFixed(9))}s`;
  if (hours > 0) return `${sign}${hours}h${minutes}m${seconds}`;
  if (minutes > 0) return `${sign}${minutes}m${seconds}`;
  return `${sign}${seconds}`;
}

/**
 * The run's parameters: the submitted values over the defaults, or the first problem (a required
 * parameter without a value, a value of the wrong form for its type, an unknown option).
 */
export function resolveParams(
  parameters: readonly ParameterSpec[],
  submitted: Record<string, unknown>,
): { ok: true; params: Record<string, string> } | { ok: false; error: string } {
  const params: Record<string, string> = {};
  for (const parameter of parameters) {
    const given = submitted[parameter.name];
    const raw = given ?? parameter.default;
    const value =
      raw === undefined || raw === null
        ? ''
        : typeof raw === 'object'
          ? JSON.stringify(raw)
          : String(raw);
    if (value === '') {
      if (parameter.required)
        return { ok: false, error: `parameter ${parameter.name} is required` };
      continue;
    }
    const problem = parameterProblem(parameter, value);
    if (problem) return { ok: false, error: `parameter ${parameter.name}: ${problem}` };
    params[parameter.name] = value;
  }
  return { ok: true, params };
}

function parameterProblem(parameter: ParameterSpec, value: string): string | null {
  const properties = parameter.properties ?? {};
  switch (parameter.type) {
    case 'number':
      return NUMBER.test(value) ? null : 'must be a number';
    case 'checkbox':
      return value === 'true' || value === 'false' ? null : 'must be true or false';
    case 'bytes':
      return /^\d+(\.\d+)?(Mi|Gi|Ti)?$/.test(value) ? null : 'must be a size in Mi, Gi or Ti';
    case 'millicores':
      return /^\d+m?$/.test(value) ? null : 'must be millicores such as 500m';
    case 'dns1123':
      return /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(value)
        ? null
        : 'must be a lowercase DNS-1123 name';
    case 'email':
      return /^[^@\s]+@[^@\s]+$/.test(value) ? null : 'must be an email address';
    case 'url':
      return /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value) ? null : 'must be a URL';
    case 'duration':
      return durationProblem(properties, value);
    case 'configs': {
      const ids = configsParameterIds(value);
      if (ids === undefined)
        return 'must be a resource selector in JSON, such as {"id":"<id>,<id>"}';
      const bad = ids.find((id) => !UUID.test(id));
      return bad === undefined ? null : `${bad} is not a config id`;
    }
    case 'list': {
      const options = Array.isArray(properties.options) ? properties.options : [];
      const values = options.map((option: unknown) =>
        isRecord(option) ? String(option.value) : String(option),
      );
      return values.length === 0 || values.includes(value) ? null : 'is not one of the options';
    }
    default:
      return null;
  }
}
