import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { PersonSummaryStruct } from './lookups';
import { maybe, optionalText, rowTimes } from './fields';

/** The kinds of resource a scope target selects (spec 000 §9), as the target's keys. */
export const SCOPE_RESOURCE_TYPES = [
  'config',
  'component',
  'playbook',
  'canary',
  'view',
  'global',
] as const;
export type ScopeResourceType = (typeof SCOPE_RESOURCE_TYPES)[number];

/** Where a scope is defined (spec 000 §9). */
export const SCOPE_SOURCES = ['UI', 'KubernetesCRD'] as const;
export type ScopeSource = (typeof SCOPE_SOURCES)[number];

/** What one target selects: `{ name: '*' }` for everything, else any of name, agent and tags. */
export const ScopeSelectorStruct = type({
  name: optionalText(),
  agent: optionalText(),
  /** Comma-joined `key=value` pairs. */
  tagSelector: optionalText(),
});
export type ScopeSelector = Infer<typeof ScopeSelectorStruct>;

/** One target: exactly one of the resource types is set (more or none is invalid). */
export const ScopeTargetStruct = type({
  config: maybe(ScopeSelectorStruct),
  component: maybe(ScopeSelectorStruct),
  playbook: maybe(ScopeSelectorStruct),
  canary: maybe(ScopeSelectorStruct),
  view: maybe(ScopeSelectorStruct),
  global: maybe(ScopeSelectorStruct),
});
export type ScopeTarget = Infer<typeof ScopeTargetStruct>;

/** SCOPE-01: a scope with its creator embedded. */
export const ScopeStruct = type({
  id: string(),
  name: string(),
  namespace: optionalText(),
  description: optionalText(),
  targets: maybe(array(ScopeTargetStruct)),
  source: optionalText(),
  ...rowTimes,
  created_by: maybe(PersonSummaryStruct),
});
export type Scope = Infer<typeof ScopeStruct>;
export const ScopesStruct = array(ScopeStruct);

/** A row as SCOPE-03..05 return it (`Prefer: return=representation`): the creator is an id. */
export const ScopeRowStruct = type({
  id: string(),
  name: string(),
  source: optionalText(),
  deleted_at: optionalText(),
});
export type ScopeRow = Infer<typeof ScopeRowStruct>;
export const ScopeRowsStruct = array(ScopeRowStruct);

/** SCOPE-03 / SCOPE-04 body. */
export interface ScopeInput {
  name: string;
  namespace: string | null;
  description: string | null;
  targets: ScopeTarget[];
  source: 'UI';
  /** The signed-in person's id (on create). */
  created_by?: string;
}
