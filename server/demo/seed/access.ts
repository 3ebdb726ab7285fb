import { createHash } from 'node:crypto';
import { bulkInsert } from './bulk';
import type { SeedContext, Seeder } from './context';
import { SYSTEM_NAMESPACES } from './estatePlan';
import { DAY_MS, ago } from './helpers';

/**
 * The access review's estate (issue 38): who reaches the seeded AWS and Kubernetes items. AWS
 * accounts have IAM users (people and services), groups and roles; Kubernetes clusters have
 * OIDC users, groups and service accounts bound to ClusterRoles on clusters and namespaces. Each
 * grant and sign-in is decided by a hash of its item and principal, so the rows are the same for
 * the same estate and `now`, and every grant is written by one statement per kind of item
 * (a few seconds at scale 20, where the estate has 100,000 items).
 *
 * Also seeded: a few stale people (their last sign-in over 90 days ago) and one person known
 * under two identities (an IAM user and a Kubernetes user with the same email), for a merge.
 */

/** The e-mail domain of the seeded company's people. */
export const ACCESS_EMAIL_DOMAIN = 'acme.example';

const FIRST = [
  'jordan', 'maria', 'wei', 'aisha', 'lucas', 'sofia', 'daniel', 'priya', 'tomas', 'emma',
  'kenji', 'fatima', 'oliver', 'chen', 'nadia', 'samuel', 'ingrid', 'ravi', 'chloe', 'mateo',
  'hana', 'victor', 'leila', 'felix', 'zara', 'andre', 'mei', 'jonas', 'amara', 'pablo',
]; // prettier-ignore
const LAST = [
  'lee', 'garcia', 'zhang', 'khan', 'silva', 'rossi', 'meyer', 'patel', 'novak', 'dubois',
  'tanaka', 'haddad', 'smith', 'wang', 'petrov', 'okafor', 'larsen', 'iyer', 'martin', 'lopez',
  'kim', 'costa', 'nasser', 'weber', 'ali', 'santos', 'lin', 'berg', 'mensah', 'ruiz',
]; // prettier-ignore

/** The n-th person's login (`first.last`), distinct for every n. */
export function personLogin(n: number): string {
  const first = FIRST[n % 30] as string;
  const last = LAST[(Math.floor(n / 30) + 7 * n) % 30] as string;
  const round = Math.floor(n / 900);
  return `${first}.${last}${round > 0 ? round + 1 : ''}`;
}

