import type { SearchKind } from '../api/endpoints/resources';
import { useSearchResourcesQuery } from '../api/endpoints/resources';
import { toErrorMessage } from '../api/errors';
import type { FoundResource } from '../api/schemas/resources';
import type { PickerOption, PickerSearch, ResourcePickerProps } from '../ui/ResourcePicker';
import { ResourcePicker } from '../ui/ResourcePicker';

/** How a found resource reads in a picker: its name (with namespace where it has one) and type. */
export function resourceOption(resource: FoundResource, withNamespace: boolean): PickerOption {
  const name = resource.name ?? resource.id;
  return {
    value: resource.id,
    label: withNamespace && resource.namespace ? `${resource.namespace}/${name}` : name,
    ...(resource.type ? { detail: resource.type } : {}),
  };
}

/** A search hook for `ResourcePicker` over one kind of MISC-03; nothing is asked before typing. */
function kindSearch(kind: SearchKind, withNamespace: boolean) {
  return function useKindSearch(text: string): PickerSearch {
    const { data, isFetching, error } = useSearchResourcesQuery(
      { kind, search: text },
      { skip: text === '' },
    );
    return {
      options: (data ?? []).map((resource) => resourceOption(resource, withNamespace)),
      loading: isFetching,
      ...(error ? { error: toErrorMessage(error) } : {}),
    };
  };
}

const SEARCHES: Record<SearchKind, ResourcePickerProps['useSearch']> = {
  configs: kindSearch('configs', false),
  checks: kindSearch('checks', true),
  canaries: kindSearch('canaries', true),
  components: kindSearch('components', false),
  connections: kindSearch('connections', true),
  playbooks: kindSearch('playbooks', false),
};

const LABELS: Record<SearchKind, string> = {
  configs: 'Config',
  checks: 'Check',
  canaries: 'Canary',
  components: 'Component',
  connections: 'Connection',
  playbooks: 'Playbook',
};

export type KindPickerProps = Omit<ResourcePickerProps, 'useSearch' | 'label'> & {
  /** The kind of resource to search (MISC-03). */
  kind: SearchKind;
  /** Default the kind's name: Config, Check, Canary, Component, Connection, Playbook. */
  label?: string;
};

/**
 * A picker of one kind of resource (configs, checks, canaries, components, connections or
 * playbooks) that searches on the server as the user types (api.md MISC-03).
 */
export function KindPicker({ kind, label, ...props }: KindPickerProps) {
  return <ResourcePicker label={label ?? LABELS[kind]} useSearch={SEARCHES[kind]} {...props} />;
}
