/**
 * The run dialog's place in the address of `/playbooks` (`RUN_DIALOG_STATE`; `paths.playbookRunDialog`
 * builds it), so other areas (the command palette) can open it by a link: `/playbooks?run={id}`
 * opens the playbook's run dialog, with `config_id`, `component_id` or `check_id` the resource
 * it runs on.
 */
import type { UrlStateOf } from '../../../lib/urlState';
import type { RUN_DIALOG_STATE } from '../../../shell/paths';

const RESOURCE_KEYS = ['config_id', 'component_id', 'check_id'] as const;
type ResourceKey = (typeof RESOURCE_KEYS)[number];

export interface RunDialogRequest {
  playbookId: string;
  resource?: Partial<Record<ResourceKey, string>>;
}

/** The run dialog the address asks for, if any. */
export function runDialogOf(
  fields: UrlStateOf<typeof RUN_DIALOG_STATE.fields>,
): RunDialogRequest | undefined {
  if (!fields.run) return undefined;
  const resource: Partial<Record<ResourceKey, string>> = {};
  for (const key of RESOURCE_KEYS) {
    const value = fields[key];
    if (value) resource[key] = value;
  }
  return Object.keys(resource).length > 0
    ? { playbookId: fields.run, resource }
    : { playbookId: fields.run };
}

/** No run dialog: every field of `RUN_DIALOG_STATE` unset. */
export const NO_RUN_DIALOG = {
  run: undefined,
  config_id: undefined,
  component_id: undefined,
  check_id: undefined,
} as const;
