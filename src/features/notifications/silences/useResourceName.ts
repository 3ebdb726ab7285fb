import type { SearchKind } from '../../../api/endpoints/resources';
import { useSearchResourcesQuery } from '../../../api/endpoints/resources';

/**
 * The name of one resource of a kind, read by its id through the resource search (MISC-03,
 * a selector on `id`); undefined while it is read, when there is no id, or when the resource
 * has no name or is not found.
 */
export function useResourceName(kind: SearchKind, id: string | undefined): string | undefined {
  const { currentData } = useSearchResourcesQuery(
    { kind, search: '', selector: { id: id ?? '' } },
    { skip: !id },
  );
  return currentData?.find((resource) => resource.id === id)?.name || undefined;
}
