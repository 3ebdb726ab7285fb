import type { KubernetesEstate, KubernetesNode } from './catalogKubernetes';
import type { ConfigDraft, ConfigHealth, ConfigSet } from './catalogModel';
import type { SeedContext } from './context';
import type { AccountPlan, EstatePlan } from './estatePlan';
import { DAY_MS, ago, hex, weightedPick } from './helpers';
import type { Rng } from './random';

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
          config: {
            RoleName: name,
            Arn: `arn:aws:iam::${account.accountId}:role/${name}`,
            AssumeRolePolicyDocument: {
              Version: '2012-10-17',
              Statement: [
                {
                  Effect: 'Allow',
                  Principal: { Service: 'ec2.amazonaws.com' },
                  Action: 'sts:AssumeRole',
                },
              ],
            },
            MaxSessionDuration: 3600,
          },
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
          Arn: `arn:aws:iam::${account.accountId}:user/${user}`,
          PasswordLastUsed: ago(now, rng.int(1, 90) * DAY_MS).toISOString(),
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
      CidrBlock: cidr,
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
            VpcId: vpcId,
            AvailabilityZone: `${region}${zone}`,
            CidrBlock: `10.0.${subnets.length * 16}.0/20`,
            MapPublicIpOnLaunch: tier === 'public',
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
          VpcId: vpcId,
          IpPermissions: [
            {
              IpProtocol: 'tcp',
              FromPort: open ? 22 : 443,
              ToPort: open ? 22 : 443,
              IpRanges: [{ CidrIp: open ? '0.0.0.0/0' : cidr }],
            },
          ],
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
      config: {
        name: plan.name,
        arn: `arn:aws:eks:${region}:${account.accountId}:cluster/${plan.name}`,
        version: '1.29',
        status: 'ACTIVE',
        platformVersion: 'eks.9',
      },
      cost: 0.1 / 60,
    });
    set.relate(item, eks, 'Alias');
  }
  const instances = Math.round(12 * factor);
  for (let i = 0; i < instances; i++) addInstance(ctx, set, context, null);

  const databases = Math.max(1, Math.round(2 * Math.sqrt(factor)));
  for (let i = 0; i < databases; i++) {
    const name = `${account.env}-${DB_NAMES[i % DB_NAMES.length]}${i >= DB_NAMES.length ? `-${i}` : ''}`;
    const state = weightedPick(rng, [
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
      config: {
        Name: name,
        Region: region,
        Versioning: rng.pick(['Enabled', 'Suspended']),
        Encryption: 'aws:kms',
        PublicAccessBlock: !publicRead,
      },
      labels: awsLabels(rng, account),
      cost: rng.int(1, 60) / 10000,
      meta: { publicRead },
    });
  }

  const lambdas = Math.round(4 * Math.pow(factor, 0.7));
  for (let i = 0; i < lambdas; i++) {
    const name = `${LAMBDAS[i % LAMBDAS.length]}${i >= LAMBDAS.length ? `-${i}` : ''}`;
    const runtime = weightedPick(rng, [
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
        Runtime: runtime,
        MemorySize: rng.pick([128, 256, 512, 1024]),
        Timeout: rng.pick([3, 30, 60, 900]),
        Handler: 'index.handler',
        State: 'Active',
      },
      labels: awsLabels(rng, account),
      cost: rng.int(1, 40) / 100000,
      meta: { runtime },
    });
    set.relate(fn, rng.pick(input.roles), 'LambdaRole');
  }

  const balancers = Math.round(1 + Math.sqrt(factor));
  for (let i = 0; i < balancers; i++) {
    const name = `${account.env}-${rng.pick(['public', 'internal', 'api', 'ingress'])}-alb-${i}`;
    add(vpc, {
      type: 'AWS::ElasticLoadBalancingV2::LoadBalancer',
      configClass: 'LoadBalancer',
      name,
      status: 'active',
      health: 'healthy',
      externalId: [
        `arn:aws:elasticloadbalancing:${region}:${account.accountId}:loadbalancer/app/${name}/${hex(rng, 16)}`,
      ],
      config: {
        LoadBalancerName: name,
        Scheme: name.includes('internal') ? 'internal' : 'internet-facing',
        Type: 'application',
        State: { Code: 'active' },
      },
      cost: 0.0225 / 60,
    });
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
    : weightedPick(rng, [
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
      config: {
        InstanceId: instanceId,
        InstanceType: instanceType,
        ImageId: `ami-0${hex(rng, 16)}`,
        State: { Name: state[0] },
        Placement: { AvailabilityZone: zone },
        PrivateIpAddress: `10.${rng.int(0, 200)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
        LaunchTime: launched.toISOString(),
        SubnetId: subnet.externalId[0],
        VpcId: region.vpc.externalId[0],
        SecurityGroups: [{ GroupId: group.externalId[0], GroupName: group.name }],
        MetadataOptions: { HttpTokens: rng.chance(0.15) ? 'optional' : 'required' },
        Tags: tags,
      },
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
        config: {
          VolumeId: volumeId,
          Size: rng.pick([20, 50, 100, 200, 500]),
          VolumeType: 'gp3',
          AvailabilityZone: zone,
          Attachments: [{ InstanceId: instanceId, State: 'attached' }],
        },
        cost: rng.int(2, 40) / 100000,
      },
      region.owner.scraperId,
      region.owner.agentId,
    );
    set.relate(instance, volume, 'VirtualMachineVolume');
  }
  return instance;
}
