import type { KubernetesEstate, KubernetesNode } from './catalogKubernetes';
import type { ConfigDraft, ConfigHealth, ConfigSet } from './catalogModel';
import type { SeedContext } from './context';
import type { AccountPlan, EstatePlan } from './estatePlan';
import { DAY_MS, MINUTE_MS, ago, hex } from './helpers';
import { weighted } from './sampling';
import { type Rng, createRng } from './random';

const HOURLY_PRICE: Readonly<Record<string, number>> = {
  't3.medium': 0.0416,
  't3.large': 0.0832,
  'm6i.xlarge': 0.192,
  'm6i.2xlarge': 0.384,
  'c6i.2xlarge': 0.34,
  'r6i.xlarge': 0.252,
  'g5.xlarge': 1.006,
};

const WORKLOADS = [
  'bastion',
  'jenkins-agent',
  'vpn-gateway',
  'legacy-billing',
  'batch-worker',
  'ml-trainer',
  'elastic-node',
  'kafka-broker',
  'airflow-worker',
  'nat-instance',
  'windows-build',
  'sftp-gateway',
];
const BUCKET_PURPOSES = [
  'backups',
  'invoices',
  'logs-archive',
  'data-lake',
  'static-assets',
  'terraform-state',
  'exports',
  'media',
  'audit-trail',
];
const LAMBDAS = [
  'thumbnail-resizer',
  'invoice-mailer',
  'slack-notifier',
  'cost-reporter',
  'log-shipper',
  'webhook-relay',
  'db-snapshot-pruner',
  'user-cleanup',
];
const ROLES = [
  'eks-node-role',
  'ci-deployer',
  'readonly-auditor',
  'lambda-exec',
  'backup-operator',
  'break-glass-admin',
  'terraform',
  'external-dns',
  'cluster-autoscaler',
  'mission-control-scraper',
];
const DB_NAMES = ['orders', 'users', 'ledger', 'inventory', 'analytics', 'sessions'];

interface Owner {
  scraperId: string;
  agentId: string;
}

interface RegionContext {
  account: AccountPlan;
  accountItem: ConfigDraft;
  region: string;
  regionItem: ConfigDraft;
  subnets: ConfigDraft[];
  groups: ConfigDraft[];
  vpc: ConfigDraft;
  owner: Owner;
  locations: string[];
  roles: ConfigDraft[];
  counter: { instances: number };
}

/**
 * A random source of its own for the details of one document (seeded by a stable key such as
 * the resource id), so that richer documents leave the estate's main random sequence, and so
 * every other row, unchanged.
 */
function detailsOf(key: string): Rng {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return createRng(hash >>> 0);
}

/** An IAM unique id such as `AROA...` (roles) or `AIDA...` (users). */
function iamId(prefix: string, rng: Rng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let text = prefix;
  for (let i = 0; i < 17; i++) text += alphabet[Math.floor(rng.next() * alphabet.length)];
  return text;
}

/** `{ Key, Value }` tags as the AWS APIs list them. */
function awsTags(tags: Record<string, string>): Array<{ Key: string; Value: string }> {
  return Object.entries(tags).map(([Key, Value]) => ({ Key, Value }));
}

/** Which service assumes each well-known role. */
const ROLE_PRINCIPALS: Readonly<Record<string, Record<string, string>>> = {
  'eks-node-role': { Service: 'ec2.amazonaws.com' },
  'lambda-exec': { Service: 'lambda.amazonaws.com' },
  'backup-operator': { Service: 'backup.amazonaws.com' },
  'external-dns': { Federated: 'oidc.eks.amazonaws.com' },
  'cluster-autoscaler': { Federated: 'oidc.eks.amazonaws.com' },
  'mission-control-scraper': { Federated: 'oidc.eks.amazonaws.com' },
};

function awsLabels(rng: Rng, account: AccountPlan): Record<string, string> {
  return {
    Environment: account.env,
    Team: rng.pick(['platform', 'payments', 'data', 'sre', 'security']),
    CostCenter: rng.pick(['cc-1001', 'cc-1002', 'cc-2040', 'cc-3100']),
    'managed-by': rng.pick(['terraform', 'terraform', 'cloudformation', 'console']),
  };
}

export function buildAws(
  ctx: SeedContext,
  set: ConfigSet,
  plan: EstatePlan,
  kubernetes: KubernetesEstate,
  ownerOf: (account: AccountPlan) => Owner,
): void {
  const regionCount = plan.accounts.reduce((sum, account) => sum + account.regions.length, 0);
  const budget = Math.max(0, plan.configTarget - set.size);
  const factor = Math.max(1, budget / Math.max(1, regionCount * 70 + plan.accounts.length * 15));
  const regions: RegionContext[] = [];
  for (const account of plan.accounts) {
    regions.push(...buildAccount(ctx, set, account, ownerOf(account), factor, kubernetes));
  }
  let next = 0;
  while (set.size < plan.configTarget && regions.length > 0) {
    addInstance(ctx, set, regions[next % regions.length] as RegionContext, null);
    next++;
  }
}

