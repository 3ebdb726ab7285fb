import { array, string, type, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import { maybe, optionalText, namespacedName } from './fields';

/** One resource MISC-03 found. */
export const FoundResourceStruct = type({
  id: string(),
  ...namespacedName,
  type: optionalText(),
  agent: optionalText(),
  icon: optionalText(),
  tags: maybe(unknown()),
  health: optionalText(),
  status: optionalText(),
  deleted_at: optionalText(),
});
export type FoundResource = Infer<typeof FoundResourceStruct>;

const Found = maybe(array(FoundResourceStruct));

/** One config change MISC-03 found: its config's name, type and tags, with its own fields. */
export const FoundChangeStruct = type({
  ...FoundResourceStruct.schema,
  config_id: string(),
  change_type: optionalText(),
  severity: optionalText(),
  summary: optionalText(),
  created_at: optionalText(),
});
export type FoundChange = Infer<typeof FoundChangeStruct>;

/** MISC-03's answer: per kind, what was found; kinds that found nothing are left out. */
export const ResourceSearchResultStruct = type({
  configs: Found,
  checks: Found,
  canaries: Found,
  components: Found,
  connections: Found,
  playbooks: Found,
  config_changes: maybe(array(FoundChangeStruct)),
});
export type ResourceSearchResult = Infer<typeof ResourceSearchResultStruct>;
