import type { ConfigDraft, ConfigHealth, ConfigSet } from './catalogModel';
import type { SeedContext } from './context';
import { type ClusterPlan, NAMESPACE_SERVICES, isStateful } from './estatePlan';
import { DAY_MS, HOUR_MS, MINUTE_MS, ago, hex, kubeSuffix, weightedPick } from './helpers';
import { teamOfNamespace } from './peopleCatalog';
import type { Rng } from './random';

const FRONTENDS = new Set([
  'web',
  'storefront',
  'admin-portal',
  'checkout-web',
  'grafana',
  'argocd-server',
]);

interface PodState {
  status: string;
  health: ConfigHealth;
  ready: boolean;
  phase: string;
  reason: string | null;
}

const POD_STATES: ReadonlyArray<readonly [PodState, number]> = [
  [{ status: 'Running', health: 'healthy', ready: true, phase: 'Running', reason: null }, 88],
  [
    {
      status: 'Pending',
      health: 'unknown',
      ready: false,
      phase: 'Pending',
      reason: 'Unschedulable',
    },
    3,
  ],
  [
    {
      status: 'CrashLoopBackOff',
      health: 'unhealthy',
      ready: false,
      phase: 'Running',
      reason: 'CrashLoopBackOff',
    },
    4,
  ],
  [
    {
      status: 'ImagePullBackOff',
      health: 'unhealthy',
      ready: false,
      phase: 'Pending',
      reason: 'ImagePullBackOff',
    },
    2,
  ],
  [
    {
      status: 'Running',
      health: 'warning',
      ready: false,
      phase: 'Running',
      reason: 'ContainersNotReady',
    },
    3,
  ],
];

/** A Kubernetes cluster's nodes, kept so the AWS side can add their EC2 instances. */
export interface KubernetesNode {
  node: ConfigDraft;
  cluster: ClusterPlan;
  instanceId: string;
  zone: string;
  instanceType: string;
}

export interface KubernetesEstate {
  clusters: Array<{ plan: ClusterPlan; item: ConfigDraft }>;
  nodes: KubernetesNode[];
}

function version(rng: Rng): string {
  return `${rng.int(1, 4)}.${rng.int(0, 24)}.${rng.int(0, 12)}`;
}

function metadata(
  name: string,
  namespace: string | null,
  uid: string,
  created: Date,
  labels: Record<string, string>,
) {
  return {
    name,
    ...(namespace ? { namespace } : {}),
    uid,
    labels,
    creationTimestamp: created.toISOString(),
    resourceVersion: String(100000 + (uid.charCodeAt(0) % 9) * 1234567),
  };
}

export function buildKubernetes(
  ctx: SeedContext,
  set: ConfigSet,
  clusters: readonly ClusterPlan[],
  scraperOf: (cluster: ClusterPlan) => { scraperId: string; agentId: string },
): KubernetesEstate {
  const estate: KubernetesEstate = { clusters: [], nodes: [] };
  for (const plan of clusters) buildCluster(ctx, set, plan, scraperOf(plan), estate);
  return estate;
}

