/**
 * The kinds of resource a playbook runs on (spec 002 §2.6): a playbook whose spec has
 * `configs`, `components` or `checks` selectors runs on a catalog item, a component or a check,
 * and the run dialog asks for one before it shows the parameters.
 */
import type { PlaybookResourceKind } from '../../../api/endpoints/playbooks';
import type { PlaybookSpec } from '../../../api/schemas/playbooks';

const SELECTORS: ReadonlyArray<[key: 'configs' | 'components' | 'checks', PlaybookResourceKind]> = [
  ['configs', 'config'],
  ['components', 'component'],
  ['checks', 'check'],
];

/** The resource kinds the spec allows, in the order config, component, check. */
export function resourceKinds(spec: PlaybookSpec | null | undefined): PlaybookResourceKind[] {
  if (!spec) return [];
  return SELECTORS.filter(([key]) => (spec[key]?.length ?? 0) > 0).map(([, kind]) => kind);
}

/** Whether the playbook runs on a resource (and so needs one chosen before its parameters). */
export function needsResource(spec: PlaybookSpec | null | undefined): boolean {
  return resourceKinds(spec).length > 0;
}

/** Where a started run is shown (spec 000 §2.3). */
export function playbookRunPath(runId: string): string {
  return `/playbooks/runs/${encodeURIComponent(runId)}`;
}