function buildAccount(
  ctx: SeedContext,
  set: ConfigSet,
  account: AccountPlan,
  owner: Owner,
  factor: number,
  kubernetes: KubernetesEstate,
): RegionContext[] {
  const { rng, now } = ctx;
  const alias = `aws/${account.accountId}`;
  const accountItem = set.add(
    null,
    {
      type: 'AWS::::Account',
      configClass: 'Account',
      name: account.name,
      health: 'healthy',
      status: 'Active',
      source: 'AWS',
      externalId: [account.accountId, alias],
      createdAt: ago(now, rng.int(500, 1500) * DAY_MS),
      config: {
        Id: account.accountId,
        Name: account.name,
        Email: `aws+${account.name}@demo.local`,
        Arn: `arn:aws:organizations::000000000000:account/o-demo/${account.accountId}`,
        Status: 'ACTIVE',
        JoinedMethod: account.env === 'shared' ? 'INVITED' : 'CREATED',
        Regions: account.regions,
      },
      tags: { account: account.accountId },
      labels: { Environment: account.env },
    },
    owner.scraperId,
    owner.agentId,
  );
  const roles: ConfigDraft[] = [];
  const roleCount = Math.round(ROLES.length + 4 * Math.sqrt(factor));
  for (let i = 0; i < roleCount; i++) {
    const name = i < ROLES.length ? (ROLES[i] as string) : `${rng.pick(ROLES)}-${i}`;
    roles.push(
      set.add(
        accountItem,
        {
          type: 'AWS::IAM::Role',
          configClass: 'Role',
          name,
          health: 'healthy',
          source: 'AWS',
          externalId: [`arn:aws:iam::${account.accountId}:role/${name}`],
          locations: [alias],
          config: roleDocument(account, name),
          meta: { admin: name === 'break-glass-admin' },
        },
        owner.scraperId,
        owner.agentId,
      ),
    );
  }
  for (const user of ['alice', 'bob', 'ci-bot', 'terraform-cloud'].slice(0, rng.int(2, 4))) {
    set.add(
      accountItem,
      {
        type: 'AWS::IAM::User',
        configClass: 'User',
        name: user,
        health: 'healthy',
        source: 'AWS',
        externalId: [`arn:aws:iam::${account.accountId}:user/${user}`],
        locations: [alias],
        config: {
          UserName: user,
          UserId: iamId('AIDA', detailsOf(`${account.accountId}/user/${user}`)),
          Path: '/',
          Arn: `arn:aws:iam::${account.accountId}:user/${user}`,
          CreateDate: accountItem.createdAt.toISOString(),
          PasswordLastUsed: ago(now, rng.int(1, 90) * DAY_MS).toISOString(),
          Tags: awsTags({
            'managed-by': 'terraform',
            Owner: user.includes('bot') ? 'platform' : user,
          }),
        },
      },
      owner.scraperId,
      owner.agentId,
    );
  }

  return account.regions.map((region) =>
    buildRegion(ctx, set, { account, accountItem, region, owner, roles, factor, kubernetes }),
  );
}

interface RegionInput {
  account: AccountPlan;
  accountItem: ConfigDraft;
  region: string;
  owner: Owner;
  roles: ConfigDraft[];
  factor: number;
  kubernetes: KubernetesEstate;
}

