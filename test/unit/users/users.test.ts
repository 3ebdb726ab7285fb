import {
  INVALID_EMAIL,
  REQUIRED,
  emptyInvite,
  inviteBody,
  updateBody,
  validateUserForm,
} from '../../../src/features/users/model/userForm';
import { toUserRows } from '../../../src/features/users/model/users';

describe('toUserRows', () => {
  it('joins identities with their roles, last login and teams, derives the name and sorts by it', () => {
    const rows = toUserRows(
      [
        {
          id: 'b',
          state: 'inactive',
          created_at: '2024-05-01T10:00:00Z',
          traits: { email: 'zoe@example.com', name: { first: 'Zoe', last: 'Young' } },
        },
        { id: 'a', traits: { email: 'nameless@example.com' } },
      ],
      [
        { id: 'b', roles: ['editor', 'viewer'] },
        { id: 'x', roles: ['admin'] },
      ],
      [
        {
          id: 'b',
          last_login: '2026-11-20T09:30:00Z',
          // A membership of a team whose name is not known is left out.
          team_members: [{ team: { name: 'sre' } }, { team: { name: 'platform' } }, { team: null }],
        },
        { id: 'a', last_login: null, team_members: null },
      ],
    );
    expect(rows).toEqual([
      {
        id: 'a',
        firstName: '',
        lastName: '',
        name: 'nameless@example.com',
        email: 'nameless@example.com',
        roles: [],
        state: 'active',
        createdAt: undefined,
        lastLogin: undefined,
        teams: [],
      },
      {
        id: 'b',
        firstName: 'Zoe',
        lastName: 'Young',
        name: 'Zoe Young',
        email: 'zoe@example.com',
        roles: ['editor', 'viewer'],
        state: 'inactive',
        createdAt: '2024-05-01T10:00:00Z',
        lastLogin: '2026-11-20T09:30:00Z',
        teams: ['platform', 'sre'],
      },
    ]);
  });
});

describe('user form', () => {
  it('requires names, email and role, and a valid email', () => {
    expect(validateUserForm({ ...emptyInvite(), role: '' })).toEqual({
      firstName: REQUIRED,
      lastName: REQUIRED,
      email: REQUIRED,
      role: REQUIRED,
    });
    expect(
      validateUserForm({ firstName: 'A', lastName: 'B', email: 'not-an-email', role: 'viewer' }),
    ).toEqual({ email: INVALID_EMAIL });
    expect(
      validateUserForm({ firstName: 'A', lastName: 'B', email: 'a@b.io', role: 'viewer' }),
    ).toEqual({});
  });

  it('invites as a viewer unless told otherwise', () => {
    expect(emptyInvite().role).toBe('viewer');
  });

  it('sends trimmed values', () => {
    const values = { firstName: ' Ann ', lastName: ' Lee', email: ' ann@x.io ', role: 'editor' };
    expect(inviteBody(values)).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@x.io',
      role: 'editor',
    });
    expect(updateBody('id-1', { ...values, active: false })).toEqual({
      id: 'id-1',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@x.io',
      role: 'editor',
      active: false,
    });
  });
});
