import { array, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { maybe, optionalBoolean, optionalJson, optionalText } from './fields';
import { PersonSummaryStruct } from './lookups';

/** The owner of a token, as AUTH-10 embeds it. */
export const TokenPersonStruct = PersonSummaryStruct;

/** One token of AUTH-10. `expires_at` may be missing (mission-control does not select it). */
export const TokenStruct = type({
  id: string(),
  name: string(),
  person_id: optionalText(),
  created_at: optionalText(),
  expires_at: optionalText(),
  created_by: optionalText(),
  auto_renew: optionalBoolean(),
  person: maybe(TokenPersonStruct),
});
export type Token = Infer<typeof TokenStruct>;

/** AUTH-10 as sent: `{ message, payload: [token] }`; a missing payload is no tokens. */
export const TokensResponseStruct = type({
  message: optional(string()),
  payload: maybe(array(TokenStruct)),
});
export type TokensResponse = Infer<typeof TokensResponseStruct>;

/** AUTH-09 as sent: `{ message, payload: { token } }`. */
export const CreateTokenResponseStruct = type({
  message: optional(string()),
  payload: type({ token: string() }),
});
export type CreateTokenResponse = Infer<typeof CreateTokenResponseStruct>;

/** One entry of AUTH-13: a permission the token is given (or denied). */
export const TokenPermissionStruct = type({
  id: optionalText(),
  subject: optionalText(),
  object: optionalText(),
  action: optionalText(),
  deny: optionalBoolean(),
  condition: optionalJson(),
});
export type TokenPermission = Infer<typeof TokenPermissionStruct>;

/** AUTH-13 as sent: `{ message, payload: [permission] }`; a missing payload is none. */
export const TokenPermissionsResponseStruct = type({
  message: optional(string()),
  payload: maybe(array(TokenPermissionStruct)),
});
export type TokenPermissionsResponse = Infer<typeof TokenPermissionsResponseStruct>;

/** One entry of a token's scope. */
export interface TokenScopeEntry {
  /** Always empty: the backend fills it in. */
  subject: '';
  object: string;
  action: string;
}

/**
 * The body of AUTH-09. `auto_renew` is what the backend reads; `autoRenew` is what the original
 * console sent; both go out.
 */
export interface CreateTokenBody {
  name: string;
  expiry: string;
  autoRenew: boolean;
  auto_renew: boolean;
  scope: TokenScopeEntry[];
}
