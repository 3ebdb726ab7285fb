import type { ScopeEntry, ScopeLevels, ScopePreset } from './tokenScopes';
import { MCP_ONLY_LEVELS, presetLevels, scopeEntries } from './tokenScopes';

/** How long a token lives (spec 002 §9). */
export const TOKEN_EXPIRIES = ['30d', '90d', '180d', '365d', 'never'] as const;
export type TokenExpiry = (typeof TOKEN_EXPIRIES)[number];

export const TOKEN_EXPIRY_LABELS: Record<TokenExpiry, string> = {
  '30d': '30d',
  '90d': '90d',
  '180d': '180d',
  '365d': '365d (1 year)',
  never: 'never',
};

export const DEFAULT_EXPIRY: TokenExpiry = '90d';

/** What the token form holds. */
export interface TokenDraft {
  name: string;
  expiry: TokenExpiry;
  autoRenew: boolean;
  preset: ScopePreset;
  /** Per-object levels, used by the Custom preset. */
  levels: ScopeLevels;
}

/** Why a draft cannot be sent, field by field. */
export type TokenDraftErrors = Partial<Record<keyof TokenDraft, string>>;

export const NAME_REQUIRED = 'Name is required';

/** The field errors of a draft; empty when it can be sent. A blank name fails. */
export function validateTokenDraft(draft: Partial<TokenDraft>): TokenDraftErrors {
  const errors: TokenDraftErrors = {};
  if (typeof draft.name !== 'string' || draft.name.trim() === '') errors.name = NAME_REQUIRED;
  return errors;
}

export function isValidTokenDraft(draft: Partial<TokenDraft>): boolean {
  return Object.keys(validateTokenDraft(draft)).length === 0;
}

/** The token machine's `isValid` guard: a submitted draft that passes the form's rules. */
export function submitsValidDraft({ event }: { event: { type: string } }): boolean {
  return (
    event.type === 'token.submit' &&
    'draft' in event &&
    isValidTokenDraft(event.draft as Partial<TokenDraft>)
  );
}

/** Where the dialog was opened: the tokens page, or "Setup MCP" of the user menu. */
export type TokenDialogMode = 'token' | 'mcp';

/**
 * A new draft: expiry 90d, no auto-renew; the Read preset on the tokens page, Custom with only
 * mcp for MCP setup (spec 002 §6.3).
 */
export function emptyTokenDraft(mode: TokenDialogMode): TokenDraft {
  return mode === 'mcp'
    ? {
        name: '',
        expiry: DEFAULT_EXPIRY,
        autoRenew: false,
        preset: 'Custom',
        levels: { ...MCP_ONLY_LEVELS },
      }
    : {
        name: '',
        expiry: DEFAULT_EXPIRY,
        autoRenew: false,
        preset: 'Read',
        levels: presetLevels('Read'),
      };
}

/**
 * The body of `POST /api/auth/create_token` (api.md AUTH-09). Auto-renew goes under both
 * spellings: the console's `autoRenew` and the backend's `auto_renew`.
 */
export interface CreateTokenRequest {
  name: string;
  expiry: TokenExpiry;
  autoRenew: boolean;
  auto_renew: boolean;
  scope: ScopeEntry[];
}

export function createTokenRequest(draft: TokenDraft): CreateTokenRequest {
  return {
    name: draft.name.trim(),
    expiry: draft.expiry,
    autoRenew: draft.autoRenew,
    auto_renew: draft.autoRenew,
    scope: scopeEntries(draft.preset, draft.levels),
  };
}

/** Whether the draft's scope lets the token reach the MCP endpoint. */
export function grantsMcp(draft: TokenDraft): boolean {
  return scopeEntries(draft.preset, draft.levels).some((entry) => entry.object === 'mcp');
}
