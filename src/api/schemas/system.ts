import { array, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { maybe, optionalText, optionalBoolean } from './fields';
import { PersonOptionStruct } from './lookups';

/** MISC-01: canary-checker's `/about`. */
export const AboutStruct = type({
  Version: string(),
  Timestamp: optional(string()),
});
export type About = Infer<typeof AboutStruct>;

/** PROP-01: one effective property (feature flags are `{feature}.disable` = `true`). */
export const PropertyStruct = type({
  name: string(),
  value: string(),
  source: optionalText(),
  type: optionalText(),
  description: optionalText(),
});
export type Property = Infer<typeof PropertyStruct>;

export const PropertiesStruct = array(PropertyStruct);

/** The signed-in person as whoami describes them. */
export const WhoamiUserStruct = PersonOptionStruct;
export type WhoamiUser = Infer<typeof WhoamiUserStruct>;

/** One RBAC rule that applies to the signed-in person. */
export const WhoamiPermissionStruct = type({
  id: optionalText(),
  subject: optionalText(),
  object: optionalText(),
  action: optionalText(),
  deny: optionalBoolean(),
  condition: optionalText(),
});
export type WhoamiPermission = Infer<typeof WhoamiPermissionStruct>;

/** AUTH-01 as sent: `{ message, payload: { user, roles, permissions, hostname } }`. */
export const WhoamiResponseStruct = type({
  message: optional(string()),
  payload: type({
    user: WhoamiUserStruct,
    roles: maybe(array(string())),
    permissions: maybe(array(WhoamiPermissionStruct)),
    hostname: optional(string()),
  }),
});
export type WhoamiResponse = Infer<typeof WhoamiResponseStruct>;

/** What `getWhoami` gives the console: the payload, with absent lists as empty ones. */
export interface Whoami {
  user: WhoamiUser;
  roles: string[];
  permissions: WhoamiPermission[];
}

export function unwrapWhoami(response: WhoamiResponse): Whoami {
  const { user, roles, permissions } = response.payload;
  return { user, roles: roles ?? [], permissions: permissions ?? [] };
}
