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
import { useGetRuleQuery } from '../api/endpoints/notificationRules';
import type { IncidentSearchResult } from '../api/schemas/incidents';
import type { PickerOption, ResourcePickerProps } from '../ui/ResourcePicker';
import { ResourcePicker } from '../ui/ResourcePicker';
import type { SearchResult } from './pickers';
import { namespaced, searchHook } from './pickers';

/*
 * The pickers of people, teams, notification rules, scopes and incidents, each searching its
 * own endpoint as the user types and naming an id given alone.
 */

/** A search over a PostgREST search endpoint of `lookups.ts`. */
const tableSearch = <Row,>(
  useQuery: (args: PickerSearchArgs, options: { skip: boolean }) => SearchResult<Row>,
  toOption: (row: Row) => PickerOption,
) => searchHook(useQuery, (search) => ({ search }), toOption);

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