function buildRegion(ctx: SeedContext, set: ConfigSet, input: RegionInput): RegionContext {
  const { rng } = ctx;
  const { account, region, owner, factor } = input;
  const accountAlias = `aws/${account.accountId}`;
  const regionAlias = `${accountAlias}/${region}`;
  const locations = [accountAlias, regionAlias];
  const add = (parent: ConfigDraft, fields: Parameters<ConfigSet['add']>[1]) =>
    set.add(
      parent,
      { source: 'AWS', locations, ...fields, tags: { account: account.accountId, region } },
      owner.scraperId,
      owner.agentId,
    );
  const regionItem = add(input.accountItem, {
    type: 'AWS::Region',
    configClass: 'Region',
    name: region,
    health: 'healthy',
    externalId: [regionAlias],
    locations: [accountAlias],
    config: {
      RegionName: region,
      Endpoint: `ec2.${region}.amazonaws.com`,
      OptInStatus: 'opt-in-not-required',
    },
  });

  const vpcId = `vpc-0${hex(rng, 16)}`;
  const cidr = `10.${rng.int(0, 200)}.0.0/16`;
  const vpc = add(regionItem, {
    type: 'AWS::EC2::VPC',
    configClass: 'VPC',
    name: `${account.env}-${region}-vpc`,
    health: 'healthy',
    status: 'available',
    externalId: [vpcId],
    config: {
      VpcId: vpcId,
      OwnerId: account.accountId,
      CidrBlock: cidr,
      CidrBlockAssociationSet: [
        {
          AssociationId: `vpc-cidr-assoc-0${hex(detailsOf(vpcId), 16)}`,
          CidrBlock: cidr,
          CidrBlockState: { State: 'associated' },
        },
      ],
      DhcpOptionsId: `dopt-0${hex(detailsOf(`${vpcId}/dhcp`), 16)}`,
      InstanceTenancy: 'default',
      State: 'available',
      IsDefault: false,
      Tags: [{ Key: 'Name', Value: `${account.env}-vpc` }],
    },
    labels: awsLabels(rng, account),
  });
  const subnets: ConfigDraft[] = [];
  const tiers = factor > 2 ? ['private', 'public', 'database'] : ['private', 'public'];
  for (const tier of tiers) {
    for (const zone of ['a', 'b', 'c']) {
      const subnetId = `subnet-0${hex(rng, 16)}`;
      subnets.push(
        add(vpc, {
          type: 'AWS::EC2::Subnet',
          configClass: 'Subnet',
          name: `${account.env}-${tier}-${region}${zone}`,
          health: 'healthy',
          status: 'available',
          externalId: [subnetId],
          config: {
            SubnetId: subnetId,
            SubnetArn: `arn:aws:ec2:${region}:${account.accountId}:subnet/${subnetId}`,
            VpcId: vpcId,
            OwnerId: account.accountId,
            State: 'available',
            AvailabilityZone: `${region}${zone}`,
            AvailabilityZoneId: `${region.split('-')[0]}${region.split('-')[1]?.[0] ?? ''}${region.slice(-1)}-az${'abc'.indexOf(zone) + 1}`,
            CidrBlock: `10.0.${subnets.length * 16}.0/20`,
            AvailableIpAddressCount: 4091 - Math.floor(detailsOf(subnetId).next() * 900),
            DefaultForAz: false,
            MapPublicIpOnLaunch: tier === 'public',
            MapCustomerOwnedIpOnLaunch: false,
            AssignIpv6AddressOnCreation: false,
            Tags: awsTags({
              Name: `${account.env}-${tier}-${region}${zone}`,
              Tier: tier,
              ...(tier === 'private' ? { 'kubernetes.io/role/internal-elb': '1' } : {}),
              ...(tier === 'public' ? { 'kubernetes.io/role/elb': '1' } : {}),
            }),
          },
          meta: { zone: `${region}${zone}` },
        }),
      );
    }
  }
  const groups: ConfigDraft[] = [];
  const groupCount = Math.round(4 * Math.sqrt(factor));
  for (let i = 0; i < groupCount; i++) {
    const groupId = `sg-0${hex(rng, 16)}`;
    const name =
      i === 0
        ? 'default'
        : `${rng.pick(['web', 'db', 'eks-nodes', 'bastion', 'internal', 'lb'])}-${i}`;
    const open = rng.chance(0.1);
    groups.push(
      add(vpc, {
        type: 'AWS::EC2::SecurityGroup',
        configClass: 'SecurityGroup',
        name,
        health: open ? 'warning' : 'healthy',
        externalId: [groupId],
        config: {
          GroupId: groupId,
          GroupName: name,
          Description:
            name === 'default' ? 'default VPC security group' : `Managed by Terraform: ${name}`,
          OwnerId: account.accountId,
          VpcId: vpcId,
          IpPermissions: [
            {
              IpProtocol: 'tcp',
              FromPort: open ? 22 : 443,
              ToPort: open ? 22 : 443,
              IpRanges: [
                {
                  CidrIp: open ? '0.0.0.0/0' : cidr,
                  ...(open ? { Description: 'temporary ssh access' } : {}),
                },
              ],
              Ipv6Ranges: [],
              PrefixListIds: [],
              UserIdGroupPairs: [],
            },
          ],
          IpPermissionsEgress: [
            {
              IpProtocol: '-1',
              IpRanges: [{ CidrIp: '0.0.0.0/0' }],
              Ipv6Ranges: [],
              PrefixListIds: [],
              UserIdGroupPairs: [],
            },
          ],
          Tags: awsTags({ Name: name }),
        },
        meta: { openSsh: open },
      }),
    );
  }

  const context: RegionContext = {
    account,
    accountItem: input.accountItem,
    region,
    regionItem,
    subnets,
    groups,
    vpc,
    owner,
    locations,
    roles: input.roles,
    counter: { instances: 0 },
  };

  for (const node of input.kubernetes.nodes) {
    if (node.cluster.region === region && node.cluster.env === account.env) {
      const instance = addInstance(ctx, set, context, node);
      set.relate(node.node, instance, 'NodeVirtualMachine');
    }
  }
  for (const { plan, item } of input.kubernetes.clusters) {
    if (plan.region !== region || plan.env !== account.env) continue;
    const eks = add(regionItem, {
      type: 'AWS::EKS::Cluster',
      configClass: 'KubernetesCluster',
      name: plan.name,
      health: 'healthy',
      status: 'ACTIVE',
      externalId: [`arn:aws:eks:${region}:${account.accountId}:cluster/${plan.name}`],
      config: eksDocument(account, region, plan.name, item, context),
      cost: 0.1 / 60,
    });
    set.relate(item, eks, 'Alias');
  }
  const instances = Math.round(12 * factor);
  for (let i = 0; i < instances; i++) addInstance(ctx, set, context, null);

  const databases = Math.max(1, Math.round(2 * Math.sqrt(factor)));
  for (let i = 0; i < databases; i++) {
    const name = `${account.env}-${DB_NAMES[i % DB_NAMES.length]}${i >= DB_NAMES.length ? `-${i}` : ''}`;
    const state = weighted(rng, [
      [['available', 'healthy'], 90],
      [['storage-full', 'unhealthy'], 3],
      [['modifying', 'warning'], 4],
      [['backing-up', 'healthy'], 3],
    ] as const);
    const publicAccess = rng.chance(0.12);
    const db = add(regionItem, {
      type: 'AWS::RDS::DBInstance',
      configClass: 'Database',
      name,
      status: state[0],
      health: state[1] as ConfigHealth,
      ready: state[1] === 'healthy',
      externalId: [`arn:aws:rds:${region}:${account.accountId}:db:${name}`],
      config: {
        DBInstanceIdentifier: name,
        DBInstanceClass: rng.pick(['db.r6g.large', 'db.r6g.xlarge', 'db.t4g.medium']),
        Engine: 'postgres',
        EngineVersion: rng.pick(['14.10', '15.5', '16.1']),
        MultiAZ: account.env === 'prod',
        PubliclyAccessible: publicAccess,
        StorageEncrypted: !rng.chance(0.1),
        AllocatedStorage: rng.pick([100, 200, 500, 1000]),
        BackupRetentionPeriod: rng.pick([1, 7, 14]),
        DBInstanceStatus: state[0],
        ...rdsDetails(account, region, name, context),
      },
      labels: awsLabels(rng, account),
      cost: rng.int(20, 140) / 100 / 60,
      meta: { publicAccess },
    });
    set.relate(db, rng.pick(groups), 'DatabaseSecurityGroup');
  }

  const buckets = Math.round(5 * Math.pow(factor, 0.7));
  for (let i = 0; i < buckets; i++) {
    const purpose = BUCKET_PURPOSES[i % BUCKET_PURPOSES.length] as string;
    const name = `acme-${account.env}-${region}-${purpose}${i >= BUCKET_PURPOSES.length ? `-${i}` : ''}`;
    const publicRead = rng.chance(0.05);
    add(regionItem, {
      type: 'AWS::S3::Bucket',
      configClass: 'Bucket',
      name,
      health: publicRead ? 'warning' : 'healthy',
      externalId: [`arn:aws:s3:::${name}`],
      config: bucketDocument(name, region, rng.pick(['Enabled', 'Suspended']), publicRead),
      labels: awsLabels(rng, account),
      cost: rng.int(1, 60) / 10000,
      meta: { publicRead },
    });
  }

  const lambdas = Math.round(4 * Math.pow(factor, 0.7));
  for (let i = 0; i < lambdas; i++) {
    const name = `${LAMBDAS[i % LAMBDAS.length]}${i >= LAMBDAS.length ? `-${i}` : ''}`;
    const runtime = weighted(rng, [
      ['nodejs20.x', 4],
      ['python3.12', 4],
      ['python3.8', 1],
      ['go1.x', 1],
    ] as const);
    const fn = add(regionItem, {
      type: 'AWS::Lambda::Function',
      configClass: 'Lambda',
      name,
      status: 'Active',
      health: rng.chance(0.05) ? 'unhealthy' : 'healthy',
      externalId: [`arn:aws:lambda:${region}:${account.accountId}:function:${name}`],
      config: {
        FunctionName: name,
        FunctionArn: `arn:aws:lambda:${region}:${account.accountId}:function:${name}`,
        Runtime: runtime,
        MemorySize: rng.pick([128, 256, 512, 1024]),
        Timeout: rng.pick([3, 30, 60, 900]),
        Handler: runtime.startsWith('python')
          ? 'app.handler'
          : runtime === 'go1.x'
            ? 'main'
            : 'index.handler',
        State: 'Active',
        ...lambdaDetails(account, region, name),
      },
      labels: awsLabels(rng, account),
      cost: rng.int(1, 40) / 100000,
      meta: { runtime },
    });
    const role = rng.pick(input.roles);
    (fn.config as { Role?: unknown }).Role = role.externalId[0];
    set.relate(fn, role, 'LambdaRole');
  }

  const balancers = Math.round(1 + Math.sqrt(factor));
  for (let i = 0; i < balancers; i++) {
    const name = `${account.env}-${rng.pick(['public', 'internal', 'api', 'ingress'])}-alb-${i}`;
    const arn = `arn:aws:elasticloadbalancing:${region}:${account.accountId}:loadbalancer/app/${name}/${hex(rng, 16)}`;
    const balancer = add(vpc, {
      type: 'AWS::ElasticLoadBalancingV2::LoadBalancer',
      configClass: 'LoadBalancer',
      name,
      status: 'active',
      health: 'healthy',
      externalId: [arn],
      config: {},
      cost: 0.0225 / 60,
    });
    balancer.config = loadBalancerDocument(arn, name, region, context);
  }
  return context;
}

