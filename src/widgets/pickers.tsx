import type { PickerSearchArgs } from '../api/endpoints/lookups';
import {
  useSearchNotificationsQuery,
  useSearchPeopleQuery,
  useSearchScopesQuery,
  useSearchTeamsQuery,
} from '../api/endpoints/lookups';
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

/** A found resource as a name suggestion: its name is the value, its namespace and type the detail. */
export function nameOption(resource: FoundResource): PickerOption {
  const name = resource.name ?? resource.id;
  const detail = [resource.namespace, resource.type].filter(Boolean).join(' · ');
  return { value: name, label: name, ...(detail ? { detail } : {}) };
}

/** The part of an RTK Query hook's result a picker reads. */
interface SearchResult<Row> {
  data?: Row[];
  isFetching: boolean;
  error?: unknown;
}

/**
 * A search hook for `ResourcePicker` over an RTK Query search endpoint: the typed text becomes
 * the endpoint's arguments, its rows the options; nothing is asked before typing.
 */
function searchHook<Args, Row>(
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

/** A search over a PostgREST search endpoint of `lookups.ts`. */
const tableSearch = <Row,>(
  useQuery: (args: PickerSearchArgs, options: { skip: boolean }) => SearchResult<Row>,
  toOption: (row: Row) => PickerOption,
) => searchHook(useQuery, (search) => ({ search }), toOption);

const byId = (withNamespace: boolean) => (resource: FoundResource) =>
  resourceOption(resource, withNamespace);

const SEARCHES: Record<SearchKind, ResourcePickerProps['useSearch']> = {
  configs: kindSearch('configs', byId(false)),
  checks: kindSearch('checks', byId(true)),
  canaries: kindSearch('canaries', byId(true)),
  components: kindSearch('components', byId(false)),
  connections: kindSearch('connections', byId(true)),
  playbooks: kindSearch('playbooks', byId(false)),
};

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

const searchPeople = tableSearch(useSearchPeopleQuery, (person) => ({
  value: person.id,
  label: person.email ? `${person.name} (${person.email})` : person.name,
}));

const searchTeams = tableSearch(useSearchTeamsQuery, (team) => ({
  value: team.id,
  label: team.name,
}));

const searchNotifications = tableSearch(useSearchNotificationsQuery, (rule) => ({
  value: rule.id,
  label: namespaced(rule.name ?? rule.title ?? rule.id, rule.namespace),
}));

/** A scope is picked by name: its option's value is `namespace/name` (or `name`). */
const searchScopes = tableSearch(useSearchScopesQuery, (scope) => {
  const name = namespaced(scope.name, scope.namespace);
  return { value: name, label: name };
});

export type TablePickerProps = Omit<ResourcePickerProps, 'useSearch' | 'label'> & {
  label?: string;
};

/** People (with an email) found by name or email as the user types. */
export function PersonPicker({ label = 'Person', ...props }: TablePickerProps) {
  return <ResourcePicker label={label} useSearch={searchPeople} {...props} />;
}

/** Teams found by name as the user types. */
export function TeamPicker({ label = 'Team', ...props }: TablePickerProps) {
  return <ResourcePicker label={label} useSearch={searchTeams} {...props} />;
}

/** Notification rules found by name, namespace or title as the user types. */
export function NotificationPicker({ label = 'Notification', ...props }: TablePickerProps) {
  return <ResourcePicker label={label} useSearch={searchNotifications} {...props} />;
}

/** Scopes found by name or namespace as the user types; the value is `namespace/name`. */
export function ScopePicker({ label = 'Scope', ...props }: TablePickerProps) {
  return <ResourcePicker label={label} useSearch={searchScopes} {...props} />;
}
