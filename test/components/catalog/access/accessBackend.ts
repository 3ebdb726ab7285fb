import { HttpResponse, http } from 'msw';
import type {
  AccessByConfig,
  AccessByGroup,
  AccessByUser,
  AccessRow,
} from '../../../../src/api/schemas/configAccess';
import { server } from '../../../support/msw';
import { postgrestTable } from '../../../support/postgrestTable';
import { daysAgo } from '../../../support/time';

export const ALICE = '018f4b8e-7777-7000-8000-000000000001';
export const BOB = '018f4b8e-7777-7000-8000-000000000002';
export const CI_BOT = '018f4b8e-7777-7000-8000-000000000003';
export const ADMINS = '018f4b8e-8888-7000-8000-000000000001';
export const AUDITORS = '018f4b8e-8888-7000-8000-000000000002';
export const PAYMENTS = '018f4b8e-1111-7000-8000-00000000a001';
export const CLUSTER = '018f4b8e-1111-7000-8000-00000000a002';
export const ORDERS_DB = '018f4b8e-1111-7000-8000-00000000a003';

const ITEMS = {
  [PAYMENTS]: { config_name: 'payments-prod', config_type: 'AWS::Account' },
  [CLUSTER]: { config_name: 'eks-prod', config_type: 'Kubernetes::Cluster' },
  [ORDERS_DB]: { config_name: 'orders-db', config_type: 'AWS::RDS::DBInstance' },
};

const PEOPLE = {
  [ALICE]: { user: 'alice', email: 'alice@acme.io', user_type: 'user' },
  [BOB]: { user: 'bob', email: 'bob@acme.io', user_type: 'user' },
  [CI_BOT]: { user: 'ci-bot', email: '', user_type: 'service_account' },
};

const GROUP_NAMES: Record<string, string> = { [ADMINS]: 'platform-admins', [AUDITORS]: 'auditors' };

function access(
  configId: keyof typeof ITEMS,
  userId: keyof typeof PEOPLE | null,
  groupId: string | null,
  role: string,
  times: { signIn: string | null; review?: string | null; granted: string },
): AccessRow {
  const principal = userId
    ? PEOPLE[userId]
    : { user: GROUP_NAMES[groupId!]!, email: '', user_type: 'group' };
  return {
    config_id: configId,
    ...ITEMS[configId],
    external_user_id: userId,
    external_group_id: groupId,
    role,
    ...principal,
    created_at: times.granted,
    last_signed_in_at: times.signIn,
    last_reviewed_at: times.review ?? null,
  };
}

/**
 * The estate's access: alice directly on the account and through platform-admins on the
 * cluster; bob through platform-admins on the account, last signed in 120 days ago (stale); the
 * CI bot on the cluster, never signed in (stale); and the auditors group, with no known
 * members, on the database.
 */
export const ACCESS: AccessRow[] = [
  access(PAYMENTS, ALICE, null, 'AdministratorAccess', {
    signIn: daysAgo(2),
    review: '2026-01-05T10:00:00Z',
    granted: daysAgo(400),
  }),
  access(PAYMENTS, BOB, ADMINS, 'ReadOnlyAccess', { signIn: daysAgo(120), granted: daysAgo(300) }),
  access(CLUSTER, ALICE, ADMINS, 'cluster-admin', { signIn: daysAgo(1), granted: daysAgo(200) }),
  access(CLUSTER, CI_BOT, null, 'edit', { signIn: null, granted: daysAgo(30) }),
  access(ORDERS_DB, null, AUDITORS, 'ReadOnlyAccess', { signIn: null, granted: daysAgo(10) }),
];

const distinct = <T>(values: readonly T[]) => [...new Set(values)];
const latest = (values: ReadonlyArray<string | null | undefined>) =>
  values
    .filter((value): value is string => Boolean(value))
    .sort()
    .pop() ?? null;

/** What every grouped view counts over its rows. */
function counted(rows: readonly AccessRow[]) {
  return {
    access_count: rows.length,
    distinct_roles: distinct(rows.map((row) => row.role)).length,
    last_signed_in_at: latest(rows.map((row) => row.last_signed_in_at)),
    latest_grant: latest(rows.map((row) => row.created_at)),
  };
}

