/**
 * The silence form's rules, as pure functions: what a silence targets (exactly one of a
 * resource, a CEL filter or resource selectors typed as YAML), its window (a future time range
 * resolved to ISO instants in the browser), its recurrence (`recurrence.ts`), the bodies of
 * NOTIF-11 and NOTIF-12, the preview's arguments (NOTIF-14) and the prefill from the address.
 */
import type {
  CreateSilenceBody,
  ResourceSelector,
  SilencePreviewArgs,
  UpdateSilenceBody,
} from '../../../../api/endpoints/notificationSilences';
import type { Silence } from '../../../../api/schemas/notificationSilences';
import type { TimeRangeValue } from '../../../../lib/timeRange';
import { resolveTimeRange } from '../../../../lib/timeRange';
import { SILENCE_PREFILL_KEYS, SILENCE_PREFILL_STATE } from '../../../../shell/paths';
import { loadYaml } from '../../../../lib/yaml';
import type { RecurrenceValues } from './recurrence';
import { recurrenceErrors, recurrenceOf, recurrenceValues } from './recurrence';

export { isEditable, isExpired } from './silenceState';

/** The kinds of resource a silence made in the console can target. */
export const RESOURCE_KINDS = ['config', 'component', 'check'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** Shown when the silence targets nothing. */
export const NO_TARGET =
  'Choose what to silence: a resource, a CEL filter or selectors (exactly one)';
/** Shown when the silence has more than one target. */
export const MANY_TARGETS = 'Give only one of a resource, a CEL filter or selectors';
/** Selectors that parse but are not a list of mappings. */
export const SELECTORS_NOT_LIST = 'Selectors must be a list of resource selectors';
export const SELECTORS_EMPTY = 'Selectors must list at least one resource selector';

/** The window a new silence opens with: from now, for an hour. */
export const DEFAULT_WINDOW: TimeRangeValue = { type: 'relative', range: 'now+1h' };

/**
 * The add form's values. The resource is a kind plus the picked id; the recurrence (a
 * maintenance window) is offered only where the backend has one.
 */
export interface SilenceFormValues extends RecurrenceValues {
  name?: string;
  description?: string;
  /** The silence's window; `indefinitely` leaves `until` empty. */
  window?: TimeRangeValue;
  /** Also silence the resource's descendants (only with a resource). */
  recursive?: boolean;
  resourceKind: ResourceKind;
  resourceId?: string;
  /** How the picked resource reads (its name), when known. */
  resourceLabel?: string;
  filter?: string;
  /** Resource selectors typed as YAML: a list of mappings. */
  selectors?: string;
}

/** The one thing a valid silence targets. */
export type SilenceTarget =
  | { kind: 'resource'; type: ResourceKind; id: string; recursive: boolean }
  | { kind: 'filter'; filter: string }
  | { kind: 'selectors'; selectors: ResourceSelector[] };

export type SelectorsResult =
  { ok: true; selectors: ResourceSelector[] | undefined } | { ok: false; error: string };

const isMapping = (value: unknown): value is ResourceSelector =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The YAML reader, or what stands for it in tests. */
type YamlParser = Pick<NonNullable<ReturnType<typeof loadYaml.now>>, 'load'>;

/** Typed selectors before the YAML reader has loaded (`selectorsError` waits for it). */
const YAML_NOT_READ = 'The selectors have not been read yet';

/**
 * Why the typed selectors are not usable, or undefined: loads the YAML reader first when it
 * has not loaded (the field's check waits for it; a page without selectors never loads it).
 */
export function selectorsError(
  text: string | undefined,
): string | undefined | Promise<string | undefined> {
  const check = () => {
    const parsed = parseSelectors(text);
    return parsed.ok ? undefined : parsed.error;
  };
  if (!text || text.trim() === '' || loadYaml.now()) return check();
  return loadYaml().then(check);
}

/**
 * The YAML of the selectors field: nothing typed gives none; else it must parse (the parser's
 * message is kept: `Invalid YAML: …`) and be a non-empty list of mappings.
 */
export function parseSelectors(
  text: string | undefined,
  yaml: YamlParser | undefined = loadYaml.now(),
): SelectorsResult {
  if (!text || text.trim() === '') return { ok: true, selectors: undefined };
  if (!yaml) return { ok: false, error: YAML_NOT_READ };
  let parsed: unknown;
  try {
    parsed = yaml.load(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, error: `Invalid YAML: ${reason}` };
  }
  if (parsed === null || parsed === undefined) return { ok: true, selectors: undefined };
  if (!Array.isArray(parsed)) return { ok: false, error: SELECTORS_NOT_LIST };
  if (parsed.length === 0) return { ok: false, error: SELECTORS_EMPTY };
  const bad = parsed.findIndex((item) => !isMapping(item));
  if (bad >= 0) {
    return { ok: false, error: `Selector ${bad + 1} must be a mapping, e.g. "name: web-*"` };
  }
  return { ok: true, selectors: parsed as ResourceSelector[] };
}

const filled = (text: string | undefined): text is string =>
  text !== undefined && text.trim() !== '';

/** Which targets the values give: `resource`, `filter`, `selectors` (typed, even if invalid). */
export function givenTargets(values: SilenceFormValues): Array<SilenceTarget['kind']> {
  const given: Array<SilenceTarget['kind']> = [];
  if (filled(values.resourceId)) given.push('resource');
  if (filled(values.filter)) given.push('filter');
  if (filled(values.selectors)) given.push('selectors');
  return given;
}

/** Why the values do not give exactly one target, or undefined when they do. */
export function targetError(values: SilenceFormValues): string | undefined {
  const count = givenTargets(values).length;
  if (count === 0) return NO_TARGET;
  if (count > 1) return MANY_TARGETS;
  return undefined;
}

/** The one valid target of the values, or undefined (none, several, or bad selectors). */
export function silenceTarget(values: SilenceFormValues): SilenceTarget | undefined {
  if (targetError(values)) return undefined;
  const [kind] = givenTargets(values);
  if (kind === 'resource') {
    return {
      kind,
      type: values.resourceKind,
      id: (values.resourceId ?? '').trim(),
      recursive: values.recursive === true,
    };
  }
  if (kind === 'filter') return { kind, filter: (values.filter ?? '').trim() };
  const parsed = parseSelectors(values.selectors);
  return parsed.ok && parsed.selectors
    ? { kind: 'selectors', selectors: parsed.selectors }
    : undefined;
}

/** NOTIF-14's arguments for a target. */
export function previewArgs(target: SilenceTarget): SilencePreviewArgs {
  switch (target.kind) {
    case 'resource':
      return {
        id: target.id,
        type: target.type,
        ...(target.recursive ? { recursive: true } : {}),
      };
    case 'filter':
      return { filter: target.filter };
    case 'selectors':
      return { selectors: target.selectors };
  }
}

/** A window's ISO instants at `now`; `until` is null for "indefinitely". */
export function resolveWindow(
  window: TimeRangeValue,
  now: Date,
): { from: string; until: string | null } {
  const { from, to } = resolveTimeRange(window, now);
  return { from: from.toISOString(), until: to ? to.toISOString() : null };
}

/** Why a window cannot be used, or undefined. */
export function windowError(window: TimeRangeValue | undefined, now: Date): string | undefined {
  if (!window) return 'Choose how long the silence lasts';
  try {
    const { from, until } = resolveWindow(window, now);
    if (until !== null && until <= from) return 'The silence must end after it starts';
    if (until !== null && new Date(until) <= now) return 'The silence must end in the future';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return undefined;
}

/**
 * NOTIF-11's body: name, description (when given), the window's instants, and the one target
 * (`recursive` only with a resource; selectors as an array). Throws when there is no valid
 * target (the form does not submit then).
 */
export function createSilenceBody(values: SilenceFormValues, now: Date): CreateSilenceBody {
  const target = silenceTarget(values);
  if (!target) throw new Error(targetError(values) ?? NO_TARGET);
  const body: CreateSilenceBody = {
    name: (values.name ?? '').trim(),
    ...(filled(values.description) ? { description: values.description.trim() } : {}),
    ...resolveWindow(values.window ?? DEFAULT_WINDOW, now),
  };
  if (target.kind === 'resource') {
    body[`${target.type}_id`] = target.id;
    body.recursive = target.recursive;
  } else if (target.kind === 'filter') {
    body.filter = target.filter;
  } else {
    body.selectors = target.selectors;
  }
  if (values.repeats) {
    const recurrence = recurrenceOf(values);
    if (!recurrence) throw new Error(Object.values(recurrenceErrors(values))[0]);
    Object.assign(body, recurrence);
  }
  return body;
}

/**
 * The add form's first values, from the address (`config_id`, `component_id`, `check_id`,
 * `filter`); a recurrence starts off, in `zone` (the browser's).
 */
export function initialFormValues(params: URLSearchParams, zone = 'UTC'): SilenceFormValues {
  const values: SilenceFormValues = {
    ...recurrenceValues({}, zone),
    resourceKind: 'config',
    window: DEFAULT_WINDOW,
  };
  const prefill = SILENCE_PREFILL_STATE.read(params);
  for (const kind of RESOURCE_KINDS) {
    const id = prefill[SILENCE_PREFILL_KEYS[kind]];
    if (id) {
      values.resourceKind = kind;
      values.resourceId = id;
      break;
    }
  }
  if (prefill.filter && prefill.filter.trim() !== '') values.filter = prefill.filter;
  return values;
}

/** The edit dialog's values. `window` undefined keeps the silence's own from and until. */
export interface SilenceEditValues extends RecurrenceValues {
  name?: string;
  description?: string;
  filter?: string;
  recursive?: boolean;
  window?: TimeRangeValue;
}

/** The edit dialog's first values; a silence without a recurrence offers one in `zone`. */
export function editValues(silence: Silence, zone = 'UTC'): SilenceEditValues {
  return {
    ...recurrenceValues(silence, zone),
    name: silence.name ?? '',
    description: silence.description ?? '',
    filter: silence.filter ?? '',
    recursive: silence.recursive === true,
  };
}

const orNull = (text: string | null | undefined): string | null =>
  text === undefined || text === null || text.trim() === '' ? null : text;

/**
 * NOTIF-12's body: the silence's targets as they are, the edited name, description, filter
 * and recursion, its window (a new one resolved at `now`, else its own), `updated_at: now()`
 * and `namespace` "" when it has none. With `recurring` (the backend has maintenance windows)
 * also `schedule`, `timezone` and `duration`, null when the silence no longer repeats.
 */
export function updateSilenceBody(
  silence: Silence,
  values: SilenceEditValues,
  now: Date,
  recurring = false,
): UpdateSilenceBody {
  const window = values.window
    ? resolveWindow(values.window, now)
    : { from: silence.from ?? null, until: silence.until ?? null };
  return {
    id: silence.id,
    name: (values.name ?? '').trim(),
    filter: silence.filter ? orNull(values.filter?.trim()) : null,
    updated_at: 'now()',
    source: silence.source ?? null,
    canary_id: silence.canary_id ?? null,
    check_id: silence.check_id ?? null,
    component_id: silence.component_id ?? null,
    config_id: silence.config_id ?? null,
    from: window.from,
    until: window.until,
    description: orNull(values.description?.trim()),
    recursive: values.recursive === true,
    namespace: silence.namespace ?? '',
    ...(recurring ? recurrenceColumns(values) : {}),
  };
}

/** The recurrence's columns: the valid recurrence of the values, else none (nulls). */
function recurrenceColumns(
  values: RecurrenceValues,
): Pick<UpdateSilenceBody, 'schedule' | 'timezone' | 'duration'> {
  if (!values.repeats) return { schedule: null, timezone: null, duration: null };
  const recurrence = recurrenceOf(values);
  if (!recurrence) throw new Error(Object.values(recurrenceErrors(values))[0]);
  return recurrence;
}
