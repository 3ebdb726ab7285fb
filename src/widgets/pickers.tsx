import type { SearchKind } from '../api/endpoints/resources';
import { SEARCH_KINDS, useSearchResourcesQuery } from '../api/endpoints/resources';
import { toErrorMessage } from '../api/errors';
import type { FoundResource } from '../api/schemas/resources';
import type { PickerOption, PickerSearch, ResourcePickerProps } from '../ui/ResourcePicker';
import { ResourcePicker } from '../ui/ResourcePicker';

/*
 * The pickers of resources by kind (MISC-03) and of connections. Those of people, teams,
 * notification rules, scopes and incidents, over their own endpoints, are in
 * `peoplePickers.tsx`, so a page with a resource filter does not load those endpoints.
 */

/** How a found resource reads in a picker: its name (with namespace where it has one) and type. */
export function resourceOption(resource: FoundResource, withNamespace: boolean): PickerOption {
  const name = resource.name ?? resource.id;
  return {
    value: resource.id,
    label: withNamespace && resource.namespace ? `${resource.namespace}/${name}` : name,
    ...(resource.type ? { detail: resource.type } : {}),
  };
}

/** A found resource as a name suggestion: its name is the value, its namespace and type the detail. */
export function nameOption(resource: FoundResource): PickerOption {
  const name = resource.name ?? resource.id;
  const detail = [resource.namespace, resource.type].filter(Boolean).join(' · ');
  return { value: name, label: name, ...(detail ? { detail } : {}) };
}

/** The part of an RTK Query hook's result a picker reads. */
export interface SearchResult<Row> {
  data?: Row[];
  isFetching: boolean;
  error?: unknown;
}

/**
 * A search hook for `ResourcePicker` over an RTK Query search endpoint: the typed text becomes
 * the endpoint's arguments, its rows the options; nothing is asked before typing.
 */
export function searchHook<Args, Row>(
  useQuery: (args: Args, options: { skip: boolean }) => SearchResult<Row>,
  argsOf: (text: string) => Args,
  toOption: (row: Row) => PickerOption,
) {
  return function useSearch(text: string): PickerSearch {
    const { data, isFetching, error } = useQuery(argsOf(text), { skip: text === '' });
    return {
      options: (data ?? []).map(toOption),
      loading: isFetching,
      ...(error ? { error: toErrorMessage(error) } : {}),
    };
  };
}

/** A search over one kind of MISC-03. */
const kindSearch = (kind: SearchKind, toOption: (resource: FoundResource) => PickerOption) =>
  searchHook(useSearchResourcesQuery, (search) => ({ kind, search }), toOption);

/** Kinds whose names are shown with their namespace in front. */
const NAMESPACED: ReadonlySet<SearchKind> = new Set(['checks', 'canaries', 'connections']);

const byId = (kind: SearchKind) => (resource: FoundResource) =>
  resourceOption(resource, NAMESPACED.has(kind));

const SEARCHES = Object.fromEntries(
  SEARCH_KINDS.map((kind) => [kind, kindSearch(kind, byId(kind))]),
) as Record<SearchKind, ResourcePickerProps['useSearch']>;

/**
 * The name of one resource of a kind, as its picker shows it, read by its id through MISC-03
 * (a selector on `id`); undefined while it is read, without an id, or when it is not found.
 */
export function useResourceLabel(kind: SearchKind, id: string | undefined): string | undefined {
  const { currentData } = useSearchResourcesQuery(
    { kind, search: '', selector: { id: id ?? '' } },
    { skip: !id },
  );
  const found = currentData?.find((resource) => resource.id === id);
  return found ? byId(kind)(found).label : undefined;
}

const LABEL_LOOKUPS = Object.fromEntries(
  SEARCH_KINDS.map((kind) => [kind, (id: string | undefined) => useResourceLabel(kind, id)]),
) as Record<SearchKind, NonNullable<ResourcePickerProps['useLabel']>>;

const NAME_SEARCHES = Object.fromEntries(
  Object.keys(SEARCHES).map((kind) => [kind, kindSearch(kind as SearchKind, nameOption)]),
) as Record<SearchKind, ResourcePickerProps['useSearch']>;

const LABELS: Record<SearchKind, string> = {
  configs: 'Config',
  checks: 'Check',
  canaries: 'Canary',
  components: 'Component',
  connections: 'Connection',
  playbooks: 'Playbook',
};

export type KindPickerProps = Omit<ResourcePickerProps, 'useSearch' | 'useLabel' | 'label'> & {
  /** The kind of resource to search (MISC-03). */
  kind: SearchKind;
  /** Default the kind's name: Config, Check, Canary, Component, Connection, Playbook. */
  label?: string;
};

/**
 * A picker of one kind of resource (configs, checks, canaries, components, connections or
 * playbooks) that searches on the server as the user types (api.md MISC-03); a value given
 * without its name (an id from the address) is named by a search on its id.
 */
export function KindPicker({ kind, label, ...props }: KindPickerProps) {
  return (
    <ResourcePicker
      label={label ?? LABELS[kind]}
      useSearch={SEARCHES[kind]}
      useLabel={LABEL_LOOKUPS[kind]}
      {...props}
    />
  );
}

export type NamePickerProps = Omit<ResourcePickerProps, 'useSearch' | 'freeText'> & {
  /** The kind of resource whose names are suggested (MISC-03). */
  kind: SearchKind;
};

/**
 * A name typed freely (a name or a pattern such as `web-*`), with the names of resources of one
 * kind that hold the text suggested as the user types (api.md MISC-03).
 */
export function NamePicker({ kind, ...props }: NamePickerProps) {
  return <ResourcePicker useSearch={NAME_SEARCHES[kind]} freeText {...props} />;
}

/** How a form refers to a saved connection: `connection://{namespace}/{name}`. */
export const CONNECTION_PREFIX = 'connection://';

/** A saved connection offered as the reference a spec holds. */
const searchConnectionRefs = kindSearch('connections', (resource) => {
  const name = namespaced(resource.name ?? resource.id, resource.namespace);
  return {
    value: `${CONNECTION_PREFIX}${name}`,
    label: name,
    ...(resource.type ? { detail: resource.type } : {}),
  };
});

export type ConnectionRefPickerProps = Omit<ResourcePickerProps, 'useSearch' | 'label'> & {
  label?: string;
};

/**
 * A connection as a spec refers to it: saved connections are suggested as the user types and
 * one chosen gives `connection://{namespace}/{name}`; with `freeText`, anything typed (a
 * connection string) is kept as it is.
 */
export function ConnectionRefPicker({ label = 'Connection', ...props }: ConnectionRefPickerProps) {
  return <ResourcePicker label={label} useSearch={searchConnectionRefs} {...props} />;
}

/** A name with its namespace in front where it has one: `sre/runbooks`. */
export function namespaced(name: string, namespace?: string | null): string {
  return namespace ? `${namespace}/${name}` : name;
}
