/**
 * The playbook runs pages' pure logic: the list's filters as they sit in the address, the
 * request arguments they make, what a run's status, duration and resource read as, and when a
 * page keeps polling.
 */
import type { GetPlaybookRunsArgs, RunPlaybookArgs } from '../../../../api/endpoints/playbooks';
import type { PlaybookRun } from '../../../../api/schemas/playbooks';
import { FINAL_RUN_STATUSES } from '../../../../api/schemas/playbooks';
import { resolveTimeRange } from '../../../../lib/timeRange';
import { RUNS_PLAYBOOK_STATE } from '../../../../shell/paths';
import type { UrlStateOf } from '../../../../lib/urlState';
import { defineUrlState, text, timeRange } from '../../../../lib/urlState';

/** How often a page showing a run that is not final reads it again. */
export const RUN_POLL_MS = 5_000;

const idFilter = () => text({ trim: true, filter: true });

/**
 * The runs list's filters in the address (the time range in the kit's parameters); a change
 * goes back to the first page and is a history entry.
 */
export const RUNS_FILTERS = defineUrlState(
  {
    /** The same field as the runs link's (`paths.playbookRuns`). */
    playbook: RUNS_PLAYBOOK_STATE.fields.playbook,
    status: idFilter(),
    /** The resource the runs ran on: a config item, a component or a check (one at a time). */
    configId: idFilter(),
    componentId: idFilter(),
    checkId: idFilter(),
    timeRange: timeRange({ filter: true }),
  },
  { history: 'push' },
);

/** The runs list's filters, as read from the address. */
export type RunsFilters = Partial<UrlStateOf<typeof RUNS_FILTERS.fields>>;

/**
 * PB-10's arguments from the filters and the page. The time range is resolved at `now`; one
 * that cannot be read, or that has no end, sends no range.
 */
export function runsArgs(
  filters: RunsFilters,
  page: { pageIndex: number; pageSize: number },
  now: Date,
  timezone?: string,
): GetPlaybookRunsArgs {
  const args: GetPlaybookRunsArgs = { pageIndex: page.pageIndex, pageSize: page.pageSize };
  if (filters.playbook) args.playbookId = filters.playbook;
  if (filters.status) args.status = filters.status;
  if (filters.configId) args.configId = filters.configId;
  if (filters.componentId) args.componentId = filters.componentId;
  if (filters.checkId) args.checkId = filters.checkId;
  if (filters.timeRange) {
    try {
      const { from, to } = resolveTimeRange(filters.timeRange, now, timezone);
      if (to) {
        args.from = from.toISOString();
        args.to = to.toISOString();
      }
    } catch {
      // An unreadable range in the address filters nothing.
    }
  }
  return args;
}

/** Whether a run may still change (its status is not one of the final ones). */
export function isLiveStatus(status: string | null | undefined): boolean {
  return !FINAL_RUN_STATUSES.has(status ?? '');
}

/** The polling interval of a page showing these runs: RUN_POLL_MS while one is live, else 0. */
export function pollingFor(statuses: ReadonlyArray<string | null | undefined>): number {
  return statuses.some(isLiveStatus) ? RUN_POLL_MS : 0;
}

export { statusLabel, statusTone } from '../../model/runStatus';
export type { StatusTone } from '../../model/runStatus';

/** How long a run or action took (the console's one duration format). */
export { runDuration } from '../../../../lib/durations';

/** When the run started, else when it is scheduled, else when it was created. */
export function runStart(run: Pick<PlaybookRun, 'start_time' | 'scheduled_time' | 'created_at'>) {
  return run.start_time || run.scheduled_time || run.created_at || null;
}

/** The run's playbook as a title: its title, else its name, else its id. */
export function runPlaybookTitle(run: Pick<PlaybookRun, 'playbooks' | 'playbook_id'>): string {
  return run.playbooks?.title || run.playbooks?.name || run.playbook_id || '';
}

/** The playbook's icon: the row's, else its spec's. */
export function runPlaybookIcon(run: Pick<PlaybookRun, 'playbooks'>): string | undefined {
  const fromSpec = run.playbooks?.spec?.icon;
  return run.playbooks?.icon || (typeof fromSpec === 'string' ? fromSpec : undefined);
}

export type RunResourceKind = 'config' | 'component' | 'check';

