import { useMemo } from 'react';
import {
  useGetIncidentQuery,
  useGetPersonQuery,
  useGetTeamQuery,
  useSearchIncidentsQuery,
} from '../api/endpoints/incidents';
import type { PickerSearchArgs } from '../api/endpoints/lookups';
import {
  useSearchNotificationsQuery,
  useSearchPeopleQuery,
  useSearchPeopleWithRolesQuery,
  useSearchScopesQuery,
  useSearchTeamsQuery,
} from '../api/endpoints/lookups';
import type { SearchKind } from '../api/endpoints/resources';
import { SEARCH_KINDS, useSearchResourcesQuery } from '../api/endpoints/resources';
import { useGetRuleQuery } from '../api/endpoints/notificationRules';
import { toErrorMessage } from '../api/errors';
import type { IncidentSearchResult } from '../api/schemas/incidents';
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

/** How a person reads in a picker: `name (email)`. */
const personLabel = (person: { name?: string | null; email?: string | null }, id: string) => {
  const name = person.name || id;
  return person.email ? `${name} (${person.email})` : name;
};

/** How a notification rule reads in a picker: its name (or title) with its namespace. */
const ruleLabel = (
  rule: { name?: string | null; title?: string | null; namespace?: string | null },
  id: string,
) => namespaced(rule.name || rule.title || id, rule.namespace);

const personOption = (person: { id: string; name?: string | null; email?: string | null }) => ({
  value: person.id,
  label: personLabel(person, person.id),
});

const searchPeople = tableSearch(useSearchPeopleQuery, personOption);

/** AUTH-07: a search among the people holding every one of `roles`. */
const searchPeopleWithRoles = (roles: readonly string[]) =>
  searchHook(useSearchPeopleWithRolesQuery, (search) => ({ search, roles }), personOption);

const searchTeams = tableSearch(useSearchTeamsQuery, (team) => ({
  value: team.id,
  label: team.name,
}));

const searchNotifications = tableSearch(useSearchNotificationsQuery, (rule) => ({
  value: rule.id,
  label: ruleLabel(rule, rule.id),
}));

/** The part of an RTK Query hook's result a name lookup reads. */
interface LookupResult<Row> {
  currentData?: Row | undefined;
}

/**
 * A `useLabel` for `ResourcePicker` over an RTK Query endpoint that reads one record by id:
 * nothing is asked without an id; the record's name once it is read.
 */
function labelHook<Row>(
  useQuery: (id: string, options: { skip: boolean }) => LookupResult<Row>,
  toLabel: (row: Row, id: string) => string,
) {
  return function useLabel(id: string | undefined): string | undefined {
    const { currentData } = useQuery(id ?? '', { skip: !id });
    return currentData && id ? toLabel(currentData, id) : undefined;
  };
}

/** AUTH-02 */
const personName = labelHook(useGetPersonQuery, personLabel);
/** AUTH-18 */
const teamName = labelHook(useGetTeamQuery, (team, id) => team.name || id);
/** NOTIF-02 */
const ruleName = labelHook(useGetRuleQuery, ruleLabel);

/** A scope is picked by name: its option's value is `namespace/name` (or `name`). */
const searchScopes = tableSearch(useSearchScopesQuery, (scope) => {
  const name = namespaced(scope.name, scope.namespace);
  return { value: name, label: name };
});

export type TablePickerProps = Omit<ResourcePickerProps, 'useSearch' | 'useLabel' | 'label'> & {
  label?: string;
};

export type PersonPickerProps = TablePickerProps & {
  /** Only people holding every one of these roles are offered (AUTH-07). Default: anyone. */
  roles?: readonly string[];
};

/** People (with an email) found by name or email as the user types; an id given alone is named (AUTH-02). */
export function PersonPicker({ label = 'Person', roles = [], ...props }: PersonPickerProps) {
  const roleKey = roles.join(',');
  // One search hook per set of roles, the same on every render while the roles stay; other
  // roles are another picker (keyed), so its hooks never change under it.
  const useSearch = useMemo(
    () => (roleKey === '' ? searchPeople : searchPeopleWithRoles(roleKey.split(','))),
    [roleKey],
  );
  return (
    <ResourcePicker
      key={roleKey}
      label={label}
      useSearch={useSearch}
      useLabel={personName}
      {...props}
    />
  );
}

/** Teams found by name as the user types; an id given alone is named (AUTH-18). */
export function TeamPicker({ label = 'Team', ...props }: TablePickerProps) {
  return <ResourcePicker label={label} useSearch={searchTeams} useLabel={teamName} {...props} />;
}

/** Notification rules found by name, namespace or title as the user types; an id given alone is named (NOTIF-02). */
export function NotificationPicker({ label = 'Notification', ...props }: TablePickerProps) {
  return (
    <ResourcePicker label={label} useSearch={searchNotifications} useLabel={ruleName} {...props} />
  );
}

/** Scopes found by name or namespace as the user types; the value is `namespace/name`. */
export function ScopePicker({ label = 'Scope', ...props }: TablePickerProps) {
  return <ResourcePicker label={label} useSearch={searchScopes} {...props} />;
}

/** An incident's status as it reads (`open` → `Open`). */
const statusWord = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** An incident found by INC-03 as an option: its title, with its number and status beside it. */
export function incidentOption(row: IncidentSearchResult): PickerOption {
  const detail = [row.incident_id, row.status ? statusWord(row.status) : undefined]
    .filter(Boolean)
    .join(' · ');
  return {
    value: row.id,
    label: row.title || row.incident_id || row.id,
    ...(detail ? { detail } : {}),
  };
}

/** INC-03: incidents whose title holds the typed text, newest first. */
const searchIncidents = searchHook(useSearchIncidentsQuery, (text) => text, incidentOption);
/** INC-02 */
const incidentTitle = labelHook(
  useGetIncidentQuery,
  (incident, id) => incident.title || incident.incident_id || id,
);

/** The "create new" choice of the incident picker. */
export function createIncidentLabel(title: string): string {
  return `Create new incident: ${title}`;
}

export type IncidentPickerProps = Omit<TablePickerProps, 'createOption' | 'freeText'> & {
  /** Called with the typed title when "Create new incident: <title>" is chosen. */
  onCreate: (title: string) => void;
};

/**
 * An incident found by title as the user types (INC-03), or a new one named by the typed text
 * ("Create new incident: <text>", below the results); an id given alone is named (INC-02).
 */
export function IncidentPicker({
  label = 'Incident',
  placeholder = 'Search incidents or type a new title…',
  onCreate,
  ...props
}: IncidentPickerProps) {
  return (
    <ResourcePicker
      label={label}
      placeholder={placeholder}
      useSearch={searchIncidents}
      useLabel={incidentTitle}
      createOption={{ text: createIncidentLabel, onCreate }}
      {...props}
    />
  );
}
