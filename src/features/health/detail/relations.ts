import type { CheckDetail, RelatedComponent, RelatedConfig } from '../../../api/schemas/checks';

export interface CheckRelations {
  components: RelatedComponent[];
  configs: RelatedConfig[];
}

/** The components and configs of a check, out of their junction rows, without empty rows. */
export function checkRelations(check: CheckDetail | null | undefined): CheckRelations {
  const components = (check?.components ?? [])
    .map((row) => row.components)
    .filter((item): item is RelatedComponent => Boolean(item));
  const configs = (check?.configs ?? [])
    .map((row) => row.configs)
    .filter((item): item is RelatedConfig => Boolean(item));
  return { components, configs };
}