/** The resource a run ran on, as shown: its kind, id, name and icon or type. */
export interface RunResourceView {
  kind: RunResourceKind;
  id: string;
  name: string;
  /** A component's or check's icon. */
  icon?: string;
  /** A config's type and class (for its icon). */
  type?: string;
  configClass?: string;
}

/** The run's resource: its config, else component, else check; undefined for none. */
export function runResource(
  run: Pick<
    PlaybookRun,
    'config' | 'config_id' | 'component' | 'component_id' | 'check' | 'check_id'
  >,
): RunResourceView | undefined {
  const configId = run.config?.id || run.config_id;
  if (configId) {
    return {
      kind: 'config',
      id: configId,
      name: run.config?.name || configId,
      type: run.config?.type ?? undefined,
      configClass: run.config?.config_class ?? undefined,
    };
  }
  const componentId = run.component?.id || run.component_id;
  if (componentId) {
    return {
      kind: 'component',
      id: componentId,
      name: run.component?.name || componentId,
      icon: run.component?.icon ?? undefined,
    };
  }
  const checkId = run.check?.id || run.check_id;
  if (checkId) {
    return {
      kind: 'check',
      id: checkId,
      name: run.check?.name || checkId,
      icon: run.check?.icon ?? undefined,
    };
  }
  return undefined;
}

/** The filters of each resource kind, by kind. */
const RESOURCE_FILTER_KEYS = {
  config: 'configId',
  component: 'componentId',
  check: 'checkId',
} as const satisfies Record<RunResourceKind, keyof RunsFilters>;

/** The change that removes the resource filter, whatever its kind. */
export const NO_RESOURCE_FILTER: Partial<RunsFilters> = {
  configId: undefined,
  componentId: undefined,
  checkId: undefined,
};

/**
 * The list filter that narrows the runs to a resource of any kind: its id in its kind's filter,
 * the other kinds' removed (the list is narrowed to one resource at a time).
 */
export function resourceFilter(
  resource: Pick<RunResourceView, 'kind' | 'id'>,
): Partial<RunsFilters> {
  return { ...NO_RESOURCE_FILTER, [RESOURCE_FILTER_KEYS[resource.kind]]: resource.id };
}

/** The resource the filters narrow the list to (a config, else a component, else a check). */
export function filteredResource(
  filters: RunsFilters,
): Pick<RunResourceView, 'kind' | 'id'> | undefined {
  if (filters.configId) return { kind: 'config', id: filters.configId };
  if (filters.componentId) return { kind: 'component', id: filters.componentId };
  if (filters.checkId) return { kind: 'check', id: filters.checkId };
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * PB-09's arguments that run the same playbook again, on the same resource with the same
 * parameters (each value as a string, objects as JSON). Undefined without a playbook.
 */
export function rerunArgs(
  run: Pick<
    PlaybookRun,
    'playbook_id' | 'playbooks' | 'parameters' | 'config_id' | 'component_id' | 'check_id'
  >,
): RunPlaybookArgs | undefined {
  const playbookId = run.playbook_id || run.playbooks?.id;
  if (!playbookId) return undefined;
  const args: RunPlaybookArgs = { playbookId };
  if (run.config_id) args.resource = { kind: 'config', id: run.config_id };
  else if (run.component_id) args.resource = { kind: 'component', id: run.component_id };
  else if (run.check_id) args.resource = { kind: 'check', id: run.check_id };
  if (isRecord(run.parameters) && Object.keys(run.parameters).length > 0) {
    args.params = Object.fromEntries(
      Object.entries(run.parameters).map(([name, value]) => [name, parameterText(value)]),
    );
  }
  return args;
}

/** A parameter's value as text: strings as they are, anything else as JSON. */
export function parameterText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

/**
 * The type of each parameter a playbook's spec declares, by name (the run summary shows a
 * `configs` parameter as links to the configs it names).
 */
export function specParameterTypes(spec: unknown): Record<string, string> {
  const parameters = isRecord(spec) ? spec.parameters : undefined;
  if (!Array.isArray(parameters)) return {};
  const types: Record<string, string> = {};
  for (const parameter of parameters) {
    if (isRecord(parameter) && typeof parameter.name === 'string') {
      types[parameter.name] = typeof parameter.type === 'string' ? parameter.type : 'text';
    }
  }
  return types;
}
