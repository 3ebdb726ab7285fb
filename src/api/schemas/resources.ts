import { array, nullable, optional, string, type, unknown } from 'superstruct';
import type { Infer } from 'superstruct';

/** One resource MISC-03 found. */
export const FoundResourceStruct = type({
  id: string(),
  name: optional(nullable(string())),
  namespace: optional(nullable(string())),
  type: optional(nullable(string())),
  agent: optional(nullable(string())),
  icon: optional(nullable(string())),
  tags: optional(nullable(unknown())),
  health: optional(nullable(string())),
  status: optional(nullable(string())),
  deleted_at: optional(nullable(string())),
});
export type FoundResource = Infer<typeof FoundResourceStruct>;

const Found = optional(nullable(array(FoundResourceStruct)));

/** MISC-03's answer: per kind, what was found; kinds that found nothing are left out. */
export const ResourceSearchResultStruct = type({
  configs: Found,
  checks: Found,
  canaries: Found,
  components: Found,
  connections: Found,
  playbooks: Found,
});
export type ResourceSearchResult = Infer<typeof ResourceSearchResultStruct>;