function addInstance(
  ctx: SeedContext,
  set: ConfigSet,
  region: RegionContext,
  node: KubernetesNode | null,
): ConfigDraft {
  const { rng, now } = ctx;
  const { account } = region;
  region.counter.instances++;
  const subnet = rng.pick(region.subnets);
  const zone = node?.zone ?? String(subnet.meta.zone ?? `${region.region}a`);
  const instanceId = node?.instanceId ?? `i-0${hex(rng, 16)}`;
  const instanceType =
    node?.instanceType ??
    rng.pick(['t3.medium', 't3.large', 'm6i.xlarge', 'm6i.2xlarge', 'c6i.2xlarge', 'g5.xlarge']);
  const name = node ? node.node.name : `${rng.pick(WORKLOADS)}-${region.counter.instances}`;
  const state = node
    ? node.node.health === 'unhealthy'
      ? (['running', 'Running', 'unhealthy'] as const)
      : (['running', 'Running', 'healthy'] as const)
    : weighted(rng, [
        [['running', 'Running', 'healthy'], 85],
        [['stopped', 'Stopped', 'unknown'], 10],
        [['pending', 'Pending', 'unknown'], 2],
        [['running', 'Running', 'unhealthy'], 3],
      ] as const);
  const launched = node ? node.node.createdAt : ago(now, rng.int(1, 700) * DAY_MS);
  const group = rng.pick(region.groups);
  const tags = [
    { Key: 'Name', Value: name },
    ...(node ? [{ Key: 'eks:cluster-name', Value: node.cluster.name }] : []),
  ];
  const price = HOURLY_PRICE[instanceType] ?? 0.1;
  const instance = set.add(
    subnet,
    {
      type: 'AWS::EC2::Instance',
      configClass: 'VirtualMachine',
      name,
      status: state[1],
      health: state[2] as ConfigHealth,
      ready: state[2] === 'healthy',
      source: 'AWS',
      externalId: [
        instanceId,
        `arn:aws:ec2:${region.region}:${account.accountId}:instance/${instanceId}`,
      ],
      createdAt: launched,
      tags: { account: account.accountId, region: region.region, zone },
      labels: awsLabels(rng, account),
      locations: region.locations,
      config: instanceDocument({
        instanceId,
        instanceType,
        imageId: `ami-0${hex(rng, 16)}`,
        state: state[0],
        zone,
        privateIp: `10.${rng.int(0, 200)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
        launched,
        subnet,
        vpcId: region.vpc.externalId[0] as string,
        group,
        httpTokens: rng.chance(0.15) ? 'optional' : 'required',
        tags,
        region: region.region,
        accountId: account.accountId,
        eks: node !== null,
      }),
      properties: [{ name: 'instance-type', text: instanceType }],
      cost: state[0] === 'stopped' ? null : price / 60,
      meta: { instanceType, stopped: state[0] === 'stopped', imdsv1: false },
    },
    region.owner.scraperId,
    region.owner.agentId,
  );
  set.relate(instance, group, 'VirtualMachineSecurityGroup');
  if (rng.chance(0.5)) {
    const volumeId = `vol-0${hex(rng, 16)}`;
    const volume = set.add(
      region.regionItem,
      {
        type: 'AWS::EC2::Volume',
        configClass: 'Volume',
        name: `${name}-data`,
        status: 'in-use',
        health: 'healthy',
        source: 'AWS',
        externalId: [volumeId],
        tags: { account: account.accountId, region: region.region, zone },
        locations: region.locations,
        config: volumeDocument(
          volumeId,
          rng.pick([20, 50, 100, 200, 500]),
          zone,
          instanceId,
          launched,
        ),
        cost: rng.int(2, 40) / 100000,
      },
      region.owner.scraperId,
      region.owner.agentId,
    );
    set.relate(instance, volume, 'VirtualMachineVolume');
  }
  return instance;
}

/** An IAM role as `GetRole` describes it. */
function roleDocument(account: AccountPlan, name: string): Record<string, unknown> {
  const details = detailsOf(`${account.accountId}/role/${name}`);
  const created = new Date(Date.UTC(2022, 0, 1) + Math.floor(details.next() * 700) * DAY_MS);
  const principal = ROLE_PRINCIPALS[name.replace(/-\d+$/, '')] ?? {
    AWS: `arn:aws:iam::${account.accountId}:root`,
  };
  return {
    RoleName: name,
    RoleId: iamId('AROA', details),
    Path: '/',
    Arn: `arn:aws:iam::${account.accountId}:role/${name}`,
    CreateDate: created.toISOString(),
    Description: `${name} (${account.env})`,
    AssumeRolePolicyDocument: {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: principal,
          Action: 'Federated' in principal ? 'sts:AssumeRoleWithWebIdentity' : 'sts:AssumeRole',
        },
      ],
    },
    MaxSessionDuration: 3600,
    RoleLastUsed: {
      LastUsedDate: new Date(
        Date.UTC(2026, 0, 1) + Math.floor(details.next() * 30) * DAY_MS,
      ).toISOString(),
      Region: account.regions[0] ?? 'us-east-1',
    },
    Tags: awsTags({ 'managed-by': 'terraform', Environment: account.env }),
  };
}

/** An EKS cluster as `DescribeCluster` returns it. */
function eksDocument(
  account: AccountPlan,
  region: string,
  name: string,
  cluster: ConfigDraft,
  context: RegionContext,
): Record<string, unknown> {
  const details = detailsOf(`${account.accountId}/eks/${name}`);
  const oidc = hex(details, 32).toUpperCase();
  return {
    name,
    arn: `arn:aws:eks:${region}:${account.accountId}:cluster/${name}`,
    createdAt: cluster.createdAt.toISOString(),
    version: '1.29',
    endpoint: `https://${oidc}.gr7.${region}.eks.amazonaws.com`,
    roleArn: `arn:aws:iam::${account.accountId}:role/eks-cluster-role`,
    resourcesVpcConfig: {
      vpcId: context.vpc.externalId[0],
      subnetIds: context.subnets
        .filter((subnet) => subnet.name.includes('-private-'))
        .map((subnet) => subnet.externalId[0]),
      securityGroupIds: context.groups.slice(0, 1).map((group) => group.externalId[0]),
      clusterSecurityGroupId: `sg-0${hex(details, 16)}`,
      endpointPublicAccess: true,
      endpointPrivateAccess: true,
      publicAccessCidrs: ['0.0.0.0/0'],
    },
    kubernetesNetworkConfig: { serviceIpv4Cidr: '172.20.0.0/16', ipFamily: 'ipv4' },
    logging: {
      clusterLogging: [
        { types: ['api', 'audit', 'authenticator'], enabled: true },
        { types: ['controllerManager', 'scheduler'], enabled: false },
      ],
    },
    identity: {
      oidc: { issuer: `https://oidc.eks.${region}.amazonaws.com/id/${oidc}` },
    },
    status: 'ACTIVE',
    certificateAuthority: { data: 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t...' },
    platformVersion: 'eks.9',
    tags: { Environment: account.env, 'managed-by': 'terraform' },
    accessConfig: { authenticationMode: 'API_AND_CONFIG_MAP' },
  };
}

/** The `DescribeDBInstances` fields of a database besides its size and engine. */
function rdsDetails(
  account: AccountPlan,
  region: string,
  name: string,
  context: RegionContext,
): Record<string, unknown> {
  const details = detailsOf(`${account.accountId}/rds/${name}`);
  const zone = `${region}${'abc'[Math.floor(details.next() * 3)]}`;
  const created = new Date(Date.UTC(2023, 0, 1) + Math.floor(details.next() * 900) * DAY_MS);
  const subnets = context.subnets.filter((subnet) => !subnet.name.includes('-public-'));
  return {
    DBInstanceArn: `arn:aws:rds:${region}:${account.accountId}:db:${name}`,
    DbiResourceId: `db-${iamId('', details).slice(0, 26)}`,
    DBName: name.replace(/^[a-z]+-/, '').replace(/-/g, '_'),
    MasterUsername: 'postgres',
    Endpoint: {
      Address: `${name}.c${hex(details, 11)}.${region}.rds.amazonaws.com`,
      Port: 5432,
      HostedZoneId: 'Z29XKXDKYMONMX',
    },
    AvailabilityZone: zone,
    InstanceCreateTime: created.toISOString(),
    StorageType: 'gp3',
    Iops: 3000,
    StorageThroughput: 125,
    DBSubnetGroup: {
      DBSubnetGroupName: `${account.env}-${region}-db`,
      VpcId: context.vpc.externalId[0],
      SubnetGroupStatus: 'Complete',
      Subnets: subnets.map((subnet) => ({
        SubnetIdentifier: subnet.externalId[0],
        SubnetAvailabilityZone: { Name: subnet.meta.zone },
        SubnetStatus: 'Active',
      })),
    },
    PreferredBackupWindow: '03:00-03:30',
    PreferredMaintenanceWindow: 'sun:04:00-sun:04:30',
    AutoMinorVersionUpgrade: true,
    DeletionProtection: account.env === 'prod',
    PerformanceInsightsEnabled: account.env === 'prod',
    CACertificateIdentifier: 'rds-ca-rsa2048-g1',
    CopyTagsToSnapshot: true,
    TagList: awsTags({ Environment: account.env, Service: name.replace(/^[a-z]+-/, '') }),
  };
}

/** A bucket with its versioning, encryption and public-access settings. */
function bucketDocument(
  name: string,
  region: string,
  versioning: string,
  publicRead: boolean,
): Record<string, unknown> {
  const details = detailsOf(`s3/${name}`);
  const created = new Date(Date.UTC(2021, 0, 1) + Math.floor(details.next() * 1500) * DAY_MS);
  return {
    Name: name,
    CreationDate: created.toISOString(),
    Region: region,
    Versioning: { Status: versioning },
    Encryption: {
      Rules: [
        {
          ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms' },
          BucketKeyEnabled: true,
        },
      ],
    },
    PublicAccessBlockConfiguration: {
      BlockPublicAcls: !publicRead,
      IgnorePublicAcls: !publicRead,
      BlockPublicPolicy: !publicRead,
      RestrictPublicBuckets: !publicRead,
    },
    OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
    Lifecycle: name.includes('logs')
      ? { Rules: [{ ID: 'expire-logs', Status: 'Enabled', Expiration: { Days: 90 } }] }
      : undefined,
    Tags: awsTags({ Name: name }),
  };
}

/** The `GetFunctionConfiguration` fields of a function besides its runtime and size. */
function lambdaDetails(account: AccountPlan, region: string, name: string) {
  const details = detailsOf(`${account.accountId}/${region}/lambda/${name}`);
  const modified = new Date(Date.UTC(2025, 0, 1) + Math.floor(details.next() * 400) * DAY_MS);
  return {
    Description: `${name.replace(/-/g, ' ')} (${account.env})`,
    CodeSize: 4096 + Math.floor(details.next() * 9_000_000),
    CodeSha256: Buffer.from(hex(details, 64), 'hex').toString('base64'),
    Version: '$LATEST',
    LastModified: modified.toISOString().replace('Z', '+0000'),
    PackageType: 'Zip',
    Architectures: [details.next() < 0.5 ? 'arm64' : 'x86_64'],
    EphemeralStorage: { Size: 512 },
    TracingConfig: { Mode: 'PassThrough' },
    Environment: { Variables: { ENVIRONMENT: account.env, LOG_LEVEL: 'info' } },
    LoggingConfig: { LogFormat: 'Text', LogGroup: `/aws/lambda/${name}` },
    RevisionId: details.uuid(),
    LastUpdateStatus: 'Successful',
  };
}

/** An application load balancer as `DescribeLoadBalancers` returns it. */
function loadBalancerDocument(
  arn: string,
  name: string,
  region: string,
  context: RegionContext,
): Record<string, unknown> {
  const details = detailsOf(arn);
  const internal = name.includes('internal');
  const tier = internal ? '-private-' : '-public-';
  const subnets = context.subnets.filter((subnet) => subnet.name.includes(tier));
  return {
    LoadBalancerArn: arn,
    LoadBalancerName: name,
    DNSName: `${internal ? 'internal-' : ''}${name}-${Math.floor(details.next() * 2e9)}.${region}.elb.amazonaws.com`,
    CanonicalHostedZoneId: 'Z32O12XQLNTSW2',
    CreatedTime: new Date(
      Date.UTC(2023, 0, 1) + Math.floor(details.next() * 800) * DAY_MS,
    ).toISOString(),
    Scheme: internal ? 'internal' : 'internet-facing',
    VpcId: context.vpc.externalId[0],
    State: { Code: 'active' },
    Type: 'application',
    AvailabilityZones: subnets.map((subnet) => ({
      ZoneName: subnet.meta.zone,
      SubnetId: subnet.externalId[0],
      LoadBalancerAddresses: [],
    })),
    SecurityGroups: context.groups.slice(0, 1).map((group) => group.externalId[0]),
    IpAddressType: 'ipv4',
  };
}

interface InstanceFacts {
  instanceId: string;
  instanceType: string;
  imageId: string;
  state: string;
  zone: string;
  privateIp: string;
  launched: Date;
  subnet: ConfigDraft;
  vpcId: string;
  group: ConfigDraft;
  httpTokens: string;
  tags: Array<{ Key: string; Value: string }>;
  region: string;
  accountId: string;
  /** A worker node of an EKS cluster. */
  eks: boolean;
}

const STATE_CODES: Readonly<Record<string, number>> = {
  pending: 0,
  running: 16,
  stopping: 64,
  stopped: 80,
};

/** An instance as `DescribeInstances` reports it. */
function instanceDocument(facts: InstanceFacts): Record<string, unknown> {
  const details = detailsOf(facts.instanceId);
  const running = facts.state === 'running';
  const publicSubnet = facts.subnet.name.includes('-public-');
  const ipName = `ip-${facts.privateIp.replace(/\./g, '-')}.${facts.region}.compute.internal`;
  const publicIp = `${[3, 18, 34, 52][Math.floor(details.next() * 4)]}.${Math.floor(details.next() * 255)}.${Math.floor(details.next() * 255)}.${1 + Math.floor(details.next() * 253)}`;
  const eni = `eni-0${hex(details, 16)}`;
  const rootVolume = `vol-0${hex(details, 16)}`;
  const attached = new Date(facts.launched.getTime() + 2_000);
  const stopped = facts.state === 'stopped';
  const stoppedAt = new Date(facts.launched.getTime() + 5 * MINUTE_MS);
  const groups = [{ GroupId: facts.group.externalId[0], GroupName: facts.group.name }];
  return {
    InstanceId: facts.instanceId,
    InstanceType: facts.instanceType,
    ImageId: facts.imageId,
    Architecture: 'x86_64',
    State: { Code: STATE_CODES[facts.state] ?? 16, Name: facts.state },
    StateTransitionReason: stopped
      ? `User initiated (${stoppedAt.toISOString().slice(0, 19).replace('T', ' ')} GMT)`
      : '',
    ...(stopped
      ? {
          StateReason: {
            Code: 'Client.UserInitiatedShutdown',
            Message: 'Client.UserInitiatedShutdown: User initiated shutdown',
          },
        }
      : {}),
    Placement: { AvailabilityZone: facts.zone, Tenancy: 'default' },
    PrivateDnsName: ipName,
    PrivateIpAddress: facts.privateIp,
    ...(running && publicSubnet
      ? {
          PublicIpAddress: publicIp,
          PublicDnsName: `ec2-${publicIp.replace(/\./g, '-')}.${facts.region}.compute.amazonaws.com`,
        }
      : { PublicDnsName: '' }),
    LaunchTime: facts.launched.toISOString(),
    SubnetId: facts.subnet.externalId[0],
    VpcId: facts.vpcId,
    SecurityGroups: groups,
    KeyName: facts.eks ? undefined : `${facts.accountId.slice(-4)}-ops`,
    IamInstanceProfile: {
      Arn: `arn:aws:iam::${facts.accountId}:instance-profile/${facts.eks ? 'eks-node-role' : 'ec2-default'}`,
    },
    EbsOptimized: true,
    RootDeviceName: '/dev/xvda',
    RootDeviceType: 'ebs',
    BlockDeviceMappings: [
      {
        DeviceName: '/dev/xvda',
        Ebs: {
          VolumeId: rootVolume,
          Status: 'attached',
          AttachTime: attached.toISOString(),
          DeleteOnTermination: true,
        },
      },
    ],
    NetworkInterfaces: [
      {
        NetworkInterfaceId: eni,
        Status: 'in-use',
        PrivateIpAddress: facts.privateIp,
      },
    ],
    MetadataOptions: {
      HttpTokens: facts.httpTokens,
      HttpPutResponseHopLimit: facts.eks ? 2 : 1,
      HttpEndpoint: 'enabled',
    },
    PlatformDetails: 'Linux/UNIX',
    Tags: facts.tags,
  };
}

/** An EBS volume as `DescribeVolumes` reports it. */
function volumeDocument(
  volumeId: string,
  size: number,
  zone: string,
  instanceId: string,
  launched: Date,
): Record<string, unknown> {
  const attached = new Date(launched.getTime() + 60_000);
  return {
    VolumeId: volumeId,
    Size: size,
    VolumeType: 'gp3',
    Iops: 3000,
    Throughput: 125,
    Encrypted: true,
    AvailabilityZone: zone,
    CreateTime: attached.toISOString(),
    State: 'in-use',
    Attachments: [
      {
        InstanceId: instanceId,
        VolumeId: volumeId,
        Device: '/dev/sdf',
        State: 'attached',
        AttachTime: attached.toISOString(),
        DeleteOnTermination: false,
      },
    ],
  };
}
