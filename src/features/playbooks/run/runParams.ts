/**
 * The run dialog's place in the address of `/playbooks` (`paths.playbookRunDialog` builds it),
 * so other areas (the command palette) can open it by a link: `/playbooks?run={id}` opens the
 * playbook's run dialog, with `config_id`, `component_id` or `check_id` the resource it runs on.
 */

export const RUN_PARAM = 'run';
const RESOURCE_PARAMS = ['config_id', 'component_id', 'check_id'] as const;
type ResourceParam = (typeof RESOURCE_PARAMS)[number];

export interface RunDialogRequest {
  playbookId: string;
  resource?: Partial<Record<ResourceParam, string>>;
}

/** The run dialog the address asks for, if any. */
export function runDialogOf(params: URLSearchParams): RunDialogRequest | undefined {
  const playbookId = params.get(RUN_PARAM)?.trim() ?? '';
  if (playbookId === '') return undefined;
  const resource: Partial<Record<ResourceParam, string>> = {};
  for (const key of RESOURCE_PARAMS) {
    const value = params.get(key)?.trim();
    if (value) resource[key] = value;
  }
  return Object.keys(resource).length > 0 ? { playbookId, resource } : { playbookId };
}

/** The parameters without the run dialog's. */
export function withoutRunDialog(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(RUN_PARAM);
  for (const key of RESOURCE_PARAMS) next.delete(key);
  return next;
}
