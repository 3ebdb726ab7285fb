import {
  NAME_REQUIRED,
  TOKEN_EXPIRIES,
  TOKEN_EXPIRY_LABELS,
  createTokenRequest,
  emptyTokenDraft,
  grantsMcp,
  isValidTokenDraft,
  validateTokenDraft,
} from '../../../src/features/tokens/model/tokenDraft';
import { MCP_ONLY_LEVELS, uniformLevels } from '../../../src/features/tokens/model/tokenScopes';

describe('token draft', () => {
  it('offers 30d, 90d, 180d, 365d (1 year) and never', () => {
    expect(TOKEN_EXPIRIES.map((expiry) => TOKEN_EXPIRY_LABELS[expiry])).toEqual([
      '30d',
      '90d',
      '180d',
      '365d (1 year)',
      'never',
    ]);
  });

  it('starts with 90d, no auto-renew and the Read preset on the tokens page', () => {
    expect(emptyTokenDraft('token')).toMatchObject({
      name: '',
      expiry: '90d',
      autoRenew: false,
      preset: 'Read',
    });
  });

  it('starts with Custom and only mcp for MCP setup', () => {
    expect(emptyTokenDraft('mcp')).toEqual({
      name: '',
      expiry: '90d',
      autoRenew: false,
      preset: 'Custom',
      levels: MCP_ONLY_LEVELS,
    });
  });

  it.each(['', ' ', '   \t\n'])('rejects the blank name %j with "Name is required"', (name) => {
    const draft = { ...emptyTokenDraft('token'), name };
    expect(validateTokenDraft(draft)).toEqual({ name: NAME_REQUIRED });
    expect(NAME_REQUIRED).toBe('Name is required');
    expect(isValidTokenDraft(draft)).toBe(false);
  });

  it('rejects a missing name and accepts any other', () => {
    expect(validateTokenDraft({})).toEqual({ name: 'Name is required' });
    expect(validateTokenDraft({ ...emptyTokenDraft('token'), name: 'ci' })).toEqual({});
  });

  it('builds the create body with both spellings of auto-renew and a trimmed name', () => {
    expect(
      createTokenRequest({
        name: '  deploy bot ',
        expiry: 'never',
        autoRenew: true,
        preset: 'Custom',
        levels: { ...uniformLevels('None'), catalog: 'Read', mcp: 'Admin' },
      }),
    ).toEqual({
      name: 'deploy bot',
      expiry: 'never',
      autoRenew: true,
      auto_renew: true,
      scope: [
        { subject: '', object: 'mcp', action: '*' },
        { subject: '', object: 'catalog', action: 'read' },
      ],
    });
    const body = createTokenRequest({ ...emptyTokenDraft('token'), name: 'x' });
    expect(body.autoRenew).toBe(false);
    expect(body.auto_renew).toBe(false);
  });

  it('knows whether the token reaches MCP', () => {
    expect(grantsMcp(emptyTokenDraft('mcp'))).toBe(true);
    expect(grantsMcp(emptyTokenDraft('token'))).toBe(true);
    expect(
      grantsMcp({ ...emptyTokenDraft('token'), preset: 'Custom', levels: uniformLevels('Read') }),
    ).toBe(false);
  });
});