function buildCluster(
  ctx: SeedContext,
  set: ConfigSet,
  plan: ClusterPlan,
  owner: { scraperId: string; agentId: string },
  estate: KubernetesEstate,
): void {
  const { rng, now } = ctx;
  const { scraperId, agentId } = owner;
  const alias = `kubernetes/${plan.name}`;
  const kubeVersion = rng.pick(['v1.28.9', 'v1.29.4', 'v1.30.2']);
  const cluster = set.add(
    null,
    {
      type: 'Kubernetes::Cluster',
      configClass: 'Cluster',
      name: plan.name,
      status: 'Running',
      health: 'healthy',
      ready: true,
      externalId: [alias, `arn:aws:eks:${plan.region}:123456789012:cluster/${plan.name}`],
      description: `${plan.env} EKS cluster in ${plan.region}`,
      config: {
        name: plan.name,
        version: kubeVersion,
        region: plan.region,
        provider: 'EKS',
        platform: 'eks.9',
      },
      tags: { cluster: plan.name },
      labels: { env: plan.env, region: plan.region, provider: 'eks' },
      createdAt: ago(now, rng.int(200, 700) * DAY_MS),
      properties: [{ name: 'version', text: kubeVersion }],
    },
    scraperId,
    agentId,
  );
  estate.clusters.push({ plan, item: cluster });

  const nodeCount = rng.int(4, 12);
  const nodes: ConfigDraft[] = [];
  for (let i = 0; i < nodeCount; i++) {
    const zone = `${plan.region}${rng.pick(['a', 'b', 'c'])}`;
    const instanceType = rng.pick(['m6i.xlarge', 'm6i.2xlarge', 'c6i.2xlarge', 'r6i.xlarge']);
    const instanceId = `i-0${hex(rng, 16)}`;
    const name = `ip-10-${rng.int(0, 255)}-${rng.int(0, 255)}-${rng.int(1, 254)}.${plan.region}.compute.internal`;
    const state = weightedPick(rng, [
      [['Ready', 'healthy', true], 90],
      [['Cordoned', 'warning', true], 5],
      [['NotReady', 'unhealthy', false], 5],
    ] as const);
    const uid = rng.uuid();
    const created = ago(now, rng.int(1, 90) * DAY_MS);
    const node = set.add(
      cluster,
      {
        type: 'Kubernetes::Node',
        configClass: 'Node',
        name,
        status: state[0],
        health: state[1],
        ready: state[2],
        externalId: [uid, `${alias}/nodes/${name}`],
        createdAt: created,
        config: {
          apiVersion: 'v1',
          kind: 'Node',
          metadata: metadata(name, null, uid, created, {
            'node.kubernetes.io/instance-type': instanceType,
            'topology.kubernetes.io/zone': zone,
          }),
          spec: {
            providerID: `aws:///${zone}/${instanceId}`,
            unschedulable: state[0] === 'Cordoned',
          },
          status: {
            capacity: { cpu: '8', memory: '32Gi', pods: '110' },
            nodeInfo: {
              kubeletVersion: kubeVersion,
              osImage: 'Amazon Linux 2023',
              containerRuntimeVersion: 'containerd://1.7.11',
            },
          },
        },
        labels: {
          'node.kubernetes.io/instance-type': instanceType,
          'topology.kubernetes.io/zone': zone,
        },
        locations: [alias],
        meta: { instanceId },
      },
      scraperId,
      agentId,
    );
    nodes.push(node);
    estate.nodes.push({ node, cluster: plan, instanceId, zone, instanceType });
  }

  for (const storageClass of ['gp3', 'gp2']) {
    set.add(
      cluster,
      {
        type: 'Kubernetes::StorageClass',
        configClass: 'StorageClass',
        name: storageClass,
        config: {
          apiVersion: 'storage.k8s.io/v1',
          kind: 'StorageClass',
          metadata: { name: storageClass },
          provisioner: 'ebs.csi.aws.com',
        },
        locations: [alias],
        externalId: [rng.uuid(), `${alias}/storageclasses/${storageClass}`],
      },
      scraperId,
      agentId,
    );
  }
  for (const role of ['cluster-admin', 'view', 'edit']) {
    set.add(
      cluster,
      {
        type: 'Kubernetes::ClusterRole',
        configClass: 'ClusterRole',
        name: role,
        config: {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'ClusterRole',
          metadata: { name: role },
          rules: [
            {
              apiGroups: ['*'],
              resources: ['*'],
              verbs: role === 'view' ? ['get', 'list', 'watch'] : ['*'],
            },
          ],
        },
        locations: [alias],
        externalId: [rng.uuid(), `${alias}/clusterroles/${role}`],
      },
      scraperId,
      agentId,
    );
  }

  for (const namespace of plan.namespaces) {
    buildNamespace(ctx, set, { cluster, plan, alias, namespace, nodes, scraperId, agentId });
  }
}

interface NamespaceInput {
  cluster: ConfigDraft;
  plan: ClusterPlan;
  alias: string;
  namespace: string;
  nodes: ConfigDraft[];
  scraperId: string;
  agentId: string;
}

