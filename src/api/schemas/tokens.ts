import { array, boolean, nullable, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** The owner of a token, as AUTH-10 embeds it. */
export const TokenPersonStruct = type({
  id: string(),
  name: optional(nullable(string())),
  email: optional(nullable(string())),
  avatar: optional(nullable(string())),
});

/** One token of AUTH-10. `expires_at` may be missing (mission-control does not select it). */
export const TokenStruct = type({
  id: string(),
  name: string(),
  person_id: optional(nullable(string())),
  created_at: optional(nullable(string())),
  expires_at: optional(nullable(string())),
  created_by: optional(nullable(string())),
  auto_renew: optional(nullable(boolean())),
  person: optional(nullable(TokenPersonStruct)),
});
export type Token = Infer<typeof TokenStruct>;

/** AUTH-10 as sent: `{ message, payload: [token] }`; a missing payload is no tokens. */
export const TokensResponseStruct = type({
  message: optional(string()),
  payload: optional(nullable(array(TokenStruct))),
});
export type TokensResponse = Infer<typeof TokensResponseStruct>;

/** AUTH-09 as sent: `{ message, payload: { token } }`. */
export const CreateTokenResponseStruct = type({
  message: optional(string()),
  payload: type({ token: string() }),
});
export type CreateTokenResponse = Infer<typeof CreateTokenResponseStruct>;

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
