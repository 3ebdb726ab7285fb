/**
 * `POST /api/rbac/subject-access-search` (duty `SubjectAccessSearchRequest`): which resources a
 * subject may perform actions on. Upstream's body (`subject`, `action`, `resource_types`) and
 * answer (`resource_type` and `id` of each allowed resource), which the demo backend extends
 * with several actions, three more resource types, denied entries, pages, and per entry the
 * decision, whether it is direct and the rules behind it.
 */
import type { AccessReviewRule } from './playbookAccess';

/** The resource types searched: upstream's three, then the demo's. */
export const SEARCH_RESOURCE_TYPES = [
  'playbook',
  'view',
  'connection',
  'config',
  'component',
  'canary',
] as const;
export type SearchResourceType = (typeof SEARCH_RESOURCE_TYPES)[number];

/** Searched when a request names no resource type (as upstream). */
export const DEFAULT_SEARCH_RESOURCE_TYPES: readonly SearchResourceType[] = ['playbook', 'view'];

/** Resources per page unless `limit` says otherwise, and the most a page holds. */
export const DEFAULT_SEARCH_LIMIT = 100;
export const MAX_SEARCH_LIMIT = 1000;

export interface AccessSearchRequest {
  /** A person, team or playbook id, a role name or `everyone`. */
  subject: string;
  /** One action; `actions` adds more (at least one of the two). */
  action?: string;
  actions?: string[];
  resource_types?: SearchResourceType[];
  /** Also list the actions the subject may not perform (default: allowed ones only). */
  include_denied?: boolean;
  /** Resources per page (1..1000, default 100) and resources skipped (default 0). */
  limit?: number;
  offset?: number;
}

/** One action on one resource, decided as the access review decides it. */
export interface AccessSearchEntry {
  resource_type: SearchResourceType;
  id: string;
  name: string;
  action: string;
  /** The effective access. */
  allowed: boolean;
  /** Whether an allow rule names the subject itself (a permission on it, or its own role). */
  direct: boolean;
  /** Where the access comes from, or what denies it. */
  rules: AccessReviewRule[];
}

export interface AccessSearchResponse {
  subject: string;
  /** The first action searched. */
  action: string;
  actions: string[];
  resource_types: SearchResourceType[];
  /** Entries over every page. */
  total: number;
  /** Resources with at least one entry, over every page. */
  resource_total: number;
  limit: number;
  offset: number;
  /** The page's entries: resources in order, each resource's actions in request order. */
  results: AccessSearchEntry[];
}