function buildNamespace(ctx: SeedContext, set: ConfigSet, input: NamespaceInput): void {
  const { rng, now } = ctx;
  const { cluster, plan, alias, namespace, scraperId, agentId } = input;
  const team = teamOfNamespace(namespace).toLowerCase();
  const nsAlias = `${alias}/namespaces/${namespace}`;
  const nsUid = rng.uuid();
  const nsCreated = new Date(cluster.createdAt.getTime() + rng.int(0, 30) * DAY_MS);
  const ns = set.add(
    cluster,
    {
      type: 'Kubernetes::Namespace',
      configClass: 'Namespace',
      name: namespace,
      status: 'Active',
      health: 'healthy',
      ready: true,
      externalId: [nsUid, nsAlias],
      createdAt: nsCreated,
      config: {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: metadata(namespace, null, nsUid, nsCreated, {
          team,
          'kubernetes.io/metadata.name': namespace,
        }),
        status: { phase: 'Active' },
      },
      tags: { cluster: plan.name, namespace },
      labels: { team, env: plan.env },
      locations: [alias],
    },
    scraperId,
    agentId,
  );
  const locations = [alias, nsAlias];
  const add = (parent: ConfigDraft, fields: Parameters<ConfigSet['add']>[1]) =>
    set.add(
      parent,
      { locations, ...fields, tags: { cluster: plan.name, namespace } },
      scraperId,
      agentId,
    );

  for (const service of NAMESPACE_SERVICES[namespace] ?? []) {
    const stateful = isStateful(service);
    const kind = stateful ? 'StatefulSet' : 'Deployment';
    const replicas =
      plan.env === 'prod' ? (stateful ? rng.int(1, 3) : rng.int(2, 4)) : rng.int(1, 2);
    const tag = version(rng);
    const image = `registry.demo.local/${namespace}/${service}:${tag}`;
    const labels = {
      app: service,
      team,
      tier: stateful ? 'data' : FRONTENDS.has(service) ? 'frontend' : 'backend',
    };
    const created = new Date(ns.createdAt.getTime() + rng.int(0, 60) * DAY_MS);
    const workloadUid = rng.uuid();
    const container = {
      name: service,
      image,
      ports: [{ containerPort: stateful ? 5432 : 8080 }],
      resources: {
        requests: {
          cpu: `${rng.pick([100, 250, 500])}m`,
          memory: `${rng.pick([128, 256, 512, 1024])}Mi`,
        },
        limits: {
          cpu: `${rng.pick([500, 1000, 2000])}m`,
          memory: `${rng.pick([512, 1024, 2048])}Mi`,
        },
      },
    };
    const podStates = Array.from({ length: replicas }, () => weightedPick(rng, POD_STATES));
    const readyCount = podStates.filter((state) => state.ready).length;
    let health: ConfigHealth = 'healthy';
    if (readyCount === 0) health = 'unhealthy';
    else if (readyCount < replicas) health = 'warning';
    const workload = add(ns, {
      type: `Kubernetes::${kind}`,
      configClass: kind,
      name: service,
      status: health === 'unhealthy' ? 'Failed' : readyCount < replicas ? 'Progressing' : 'Running',
      health,
      ready: readyCount === replicas,
      externalId: [
        workloadUid,
        `${alias}/namespaces/${namespace}/${kind.toLowerCase()}s/${service}`,
      ],
      createdAt: created,
      labels,
      description: `${service} in ${namespace}`,
      config: {
        apiVersion: 'apps/v1',
        kind,
        metadata: metadata(service, namespace, workloadUid, created, labels),
        spec: {
          replicas,
          selector: { matchLabels: { app: service } },
          template: { metadata: { labels }, spec: { containers: [container] } },
        },
        status: { replicas, readyReplicas: readyCount, availableReplicas: readyCount },
      },
      properties: [
        { name: 'replicas', value: replicas },
        { name: 'image', text: image },
      ],
      cost: replicas * (0.0002 + rng.next() * 0.0006),
      meta: {
        image: `registry.demo.local/${namespace}/${service}`,
        version: tag,
        replicas,
        stateful,
      },
    });

    let podParent = workload;
    if (!stateful) {
      const oldSets = rng.int(0, 2);
      for (let i = 0; i <= oldSets; i++) {
        const current = i === 0;
        const hash = kubeSuffix(rng, 10);
        const rsName = `${service}-${hash}`;
        const rsUid = rng.uuid();
        const rsCreated = current
          ? ago(now, rng.int(1, 20) * DAY_MS)
          : ago(now, rng.int(21, 120) * DAY_MS);
        const rs = add(workload, {
          type: 'Kubernetes::ReplicaSet',
          configClass: 'ReplicaSet',
          name: rsName,
          status: current ? 'Running' : 'Scaled to Zero',
          health: current ? health : 'healthy',
          ready: true,
          externalId: [rsUid, `${alias}/namespaces/${namespace}/replicasets/${rsName}`],
          createdAt: rsCreated,
          labels,
          config: {
            apiVersion: 'apps/v1',
            kind: 'ReplicaSet',
            metadata: {
              ...metadata(rsName, namespace, rsUid, rsCreated, {
                ...labels,
                'pod-template-hash': hash,
              }),
              ownerReferences: [{ kind: 'Deployment', name: service }],
            },
            spec: { replicas: current ? replicas : 0 },
            status: { replicas: current ? replicas : 0, readyReplicas: current ? readyCount : 0 },
          },
          meta: { current },
        });
        if (current) podParent = rs;
      }
    }

    podStates.forEach((state, i) => {
      const podName = stateful ? `${service}-${i}` : `${podParent.name}-${kubeSuffix(rng, 5)}`;
      const node = rng.pick(input.nodes);
      const pod = buildPod(ctx, set, {
        parent: podParent,
        name: podName,
        namespace,
        labels,
        container,
        node,
        state,
        locations,
        alias,
        plan,
      });
      set.relate(node, pod);
    });
    if (rng.chance(0.3)) {
      add(podParent, {
        type: 'Kubernetes::Pod',
        configClass: 'Pod',
        name: stateful ? `${service}-${replicas}` : `${podParent.name}-${kubeSuffix(rng, 5)}`,
        status: 'Terminated',
        health: 'unknown',
        ready: false,
        createdAt: ago(now, rng.int(2, 9) * DAY_MS),
        deletedAt: ago(now, rng.int(1, 6 * 24) * HOUR_MS),
        deleteReason: 'Deleted',
        labels,
        config: {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: service, namespace },
          status: { phase: 'Succeeded' },
        },
        meta: { evicted: true },
      });
    }

    const svcUid = rng.uuid();
    const svc = add(ns, {
      type: 'Kubernetes::Service',
      configClass: 'Service',
      name: service,
      health: 'healthy',
      status: null,
      externalId: [svcUid, `${alias}/namespaces/${namespace}/services/${service}`],
      labels,
      config: {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: metadata(service, namespace, svcUid, created, labels),
        spec: {
          type: 'ClusterIP',
          clusterIP: `172.20.${rng.int(0, 255)}.${rng.int(1, 254)}`,
          ports: [{ port: 80, targetPort: container.ports[0]?.containerPort }],
          selector: { app: service },
        },
      },
      createdAt: created,
    });
    set.relate(svc, workload);

    const cm = add(ns, {
      type: 'Kubernetes::ConfigMap',
      configClass: 'ConfigMap',
      name: `${service}-config`,
      health: 'healthy',
      labels: { app: service },
      config: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: `${service}-config`, namespace },
        data: {
          LOG_LEVEL: rng.pick(['info', 'debug', 'warn']),
          FEATURE_FLAGS: 'new-checkout,fast-search',
          TIMEOUT_MS: String(rng.pick([1000, 3000, 5000])),
        },
      },
      meta: { logLevel: 'info' },
    });
    set.relate(workload, cm);
    if (rng.chance(0.5)) {
      const secret = add(ns, {
        type: 'Kubernetes::Secret',
        configClass: 'Secret',
        name: `${service}-secrets`,
        health: 'healthy',
        labels: { app: service },
        config: {
          apiVersion: 'v1',
          kind: 'Secret',
          type: 'Opaque',
          metadata: { name: `${service}-secrets`, namespace },
          data: { DATABASE_URL: '[redacted]', API_KEY: '[redacted]' },
        },
      });
      set.relate(workload, secret);
    }
    if (FRONTENDS.has(service)) {
      const host = `${service}.${plan.env}.acme.example`;
      const ingress = add(ns, {
        type: 'Kubernetes::Ingress',
        configClass: 'Ingress',
        name: service,
        health: 'healthy',
        status: 'Active',
        labels: { app: service },
        config: {
          apiVersion: 'networking.k8s.io/v1',
          kind: 'Ingress',
          metadata: { name: service, namespace },
          spec: {
            ingressClassName: 'nginx',
            rules: [
              {
                host,
                http: {
                  paths: [
                    { path: '/', backend: { service: { name: service, port: { number: 80 } } } },
                  ],
                },
              },
            ],
          },
        },
      });
      set.relate(ingress, svc);
    }
    if (!stateful && replicas >= 3) {
      add(ns, {
        type: 'Kubernetes::HorizontalPodAutoscaler',
        configClass: 'HorizontalPodAutoscaler',
        name: service,
        health: 'healthy',
        status: 'Active',
        config: {
          apiVersion: 'autoscaling/v2',
          kind: 'HorizontalPodAutoscaler',
          metadata: { name: service, namespace },
          spec: {
            minReplicas: 2,
            maxReplicas: 10,
            scaleTargetRef: { kind: 'Deployment', name: service },
          },
        },
      });
    }
    if (stateful) {
      for (let i = 0; i < replicas; i++) {
        const pvc = add(ns, {
          type: 'Kubernetes::PersistentVolumeClaim',
          configClass: 'PersistentVolumeClaim',
          name: `data-${service}-${i}`,
          status: 'Bound',
          health: 'healthy',
          config: {
            apiVersion: 'v1',
            kind: 'PersistentVolumeClaim',
            metadata: { name: `data-${service}-${i}`, namespace },
            spec: {
              storageClassName: 'gp3',
              resources: { requests: { storage: `${rng.pick([20, 50, 100, 500])}Gi` } },
            },
            status: { phase: 'Bound' },
          },
          cost: 0.00012 * rng.int(1, 10),
        });
        set.relate(workload, pvc);
      }
    }
  }
}