/** The id of an access-review row, from its key; SQL computes the same as `md5(key)::uuid`. */
export function accessId(key: string): string {
  const hex = createHash('md5').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether the n-th person of a list has not signed in for over 90 days. */
export function isStale(n: number): boolean {
  return n % 9 === 4;
}

/** People with IAM users at a scale (at least 8). */
export function awsPeopleCount(scale: number): number {
  return Math.max(8, Math.round(24 * scale ** 0.7));
}

/** People with only a Kubernetes (OIDC) identity at a scale (at least 6). */
export function kubernetesPeopleCount(scale: number): number {
  return Math.max(6, Math.round(16 * scale ** 0.7));
}

const AWS_GROUPS = ['Administrators', 'Developers', 'ReadOnly', 'DataEngineers'];
const AWS_ROLES: Array<[string, string]> = [
  ['AdministratorAccess', 'Full access to every service of the account'],
  ['PowerUserAccess', 'Full access except IAM and Organizations'],
  ['ReadOnlyAccess', 'Read-only access to every service'],
  ['DatabaseAdministrator', 'Manages RDS instances, snapshots and parameter groups'],
  ['S3DataReader', 'Reads objects of the S3 buckets'],
  ['EC2Operator', 'Starts, stops and connects to EC2 instances'],
  ['LambdaDeployer', 'Updates Lambda function code and configuration'],
  ['BackupOperator', 'Takes and restores backups'],
];
const AWS_SERVICES = ['svc-backup', 'svc-monitoring', 'ci-deployer'];
const K8S_GROUPS = ['system:masters', 'platform-admins', 'sre-oncall', 'developers'];
const K8S_ROLES: Array<[string, string]> = [
  ['cluster-admin', 'Any action on any resource'],
  ['admin', 'Read and write within a namespace, including roles and bindings'],
  ['edit', 'Read and write most objects of a namespace'],
  ['view', 'Read most objects of a namespace'],
];
/** Service accounts bound on every cluster: [namespace, name, ClusterRole]. */
const K8S_CLUSTER_SERVICE_ACCOUNTS: Array<[string, string, string]> = [
  ['argocd', 'argocd-application-controller', 'cluster-admin'],
  ['monitoring', 'prometheus', 'view'],
  ['platform', 'mission-control', 'view'],
];

/** `md5(...)` of the SQL expression as a number in [0, 2^28): the hash grants are chosen by. */
function hash(expression: string): string {
  return `(('x' || substr(md5(${expression}), 1, 7))::bit(28)::int)`;
}

type Row = Record<string, unknown>;

interface Account {
  account: string;
  scraper_id: string;
}

interface Cluster {
  name: string;
  scraper_id: string;
  created_at: Date;
}

/** The principals of the AWS accounts and clusters, as rows of their tables. */
interface Principals {
  users: Row[];
  groups: Row[];
  roles: Row[];
  memberships: Row[];
  /** Ids of the people whose last sign-in is over 90 days old. */
  stale: string[];
  /** The people's IAM user names of each AWS account. */
  awsLogins: Record<string, string[]>;
  /** The people's Kubernetes user names. */
  kubeLogins: string[];
  /** The Kubernetes identity of the first AWS person, when there is a cluster. */
  twinId: string | null;
}

const USER_COLUMNS = {
  id: 'uuid',
  account_id: 'text',
  aliases: 'text[]',
  name: 'text',
  user_type: 'text',
  email: 'text',
  scraper_id: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const GROUP_COLUMNS = {
  id: 'uuid',
  account_id: 'text',
  scraper_id: 'uuid',
  aliases: 'text[]',
  name: 'text',
  group_type: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const ROLE_COLUMNS = {
  id: 'uuid',
  scraper_id: 'uuid',
  account_id: 'text',
  aliases: 'text[]',
  role_type: 'text',
  name: 'text',
  description: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const MEMBERSHIP_COLUMNS = {
  external_user_id: 'uuid',
  external_group_id: 'uuid',
  scraper_id: 'uuid',
  created_at: 'timestamptz',
};

/** Whether the i-th person of an AWS account is in its g-th group (AWS_GROUPS). */
function inAwsGroup(i: number, g: number): boolean {
  if (g === 0) return i < 2;
  if (g === 1) return i % 2 === 0;
  if (g === 2) return i % 2 === 1;
  return i % 5 === 2;
}

/** Whether the i-th of `count` Kubernetes people is in group g of cluster c: three a group. */
function inClusterGroup(i: number, c: number, g: number, count: number): boolean {
  return (i + 3 * c + 5 * g) % count < 3;
}

/**
 * Each person's IAM user lives in one account (the first account's first person is
 * `jordan.lee`); every account has the same services, groups and roles.
 */
function addAws(ctx: SeedContext, accounts: Account[], out: Principals): void {
  const since = (days: number) => ago(ctx.now, days * DAY_MS);
  const people = new Map<string, string[]>();
  for (let n = 0; n < awsPeopleCount(ctx.scale) && accounts.length > 0; n += 1) {
    const { account, scraper_id } = accounts[n % accounts.length] as Account;
    const login = personLogin(n);
    const id = accessId(`eu:aws:${account}:user:${login}`);
    out.users.push({
      id,
      account_id: account,
      aliases: [`arn:aws:iam::${account}:user/${login}`],
      name: login,
      user_type: 'User',
      email: `${login}@${ACCESS_EMAIL_DOMAIN}`,
      scraper_id,
      created_at: since(200 + ((n * 37) % 500)),
      updated_at: since(n % 30),
    });
    if (isStale(n)) out.stale.push(id);
    people.set(account, [...(people.get(account) ?? []), id]);
    (out.awsLogins[account] ??= []).push(login);
  }
  for (const { account, scraper_id } of accounts) {
    for (const service of AWS_SERVICES) {
      out.users.push({
        id: accessId(`eu:aws:${account}:user:${service}`),
        account_id: account,
        aliases: [`arn:aws:iam::${account}:user/${service}`],
        name: service,
        user_type: 'ServiceAccount',
        email: null,
        scraper_id,
        created_at: since(600),
        updated_at: since(10),
      });
    }
    for (const [g, group] of AWS_GROUPS.entries()) {
      const id = accessId(`eg:aws:${account}:${group}`);
      out.groups.push({
        id,
        account_id: account,
        scraper_id,
        aliases: [`arn:aws:iam::${account}:group/${group}`],
        name: group,
        group_type: 'IAMGroup',
        created_at: since(700),
        updated_at: since(20),
      });
      for (const [i, person] of (people.get(account) ?? []).entries()) {
        if (!inAwsGroup(i, g)) continue;
        out.memberships.push({
          external_user_id: person,
          external_group_id: id,
          scraper_id,
          created_at: since(150 + ((i * 11) % 200)),
        });
      }
    }
    for (const [role, description] of AWS_ROLES) {
      out.roles.push({
        id: accessId(`er:aws:${account}:${role}`),
        scraper_id,
        account_id: account,
        aliases: [`arn:aws:iam::${account}:role/${role}`],
        role_type: 'IAMRole',
        name: role,
        description,
        created_at: since(700),
        updated_at: since(30),
      });
    }
  }
}

/**
 * People sign in to the clusters through OIDC (their e-mail is their user name) and reach them
 * through groups; `twinEmail`'s person, who has an IAM user too, is a platform admin of the
 * first cluster. Every cluster has the same groups, ClusterRoles and service accounts.
 */
function addKubernetes(
  ctx: SeedContext,
  clusters: Cluster[],
  twinEmail: string | null,
  out: Principals,
): void {
  const since = (days: number) => ago(ctx.now, days * DAY_MS);
  const first = clusters[0];
  if (!first) return;
  const offset = awsPeopleCount(ctx.scale) + 100;
  const people: string[] = [];
  for (let j = 0; j < kubernetesPeopleCount(ctx.scale); j += 1) {
    const email = `${personLogin(offset + j)}@${ACCESS_EMAIL_DOMAIN}`;
    const cluster = clusters[j % clusters.length] as Cluster;
    const id = accessId(`eu:k8s:${email}`);
    out.users.push({
      id,
      account_id: cluster.name,
      aliases: null,
      name: email,
      user_type: 'User',
      email,
      scraper_id: cluster.scraper_id,
      created_at: since(150 + ((j * 23) % 300)),
      updated_at: since(j % 20),
    });
    people.push(id);
    out.kubeLogins.push(email);
    if (isStale(j)) out.stale.push(id);
  }
  if (twinEmail !== null) {
    out.twinId = accessId(`eu:k8s:${twinEmail}`);
    out.users.push({
      id: out.twinId,
      account_id: first.name,
      aliases: null,
      name: twinEmail,
      user_type: 'User',
      email: twinEmail,
      scraper_id: first.scraper_id,
      created_at: since(120),
      updated_at: since(2),
    });
  }
  for (const [c, cluster] of clusters.entries()) {
    const { name, scraper_id, created_at } = cluster;
    for (const [namespace, account] of K8S_CLUSTER_SERVICE_ACCOUNTS) {
      out.users.push({
        id: accessId(`eu:k8s:${name}:sa:${namespace}:${account}`),
        account_id: name,
        aliases: null,
        name: `system:serviceaccount:${namespace}:${account}`,
        user_type: 'ServiceAccount',
        email: null,
        scraper_id,
        created_at,
        updated_at: since(5),
      });
    }
    for (const [g, group] of K8S_GROUPS.entries()) {
      const id = accessId(`eg:k8s:${name}:${group}`);
      out.groups.push({
        id,
        account_id: name,
        scraper_id,
        aliases: null,
        name: group,
        group_type: 'KubernetesGroup',
        created_at,
        updated_at: since(7),
      });
      const members = people.filter((_, i) => inClusterGroup(i, c, g, people.length));
      if (out.twinId && c === 0 && group === 'platform-admins') members.push(out.twinId);
      for (const [i, person] of members.entries()) {
        out.memberships.push({
          external_user_id: person,
          external_group_id: id,
          scraper_id,
          created_at: since(60 + ((i * 13 + c) % 90)),
        });
      }
    }
    for (const [role, description] of K8S_ROLES) {
      out.roles.push({
        id: accessId(`er:k8s:${name}:${role}`),
        scraper_id,
        account_id: name,
        aliases: null,
        role_type: 'ClusterRole',
        name: role,
        description,
        created_at,
        updated_at: since(7),
      });
    }
  }
}

export const seedAccess: Seeder = async (ctx: SeedContext) => {
  const { db, now } = ctx;
  const reviewer = ctx.refs.people.find((person) => person.role === 'admin')?.id ?? null;
  const { rows: accounts } = await db.query<Account>(
    `SELECT tags->>'account' AS account, scraper_id FROM config_items
      WHERE type = 'AWS::::Account' AND deleted_at IS NULL AND scraper_id IS NOT NULL
      ORDER BY name`,
  );
  const { rows: clusters } = await db.query<Cluster>(
    `SELECT name, scraper_id, created_at FROM config_items
      WHERE type = 'Kubernetes::Cluster' AND deleted_at IS NULL AND scraper_id IS NOT NULL
      ORDER BY name`,
  );
  const out: Principals = {
    users: [],
    groups: [],
    roles: [],
    memberships: [],
    stale: [],
    awsLogins: {},
    kubeLogins: [],
    twinId: null,
  };
  addAws(ctx, accounts, out);
  const twin = out.users[0];
  addKubernetes(ctx, clusters, typeof twin?.email === 'string' ? twin.email : null, out);

  await bulkInsert(db, 'external_users', USER_COLUMNS, out.users);
  const accountIds = accounts.map((a) => a.account);
  // The IAM users of the catalog (AWS::IAM::User items) are external users of their account.
  await db.query(
    `INSERT INTO external_users (id, account_id, aliases, name, user_type, email, scraper_id,
                                 created_at, updated_at)
     SELECT md5('eu:aws:' || (ci.tags->>'account') || ':user:' || ci.name)::uuid,
            ci.tags->>'account', ARRAY[lower(ci.external_id[1])], ci.name,
            CASE WHEN ci.name ~ '(bot|terraform|ci-|svc|deploy)' THEN 'ServiceAccount' ELSE 'User' END,
            NULL, ci.scraper_id, ci.created_at, ci.updated_at
       FROM config_items ci
      WHERE ci.type = 'AWS::IAM::User' AND ci.deleted_at IS NULL AND ci.scraper_id IS NOT NULL
        AND ci.external_id[1] IS NOT NULL AND ci.tags->>'account' = ANY ($1::text[])
     ON CONFLICT DO NOTHING`,
    [accountIds],
  );
  // Every application namespace has its deployer service account.
  await db.query(
    `INSERT INTO external_users (id, account_id, name, user_type, scraper_id, created_at, updated_at)
     SELECT md5('eu:k8s:' || (ci.tags->>'cluster') || ':sa:' || ci.name || ':deployer')::uuid,
            ci.tags->>'cluster', 'system:serviceaccount:' || ci.name || ':deployer',
            'ServiceAccount', ci.scraper_id, ci.created_at, $2::timestamptz - interval '3 days'
       FROM config_items ci
      WHERE ci.type = 'Kubernetes::Namespace' AND ci.deleted_at IS NULL
        AND ci.scraper_id IS NOT NULL AND ci.tags->>'cluster' = ANY ($1::text[])
        AND ci.name <> ALL ($3::text[])`,
    [clusters.map((c) => c.name), now.toISOString(), SYSTEM_NAMESPACES],
  );
  // The alias lookup rows, written by trigger at the clock's time, date from their user instead.
  await db.exec(
    `UPDATE external_user_aliases a SET created_at = u.created_at
       FROM external_users u WHERE u.id = a.external_user_id AND u.created_at IS NOT NULL`,
  );
  await bulkInsert(db, 'external_groups', GROUP_COLUMNS, out.groups);
  await bulkInsert(db, 'external_roles', ROLE_COLUMNS, out.roles);
  await bulkInsert(db, 'external_user_groups', MEMBERSHIP_COLUMNS, out.memberships);

  await seedGrants(ctx, {
    reviewer,
    awsLogins: out.awsLogins,
    kubeLogins: out.kubeLogins,
    accounts: accountIds,
  });
  await seedSignIns(ctx, out.stale, out.twinId);
  const { rows } = await db.query<{ users: number; grants: number; logs: number }>(
    `SELECT (SELECT count(*)::int FROM external_users) AS users,
            (SELECT count(*)::int FROM config_access) AS grants,
            (SELECT count(*)::int FROM config_access_logs) AS logs`,
  );
  const counts = rows[0];
  ctx.log(
    `access: ${counts?.users} external users, ${out.groups.length} groups, ${out.roles.length} roles, ${counts?.grants} grants, ${counts?.logs} sign-in rows`,
  );
};

interface GrantInputs {
  reviewer: string | null;
  /** The people's IAM user names of each AWS account. */
  awsLogins: Record<string, string[]>;
  /** The people's Kubernetes user names. */
  kubeLogins: string[];
  accounts: string[];
}

/**
 * Inserts the grants of `items` (a sub-query with the item's `id`, `type`, `name`, `scraper_id`,
 * `created_at`, `owner` (its AWS account or cluster) and `h` (a hash of its id)): every row of
 * `grants` (`applies`, user key, group key, role key, as SQL over the item `i`) that applies.
 * A principal's or role's id is `md5` of its key. A quarter of the grants were reviewed lately.
 */
async function insertGrants(
  ctx: SeedContext,
  items: string,
  grants: string,
  params: unknown[],
  reviewer: string | null,
): Promise<void> {
  const review = hash('i.id::text || coalesce(g.user_key, g.group_key)');
  await ctx.db.query(
    `INSERT INTO config_access (id, config_id, scraper_id, external_user_id, external_group_id,
                                external_role_id, created_at, last_reviewed_at, last_reviewed_by)
     SELECT md5('ca:' || i.id || ':' || coalesce(g.user_key, g.group_key) || ':' || g.role_key),
            i.id, i.scraper_id, md5(g.user_key)::uuid, md5(g.group_key)::uuid,
            md5(g.role_key)::uuid,
            least(coalesce(i.created_at, $1::timestamptz - interval '300 days')
                    + make_interval(days => i.h % 40), $1::timestamptz - interval '1 hour'),
            CASE WHEN ${review} % 4 = 0
                 THEN $1::timestamptz - make_interval(days => ${review} % 170) END,
            CASE WHEN ${review} % 4 = 0 THEN $2::uuid END
       FROM (${items}) i
      CROSS JOIN LATERAL (VALUES ${grants}) AS g(applies, user_key, group_key, role_key)
      WHERE g.applies AND coalesce(g.user_key, g.group_key) IS NOT NULL
     ON CONFLICT DO NOTHING`,
    [ctx.now.toISOString(), reviewer, ...params],
  );
}

async function seedGrants(ctx: SeedContext, inputs: GrantInputs): Promise<void> {
  const { reviewer } = inputs;
  // $3: the AWS accounts, $4: the people's IAM user names by account.
  const person = (pick: string) =>
    `'eu:aws:' || i.owner || ':user:' || ($4::jsonb -> i.owner ->> ((${pick}) % jsonb_array_length($4::jsonb -> i.owner)))`;
  const user = (name: string) => `'eu:aws:' || i.owner || ':user:${name}'`;
  const group = (name: string) => `'eg:aws:' || i.owner || ':${name}'`;
  const role = (name: string) => `'er:aws:' || i.owner || ':${name}'`;
  const is = (type: string) => `i.type = '${type}'`;
  await insertGrants(
    ctx,
    `SELECT ci.id, ci.type, ci.name, ci.scraper_id, ci.created_at, ci.tags->>'account' AS owner,
            ${hash('ci.id::text')} AS h
       FROM config_items ci
      WHERE ci.deleted_at IS NULL AND ci.scraper_id IS NOT NULL
        AND ci.type IN ('AWS::::Account', 'AWS::RDS::DBInstance', 'AWS::S3::Bucket',
                        'AWS::EC2::Instance', 'AWS::Lambda::Function', 'AWS::EKS::Cluster')
        AND ci.tags->>'account' = ANY ($3::text[]) AND $4::jsonb ? (ci.tags->>'account')`,
    [
      `(${is('AWS::::Account')}, NULL, ${group('Administrators')}, ${role('AdministratorAccess')})`,
      `(${is('AWS::::Account')}, NULL, ${group('Developers')}, ${role('PowerUserAccess')})`,
      `(${is('AWS::::Account')}, NULL, ${group('ReadOnly')}, ${role('ReadOnlyAccess')})`,
      // Break-glass: the account's first person holds administrator access directly.
      `(${is('AWS::::Account')}, ${person('0')}, NULL, ${role('AdministratorAccess')})`,
      `(${is('AWS::::Account')}, ${user('svc-monitoring')}, NULL, ${role('ReadOnlyAccess')})`,
      `(${is('AWS::RDS::DBInstance')}, NULL, ${group('DataEngineers')}, ${role('DatabaseAdministrator')})`,
      `(${is('AWS::RDS::DBInstance')}, ${user('svc-backup')}, NULL, ${role('BackupOperator')})`,
      `(${is('AWS::RDS::DBInstance')}, ${person('i.h')}, NULL, ${role('ReadOnlyAccess')})`,
      `(${is('AWS::S3::Bucket')}, ${user('svc-backup')}, NULL, ${role('BackupOperator')})`,
      `(${is('AWS::S3::Bucket')}, ${person('i.h / 5')}, NULL, ${role('S3DataReader')})`,
      `(${is('AWS::S3::Bucket')} AND i.h % 3 = 0, NULL, ${group('DataEngineers')}, ${role('S3DataReader')})`,
      `(${is('AWS::EC2::Instance')} AND i.h % 3 = 0, ${person('i.h / 3')}, NULL, ${role('EC2Operator')})`,
      `(${is('AWS::Lambda::Function')}, ${user('ci-deployer')}, NULL, ${role('LambdaDeployer')})`,
      `(${is('AWS::EKS::Cluster')}, NULL, ${group('Administrators')}, ${role('AdministratorAccess')})`,
      `(${is('AWS::EKS::Cluster')}, NULL, ${group('Developers')}, ${role('ReadOnlyAccess')})`,
    ].join(',\n'),
    [inputs.accounts, JSON.stringify(inputs.awsLogins)],
    reviewer,
  );
  // The catalog's own IAM users (AWS::IAM::User items) work in their account.
  await insertGrants(
    ctx,
    `SELECT acct.id, acct.type, iam.name, acct.scraper_id, acct.created_at,
            acct.tags->>'account' AS owner, ${hash('iam.id::text')} AS h
       FROM config_items iam
       JOIN config_items acct ON acct.type = 'AWS::::Account' AND acct.deleted_at IS NULL
                             AND acct.tags->>'account' = iam.tags->>'account'
      WHERE iam.type = 'AWS::IAM::User' AND iam.deleted_at IS NULL
        AND iam.tags->>'account' = ANY ($3::text[])`,
    `(true, 'eu:aws:' || i.owner || ':user:' || i.name, NULL,
      'er:aws:' || i.owner || CASE WHEN i.name ~ '(bot|terraform|ci-|svc|deploy)'
                                   THEN ':AdministratorAccess' ELSE ':PowerUserAccess' END)`,
    [inputs.accounts],
    reviewer,
  );

  // $3: the people's Kubernetes user names, $4: the system namespaces.
  const kube = (name: string) => `'eg:k8s:' || i.owner || ':${name}'`;
  const clusterRole = (name: string) => `'er:k8s:' || i.owner || ':${name}'`;
  const serviceAccount = (namespace: string, name: string) =>
    `'eu:k8s:' || i.owner || ':sa:${namespace}:${name}'`;
  const cluster = `i.type = 'Kubernetes::Cluster'`;
  const namespace = `i.type = 'Kubernetes::Namespace' AND i.name <> ALL ($4::text[])`;
  const systemNamespace = `i.type = 'Kubernetes::Namespace' AND i.name = ANY ($4::text[])`;
  await insertGrants(
    ctx,
    `SELECT ci.id, ci.type, ci.name, ci.scraper_id, ci.created_at,
            CASE WHEN ci.type = 'Kubernetes::Cluster' THEN ci.name ELSE ci.tags->>'cluster' END AS owner,
            ${hash('ci.id::text')} AS h
       FROM config_items ci
      WHERE ci.deleted_at IS NULL AND ci.scraper_id IS NOT NULL
        AND ci.type IN ('Kubernetes::Cluster', 'Kubernetes::Namespace')
        AND CASE WHEN ci.type = 'Kubernetes::Cluster' THEN ci.name ELSE ci.tags->>'cluster' END
            IN (SELECT name FROM config_items WHERE type = 'Kubernetes::Cluster'
                 AND deleted_at IS NULL AND scraper_id IS NOT NULL)`,
    [
      `(${cluster}, NULL, ${kube('system:masters')}, ${clusterRole('cluster-admin')})`,
      `(${cluster}, NULL, ${kube('platform-admins')}, ${clusterRole('cluster-admin')})`,
      `(${cluster}, NULL, ${kube('sre-oncall')}, ${clusterRole('admin')})`,
      `(${cluster}, NULL, ${kube('developers')}, ${clusterRole('view')})`,
      ...K8S_CLUSTER_SERVICE_ACCOUNTS.map(
        ([ns, name, r]) => `(${cluster}, ${serviceAccount(ns, name)}, NULL, ${clusterRole(r)})`,
      ),
      `(${cluster} AND cardinality($3::text[]) > 0,
        'eu:k8s:' || ($3::text[])[1 + i.h % greatest(cardinality($3::text[]), 1)], NULL,
        ${clusterRole('edit')})`,
      `(${namespace}, NULL, ${kube('developers')}, ${clusterRole('edit')})`,
      `(${namespace}, 'eu:k8s:' || i.owner || ':sa:' || i.name || ':deployer', NULL,
        ${clusterRole('edit')})`,
      `(${systemNamespace}, NULL, ${kube('sre-oncall')}, ${clusterRole('admin')})`,
    ].join(',\n'),
    [inputs.kubeLogins, SYSTEM_NAMESPACES],
    reviewer,
  );
}

/**
 * The latest sign-in of each principal on the accounts, databases, clusters and namespaces it
 * reaches (seven in ten of them), within the last 85 days, or 91 to 119 days ago for the stale
 * people, with the number of sign-ins, MFA and where from.
 */
async function seedSignIns(ctx: SeedContext, stale: string[], twinId: string | null) {
  const h = hash('x.config_id::text || x.user_id::text');
  await ctx.db.query(
    `WITH reach AS (
       SELECT config_id, external_user_id AS user_id FROM config_access
        WHERE external_user_id IS NOT NULL AND deleted_at IS NULL
       UNION
       SELECT ca.config_id, m.external_user_id FROM config_access ca
         JOIN external_user_groups m ON m.external_group_id = ca.external_group_id
                                     AND m.deleted_at IS NULL
        WHERE ca.deleted_at IS NULL
     ),
     x AS (
       SELECT r.config_id, r.user_id, ci.scraper_id, ci.type, ci.tags->>'region' AS region,
              eu.user_type, eu.id = ANY ($2::uuid[]) AS stale, eu.id = $3::uuid AS twin
         FROM reach r
         JOIN config_items ci ON ci.id = r.config_id
         JOIN external_users eu ON eu.id = r.user_id
        WHERE ci.type IN ('AWS::::Account', 'AWS::RDS::DBInstance', 'Kubernetes::Cluster',
                          'Kubernetes::Namespace')
     )
     INSERT INTO config_access_logs (external_user_id, config_id, scraper_id, mfa, properties,
                                     count, created_at)
     SELECT x.user_id, x.config_id, x.scraper_id,
            CASE WHEN x.user_type = 'ServiceAccount' THEN false ELSE k.h % 7 <> 0 END,
            jsonb_strip_nulls(jsonb_build_object(
              'ip', CASE WHEN x.user_type = 'ServiceAccount'
                         THEN '10.' || (k.h >> 16) % 256 || '.' || (k.h >> 8) % 256 || '.' || k.h % 256
                         ELSE '203.0.113.' || 1 + k.h % 254 END,
              'user_agent', CASE
                WHEN x.type LIKE 'Kubernetes::%' AND x.user_type = 'ServiceAccount'
                  THEN 'kube-controller/v1.30.4'
                WHEN x.type LIKE 'Kubernetes::%' THEN 'kubectl/v1.30.' || k.h % 6 || ' (darwin/arm64)'
                WHEN x.user_type = 'ServiceAccount' THEN 'aws-sdk-go-v2/1.30.' || k.h % 9
                WHEN k.h % 3 = 0 THEN 'aws-cli/2.17.' || k.h % 40 || ' Python/3.11 Linux'
                ELSE 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Chrome/126.0' END,
              'event', CASE
                WHEN x.type LIKE 'Kubernetes::%' THEN 'authenticate'
                WHEN x.user_type = 'ServiceAccount' THEN 'AssumeRole'
                WHEN x.type = 'AWS::RDS::DBInstance' THEN 'IAMDatabaseAuthentication'
                ELSE 'ConsoleLogin' END,
              'region', x.region)),
            CASE WHEN x.stale THEN 1 + k.h % 15 ELSE 1 + k.h % 300 END,
            CASE WHEN x.stale
                 THEN $1::timestamptz - make_interval(days => 91 + k.h % 28, hours => k.h % 24)
                 ELSE $1::timestamptz - make_interval(days => k.h % 85, hours => k.h % 24,
                                                      mins => k.h % 60) END
       FROM x CROSS JOIN LATERAL (SELECT ${h} AS h) k
      WHERE k.h % 10 < 7 OR x.stale OR x.twin`,
    [ctx.now.toISOString(), stale, twinId],
  );
}
