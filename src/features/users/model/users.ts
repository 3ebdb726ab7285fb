import type { Identity, PersonActivity, PersonRoles } from '../../../api/schemas/users';

/** A registered user as the Users page lists them. */
export interface UserRow {
  id: string;
  firstName: string;
  lastName: string;
  /** "{first} {last}", else the email. */
  name: string;
  email: string;
  roles: string[];
  /** The identity's state: `active` or `inactive`. */
  state: string;
  createdAt: string | undefined;
  /** When the person last signed in; none when they never did (or it is not known yet). */
  lastLogin: string | undefined;
  /** The names of the person's teams, sorted. */
  teams: string[];
}

/** A person's teams by name, sorted, from the embedded `team_members`. */
function teamNames(activity: PersonActivity | undefined): string[] {
  const names = (activity?.team_members ?? []).flatMap((member) =>
    member.team?.name ? [member.team.name] : [],
  );
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/**
 * The Users page's rows: each identity (AUTH-08) with the roles (AUTH-06), last sign-in and teams
 * of the person of the same id, sorted by name.
 */
export function toUserRows(
  identities: readonly Identity[],
  peopleRoles: readonly PersonRoles[] = [],
  activity: readonly PersonActivity[] = [],
): UserRow[] {
  const rolesById = new Map(peopleRoles.map((person) => [person.id, person.roles ?? []]));
  const activityById = new Map(activity.map((person) => [person.id, person]));
  return identities
    .map((identity) => {
      const firstName = identity.traits?.name?.first?.trim() ?? '';
      const lastName = identity.traits?.name?.last?.trim() ?? '';
      const email = identity.traits?.email?.trim() ?? '';
      return {
        id: identity.id,
        firstName,
        lastName,
        name: `${firstName} ${lastName}`.trim() || email,
        email,
        roles: [...(rolesById.get(identity.id) ?? [])],
        state: identity.state ?? 'active',
        createdAt: identity.created_at ?? undefined,
        lastLogin: activityById.get(identity.id)?.last_login ?? undefined,
        teams: teamNames(activityById.get(identity.id)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