interface PodInput {
  parent: ConfigDraft;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  container: Record<string, unknown>;
  node: ConfigDraft;
  state: PodState;
  locations: string[];
  alias: string;
  plan: ClusterPlan;
}

function buildPod(ctx: SeedContext, set: ConfigSet, input: PodInput): ConfigDraft {
  const { rng, now } = ctx;
  const { state, namespace, name } = input;
  const uid = rng.uuid();
  const created = ago(now, rng.int(10, 14 * 24 * 60) * MINUTE_MS);
  const restarts =
    state.health === 'unhealthy' ? rng.int(5, 80) : rng.chance(0.1) ? rng.int(1, 3) : 0;
  return set.add(
    input.parent,
    {
      type: 'Kubernetes::Pod',
      configClass: 'Pod',
      name,
      status: state.status,
      health: state.health,
      ready: state.ready,
      externalId: [uid, `${input.alias}/namespaces/${namespace}/pods/${name}`],
      createdAt: created,
      labels: input.labels,
      tags: { cluster: input.plan.name, namespace },
      locations: input.locations,
      config: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          ...metadata(name, namespace, uid, created, input.labels),
          ownerReferences: [{ kind: input.parent.configClass, name: input.parent.name }],
        },
        spec: {
          nodeName: input.node.name,
          containers: [input.container],
          serviceAccountName: input.labels.app,
        },
        status: {
          phase: state.phase,
          podIP: `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
          startTime: created.toISOString(),
          containerStatuses: [
            {
              name: input.labels.app,
              ready: state.ready,
              restartCount: restarts,
              ...(state.reason ? { state: { waiting: { reason: state.reason } } } : {}),
            },
          ],
        },
      },
      cost: 0.00008 + rng.next() * 0.0002,
      meta: { restarts, reason: state.reason ?? '' },
    },
    input.parent.scraperId,
    input.parent.agentId,
  );
}
