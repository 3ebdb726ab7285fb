import { postgrestTable } from './postgrestTable';
import { DEFAULT_USER } from './shellHandlers';

export interface TeamRow {
  id: string;
  name: string;
  icon: string | null;
  deleted_at: string | null;
}

export const PAYMENTS_TEAM: TeamRow = {
  id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Payments',
  icon: 'payments',
  deleted_at: null,
};
export const CHECKOUT_TEAM: TeamRow = {
  id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  name: 'Checkout',
  icon: 'cart',
  deleted_at: null,
};
export const GONE_TEAM: TeamRow = {
  id: '9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
  name: 'Gone',
  icon: null,
  deleted_at: '2026-10-01T00:00:00Z',
};

/**
 * Teams and the signed-in test user's memberships (`team_members` embedding `team_id`), for
 * owner links and "Owned by my teams".
 */
export function ownershipBackend({
  myTeams = [PAYMENTS_TEAM, CHECKOUT_TEAM, GONE_TEAM],
}: { myTeams?: readonly TeamRow[] } = {}) {
  const teams = postgrestTable('teams', [PAYMENTS_TEAM, CHECKOUT_TEAM, GONE_TEAM]);
  const memberships = postgrestTable(
    'team_members',
    myTeams.map((team) => ({ team_id: team.id, person_id: DEFAULT_USER.id })),
    { embed: { team_id: (value) => teams.rows.find((team) => team.id === value) ?? null } },
  );
  return { teams, memberships };
}
