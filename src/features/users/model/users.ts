import type { Identity, PersonRoles } from '../../../api/schemas/users';

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
}

/**
 * The Users page's rows: each identity (AUTH-08) with the roles of the person of the same id
 * (AUTH-06), sorted by name.
 */
export function toUserRows(
  identities: readonly Identity[],
  peopleRoles: readonly PersonRoles[] = [],
): UserRow[] {
  const rolesById = new Map(peopleRoles.map((person) => [person.id, person.roles ?? []]));
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
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