/** `config_access_summary_by_user`, as the view groups `rows`. */
export function byUser(rows: readonly AccessRow[]): AccessByUser[] {
  return distinct(rows.flatMap((row) => (row.external_user_id ? [row.external_user_id] : []))).map(
    (id) => {
      const mine = rows.filter((row) => row.external_user_id === id);
      return {
        external_user_id: id,
        user: mine[0]!.user,
        email: mine[0]!.email,
        ...counted(mine),
        // PostgreSQL's bigint counts may come as text.
        distinct_configs: String(distinct(mine.map((row) => row.config_id)).length),
        config_types: distinct(mine.map((row) => row.config_type!)).sort(),
      };
    },
  );
}

/** `config_access_summary_by_group`. */
export function byGroup(rows: readonly AccessRow[]): AccessByGroup[] {
  return distinct(
    rows.flatMap((row) => (row.external_group_id ? [row.external_group_id] : [])),
  ).map((id) => {
    const mine = rows.filter((row) => row.external_group_id === id);
    return {
      external_group_id: id,
      group: GROUP_NAMES[id]!,
      ...counted(mine),
      distinct_users: distinct(mine.flatMap((row) => row.external_user_id ?? [])).length,
      distinct_configs: distinct(mine.map((row) => row.config_id)).length,
      config_types: distinct(mine.map((row) => row.config_type!)).sort(),
    };
  });
}

/** `config_access_summary_by_config`. */
export function byConfig(rows: readonly AccessRow[]): AccessByConfig[] {
  return distinct(rows.map((row) => row.config_id)).map((id) => {
    const mine = rows.filter((row) => row.config_id === id);
    return {
      config_id: id,
      config_name: mine[0]!.config_name,
      config_type: mine[0]!.config_type,
      ...counted(mine),
      distinct_users: distinct(mine.flatMap((row) => row.external_user_id ?? [])).length,
    };
  });
}

type Body = Record<string, string | undefined>;

/** Whether a row passes the RPC's filters but `except` (each facet ignores its own). */
function passes(row: AccessRow, body: Body, except: string): boolean {
  const tests: Array<[string, string | null | undefined]> = [
    ['p_config_id', row.config_id],
    ['p_config_type', row.config_type],
    ['p_user_id', row.external_user_id],
    ['p_group_id', row.external_group_id],
    ['p_role', row.role],
    ['p_user_type', row.user_type],
  ];
  return tests.every(([key, value]) => key === except || !body[key] || body[key] === value);
}

/** `rpc/config_access_filter_options` over `rows`, faceted as the function is. */
export function filterOptions(rows: readonly AccessRow[], body: Body) {
  const facet = <T>(except: string, pick: (row: AccessRow) => T | undefined) => {
    const seen = new Map<string, T>();
    for (const row of rows) {
      const value = passes(row, body, except) ? pick(row) : undefined;
      if (value !== undefined) seen.set(JSON.stringify(value), value);
    }
    return [...seen.values()];
  };
  return {
    catalogs: facet('p_config_id', (row) => ({
      config_id: row.config_id,
      config_name: row.config_name,
      config_type: row.config_type,
    })),
    users: facet('p_user_id', (row) =>
      row.external_user_id
        ? { external_user_id: row.external_user_id, user: row.user, email: row.email }
        : undefined,
    ),
    groups: facet('p_group_id', (row) =>
      row.external_group_id
        ? { external_group_id: row.external_group_id, group: GROUP_NAMES[row.external_group_id] }
        : undefined,
    ),
    roles: facet('p_role', (row) => (row.role ? { role: row.role } : undefined)),
    user_types: facet('p_user_type', (row) =>
      row.user_type ? { user_type: row.user_type } : undefined,
    ),
  };
}

/**
 * The access review's backend: the four views as PostgREST fakes over `rows` (the estate's
 * access by default) and the filter options RPC, with the bodies it was asked with.
 */
export function accessBackend(rows: readonly AccessRow[] = ACCESS) {
  const summary = postgrestTable('config_access_summary', [...rows]);
  const users = postgrestTable('config_access_summary_by_user', byUser(rows));
  const groups = postgrestTable('config_access_summary_by_group', byGroup(rows));
  const configs = postgrestTable('config_access_summary_by_config', byConfig(rows));
  const optionBodies: Body[] = [];
  server.use(
    http.get('*/api/db/rpc/config_access_filter_options', ({ request }) => {
      // The function's arguments, as a GET sends them: one parameter each.
      const body = Object.fromEntries(new URL(request.url).searchParams) as Body;
      optionBodies.push(body);
      return HttpResponse.json(filterOptions(rows, body));
    }),
  );
  return { summary, users, groups, configs, optionBodies };
}
