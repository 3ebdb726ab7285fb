import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { maybe, optionalText, changeTimes, idAndName } from './fields';

/** `traits` of an identity: `{ email, name: { first, last } }`. */
export const IdentityTraitsStruct = type({
  email: optionalText(),
  name: maybe(
    type({
      first: optionalText(),
      last: optionalText(),
    }),
  ),
});

/** One row of `GET /api/db/identities` (AUTH-08). */
export const IdentityStruct = type({
  id: string(),
  nid: optionalText(),
  state: optionalText(),
  state_changed_at: optionalText(),
  ...changeTimes,
  traits: maybe(IdentityTraitsStruct),
});
export type Identity = Infer<typeof IdentityStruct>;

export const IdentitiesStruct = array(IdentityStruct);

/** One row of `GET /api/db/people_roles` (AUTH-06). */
export const PersonRolesStruct = type({
  ...idAndName,
  email: optionalText(),
  roles: maybe(array(string())),
});
export type PersonRoles = Infer<typeof PersonRolesStruct>;

export const PeopleRolesStruct = array(PersonRolesStruct);

/**
 * One row of `GET /api/db/people?select=id,last_login,team_members(team:teams(name))`: when the
 * person last signed in, and the teams they are a member of.
 */
export const PersonActivityStruct = type({
  id: string(),
  last_login: optionalText(),
  team_members: maybe(array(type({ team: maybe(type({ name: optionalText() })) }))),
});
export type PersonActivity = Infer<typeof PersonActivityStruct>;

export const PeopleActivityStruct = array(PersonActivityStruct);

/** AUTH-14 body. */
export interface InviteUserBody {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

/** AUTH-14 answer: the registration link for the invited person. */
export const InviteUserResponseStruct = type({ link: string() });
export type InviteUserResponse = Infer<typeof InviteUserResponseStruct>;

/** AUTH-15 body: the user form's values. `role` replaces every role; `active` sets the state. */
export interface UpdateUserBody {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  active: boolean;
}
