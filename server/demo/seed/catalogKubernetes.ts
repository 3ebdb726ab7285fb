import type { ConfigDraft, ConfigHealth, ConfigSet } from './catalogModel';
import type { SeedContext } from './context';
import { type ClusterPlan, NAMESPACE_SERVICES, isStateful } from './estatePlan';
import { DAY_MS, HOUR_MS, MINUTE_MS, ago, hex, kubeSuffix } from './helpers';
import { weighted } from './sampling';
import { teamOfNamespace } from './peopleCatalog';
import { type Rng, createRng } from './random';

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

/**
 * A random source of its own for the details of one document (seeded by a stable key such as
 * the object's uid), so that richer documents leave the estate's main random sequence, and so
 * every other row, unchanged.
 */
function detailsOf(key: string): Rng {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return createRng(hash >>> 0);
}

/** CPU and memory of the instance types the nodes run on. */
const INSTANCE_SIZES: Readonly<Record<string, { cpu: number; memoryGi: number }>> = {
  'm6i.xlarge': { cpu: 4, memoryGi: 16 },
  'm6i.2xlarge': { cpu: 8, memoryGi: 32 },
  'c6i.2xlarge': { cpu: 8, memoryGi: 16 },
  'r6i.xlarge': { cpu: 4, memoryGi: 32 },
};

/** A Kubernetes condition as the API server reports it. */
function condition(type: string, status: boolean, since: Date, reason: string, message?: string) {
  return {
    type,
    status: status ? 'True' : 'False',
    lastTransitionTime: since.toISOString(),
    ...(reason ? { reason } : {}),
    ...(message ? { message } : {}),
  };
}

/** The IP address in an EC2 node name such as `ip-10-1-2-3.eu-west-1.compute.internal`. */
function nodeIp(nodeName: string): string {
  const match = /^ip-(\d+)-(\d+)-(\d+)-(\d+)\./.exec(nodeName);
  return match ? match.slice(1, 5).join('.') : '10.0.0.1';
}

/** A release `steps` patch versions before `version` (not below x.y.0). */
function olderVersion(version: string, steps: number): string {
  const [major = '1', minor = '0', patch = '0'] = version.split('.');
  return `${major}.${minor}.${Math.max(0, Number(patch) - steps)}`;
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
        arn: `arn:aws:eks:${plan.region}:123456789012:cluster/${plan.name}`,
        endpoint: `https://${hex(detailsOf(plan.name), 32).toUpperCase()}.gr7.${plan.region}.eks.amazonaws.com`,
        status: 'ACTIVE',
        kubernetesNetworkConfig: {
          serviceIpv4Cidr: '172.20.0.0/16',
          ipFamily: 'ipv4',
        },
        gitVersion: `${kubeVersion}-eks-${hex(detailsOf(`${plan.name}/git`), 7)}`,
        platformVersion: 'eks.9',
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
    const state = weighted(rng, [
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
        config: nodeDocument({
          name,
          uid,
          created,
          zone,
          instanceId,
          instanceType,
          kubeVersion,
          cluster: plan.name,
          state: state[0],
        }),
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
          metadata: {
            name: storageClass,
            ...(storageClass === 'gp3'
              ? { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }
              : {}),
            creationTimestamp: cluster.createdAt.toISOString(),
          },
          provisioner: 'ebs.csi.aws.com',
          parameters: { type: storageClass, encrypted: 'true', fsType: 'ext4' },
          reclaimPolicy: 'Delete',
          volumeBindingMode: 'WaitForFirstConsumer',
          allowVolumeExpansion: true,
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
        spec: { finalizers: ['kubernetes'] },
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
    const port = stateful ? 5432 : 8080;
    const container = {
      name: service,
      image,
      imagePullPolicy: 'IfNotPresent',
      ports: [{ name: stateful ? 'tcp' : 'http', containerPort: port, protocol: 'TCP' }],
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
      readinessProbe: stateful
        ? { tcpSocket: { port }, periodSeconds: 10 }
        : { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 10 },
      volumeMounts: [
        { name: 'config', mountPath: `/etc/${service}`, readOnly: true },
        ...(stateful ? [{ name: 'data', mountPath: '/var/lib/data' }] : []),
      ],
    };
    const podSpec = {
      serviceAccountName: service,
      containers: [container],
      volumes: [{ name: 'config', configMap: { name: `${service}-config` } }],
      restartPolicy: 'Always',
    };
    const podStates = Array.from({ length: replicas }, () => weighted(rng, POD_STATES));
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
      config: workloadDocument({
        kind,
        service,
        namespace,
        uid: workloadUid,
        created,
        labels,
        replicas,
        readyCount,
        podSpec,
      }),
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
      setRevision(workload, oldSets + 1);
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
              annotations: { 'deployment.kubernetes.io/revision': String(oldSets + 1 - i) },
              ownerReferences: [
                {
                  apiVersion: 'apps/v1',
                  kind: 'Deployment',
                  name: service,
                  uid: workloadUid,
                  controller: true,
                  blockOwnerDeletion: true,
                },
              ],
            },
            spec: {
              replicas: current ? replicas : 0,
              selector: { matchLabels: { app: service, 'pod-template-hash': hash } },
              template: {
                metadata: { labels: { ...labels, 'pod-template-hash': hash } },
                spec: {
                  containers: [
                    {
                      name: service,
                      image: current ? image : `${image.split(':')[0]}:${olderVersion(tag, i)}`,
                    },
                  ],
                },
              },
            },
            status: {
              replicas: current ? replicas : 0,
              readyReplicas: current ? readyCount : 0,
              availableReplicas: current ? readyCount : 0,
              observedGeneration: 1,
            },
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
        podSpec,
        node,
        state,
        locations,
        alias,
        plan,
      });
      set.relate(node, pod);
    });
    if (rng.chance(0.3)) {
      const podName = stateful
        ? `${service}-${replicas}`
        : `${podParent.name}-${kubeSuffix(rng, 5)}`;
      const podCreated = ago(now, rng.int(2, 9) * DAY_MS);
      const podDeleted = ago(now, rng.int(1, 6 * 24) * HOUR_MS);
      const details = detailsOf(`${podParent.id}/${podName}`);
      add(podParent, {
        type: 'Kubernetes::Pod',
        configClass: 'Pod',
        name: podName,
        status: 'Terminated',
        health: 'unknown',
        ready: false,
        createdAt: podCreated,
        deletedAt: podDeleted,
        deleteReason: 'Deleted',
        labels,
        config: {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: {
            name: podName,
            namespace,
            uid: details.uuid(),
            labels,
            creationTimestamp: podCreated.toISOString(),
            deletionTimestamp: podDeleted.toISOString(),
            ownerReferences: [
              {
                apiVersion: 'apps/v1',
                kind: podParent.configClass,
                name: podParent.name,
                uid: podParent.externalId[0],
                controller: true,
              },
            ],
          },
          spec: {
            ...podSpec,
            nodeName: input.nodes[Math.floor(details.next() * input.nodes.length)]?.name,
          },
          status: {
            phase: 'Failed',
            reason: 'Evicted',
            message: 'The node was low on resource: memory.',
            startTime: podCreated.toISOString(),
            containerStatuses: [
              {
                name: service,
                image,
                ready: false,
                restartCount: 0,
                started: false,
                state: {
                  terminated: {
                    exitCode: 137,
                    reason: 'Error',
                    finishedAt: podDeleted.toISOString(),
                  },
                },
              },
            ],
          },
        },
        meta: { evicted: true },
      });
    }

    const svcUid = rng.uuid();
    const clusterIP = `172.20.${rng.int(0, 255)}.${rng.int(1, 254)}`;
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
          clusterIP,
          clusterIPs: [clusterIP],
          ipFamilies: ['IPv4'],
          ipFamilyPolicy: 'SingleStack',
          internalTrafficPolicy: 'Cluster',
          sessionAffinity: 'None',
          ports: [
            {
              name: container.ports[0]?.name,
              port: stateful ? port : 80,
              targetPort: container.ports[0]?.containerPort,
              protocol: 'TCP',
            },
          ],
          selector: { app: service },
        },
        status: { loadBalancer: {} },
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
        metadata: {
          name: `${service}-config`,
          namespace,
          labels: { app: service },
          annotations: {
            'argocd.argoproj.io/tracking-id': `${namespace}:/ConfigMap:${namespace}/${service}-config`,
          },
        },
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
          metadata: {
            name: service,
            namespace,
            labels: { app: service },
            annotations: {
              'cert-manager.io/cluster-issuer': 'letsencrypt-prod',
              'nginx.ingress.kubernetes.io/proxy-body-size': '8m',
            },
          },
          status: {
            loadBalancer: {
              ingress: [
                {
                  hostname: `k8s-ingressn-${hex(detailsOf(`${plan.name}/${namespace}/${service}`), 10)}.elb.${plan.region}.amazonaws.com`,
                },
              ],
            },
          },
          spec: {
            ingressClassName: 'nginx',
            tls: [{ hosts: [host], secretName: `${service}-tls` }],
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
          metadata: { name: service, namespace, labels: { app: service } },
          spec: {
            minReplicas: 2,
            maxReplicas: 10,
            scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: service },
            metrics: [
              {
                type: 'Resource',
                resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
              },
            ],
          },
          status: {
            currentReplicas: replicas,
            desiredReplicas: replicas,
            currentMetrics: [
              {
                type: 'Resource',
                resource: {
                  name: 'cpu',
                  current: { averageUtilization: 35 + ((replicas * 7) % 30) },
                },
              },
            ],
          },
        },
      });
    }
    if (stateful) {
      for (let i = 0; i < replicas; i++) {
        const storage = `${rng.pick([20, 50, 100, 500])}Gi`;
        const volume = detailsOf(`${workload.id}/data-${i}`).uuid();
        if (i === 0) setClaimTemplate(workload, storage);
        const pvc = add(ns, {
          type: 'Kubernetes::PersistentVolumeClaim',
          configClass: 'PersistentVolumeClaim',
          name: `data-${service}-${i}`,
          status: 'Bound',
          health: 'healthy',
          config: {
            apiVersion: 'v1',
            kind: 'PersistentVolumeClaim',
            metadata: {
              name: `data-${service}-${i}`,
              namespace,
              labels: { app: service },
              annotations: {
                'pv.kubernetes.io/bind-completed': 'yes',
                'volume.kubernetes.io/storage-provisioner': 'ebs.csi.aws.com',
              },
            },
            spec: {
              accessModes: ['ReadWriteOnce'],
              storageClassName: 'gp3',
              volumeMode: 'Filesystem',
              volumeName: `pvc-${volume}`,
              resources: { requests: { storage } },
            },
            status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage } },
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
  podSpec: { containers: Array<Record<string, unknown>> } & Record<string, unknown>;
  node: ConfigDraft;
  state: PodState;
  locations: string[];
  alias: string;
  plan: ClusterPlan;
}

const WAITING_MESSAGES: Readonly<Record<string, string>> = {
  CrashLoopBackOff: 'back-off 5m0s restarting failed container',
  ImagePullBackOff: 'Back-off pulling image',
  ContainersNotReady: 'containers with unready status',
  Unschedulable: '0/6 nodes are available: 6 Insufficient cpu.',
};

function buildPod(ctx: SeedContext, set: ConfigSet, input: PodInput): ConfigDraft {
  const { rng, now } = ctx;
  const { state, namespace, name } = input;
  const uid = rng.uuid();
  const created = ago(now, rng.int(10, 14 * 24 * 60) * MINUTE_MS);
  const restarts =
    state.health === 'unhealthy' ? rng.int(5, 80) : rng.chance(0.1) ? rng.int(1, 3) : 0;
  const details = detailsOf(uid);
  const [container] = input.podSpec.containers;
  const image = String(container?.image ?? '');
  const scheduled = state.reason !== 'Unschedulable';
  const startedAt = new Date(created.getTime() + 3_000 + Math.floor(details.next() * 20_000));
  const running = state.phase === 'Running' && state.reason !== 'CrashLoopBackOff';
  let containerState: Record<string, unknown>;
  if (running) containerState = { running: { startedAt: startedAt.toISOString() } };
  else if (state.reason) {
    containerState = {
      waiting: { reason: state.reason, message: WAITING_MESSAGES[state.reason] ?? '' },
    };
  } else containerState = { waiting: { reason: 'ContainerCreating' } };
  const lastTerminated = new Date(now.getTime() - Math.floor(details.next() * 3_600_000));
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
          ownerReferences: [
            {
              apiVersion: 'apps/v1',
              kind: input.parent.configClass,
              name: input.parent.name,
              uid: input.parent.externalId[0],
              controller: true,
            },
          ],
        },
        spec: {
          ...input.podSpec,
          ...(scheduled ? { nodeName: input.node.name } : {}),
        },
        status: {
          phase: state.phase,
          ...(scheduled ? { hostIP: nodeIp(input.node.name) } : {}),
          podIP: `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
          qosClass: 'Burstable',
          startTime: created.toISOString(),
          containerStatuses: [
            {
              name: input.labels.app,
              image,
              ready: state.ready,
              started: running,
              restartCount: restarts,
              state: containerState,
              ...(restarts > 0
                ? {
                    lastState: {
                      terminated: {
                        exitCode: 1,
                        reason: 'Error',
                        finishedAt: lastTerminated.toISOString(),
                      },
                    },
                  }
                : {}),
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

interface NodeFacts {
  name: string;
  uid: string;
  created: Date;
  zone: string;
  instanceId: string;
  instanceType: string;
  kubeVersion: string;
  cluster: string;
  state: string;
}

/** A node as `kubectl get node -o yaml` shows it on EKS. */
function nodeDocument(facts: NodeFacts): Record<string, unknown> {
  const details = detailsOf(facts.uid);
  const size = INSTANCE_SIZES[facts.instanceType] ?? { cpu: 4, memoryGi: 16 };
  const ip = nodeIp(facts.name);
  const ready = facts.state !== 'NotReady';
  const memoryKi = size.memoryGi * 1024 * 1024;
  const heartbeat = new Date(facts.created.getTime() + 60_000);
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      ...metadata(facts.name, null, facts.uid, facts.created, {
        'node.kubernetes.io/instance-type': facts.instanceType,
        'topology.kubernetes.io/zone': facts.zone,
        'topology.kubernetes.io/region': facts.zone.slice(0, -1),
        'kubernetes.io/arch': 'amd64',
        'kubernetes.io/os': 'linux',
        'kubernetes.io/hostname': facts.name,
        'eks.amazonaws.com/nodegroup': `${facts.cluster}-workers`,
        'eks.amazonaws.com/capacityType': 'ON_DEMAND',
      }),
      annotations: {
        'alpha.kubernetes.io/provided-node-ip': ip,
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: {
      providerID: `aws:///${facts.zone}/${facts.instanceId}`,
      unschedulable: facts.state === 'Cordoned',
      ...(facts.state === 'Cordoned'
        ? {
            taints: [
              {
                key: 'node.kubernetes.io/unschedulable',
                effect: 'NoSchedule',
                timeAdded: heartbeat.toISOString(),
              },
            ],
          }
        : {}),
    },
    status: {
      addresses: [
        { type: 'InternalIP', address: ip },
        { type: 'InternalDNS', address: facts.name },
        { type: 'Hostname', address: facts.name },
      ],
      capacity: {
        cpu: String(size.cpu),
        memory: `${memoryKi}Ki`,
        pods: '110',
        'ephemeral-storage': '104845292Ki',
      },
      allocatable: {
        cpu: `${size.cpu * 1000 - 80}m`,
        memory: `${memoryKi - 1_024_000}Ki`,
        pods: '110',
        'ephemeral-storage': '95551679124',
      },
      conditions: [
        condition('MemoryPressure', false, facts.created, 'KubeletHasSufficientMemory'),
        condition('DiskPressure', false, facts.created, 'KubeletHasNoDiskPressure'),
        condition('PIDPressure', false, facts.created, 'KubeletHasSufficientPID'),
        ready
          ? condition('Ready', true, heartbeat, 'KubeletReady', 'kubelet is posting ready status')
          : condition(
              'Ready',
              false,
              heartbeat,
              'NodeStatusUnknown',
              'Kubelet stopped posting node status.',
            ),
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        architecture: 'amd64',
        bootID: details.uuid(),
        containerRuntimeVersion: 'containerd://1.7.11',
        kernelVersion: '6.1.72-96.166.amzn2023.x86_64',
        kubeProxyVersion: facts.kubeVersion,
        kubeletVersion: facts.kubeVersion,
        machineID: hex(details, 32),
        operatingSystem: 'linux',
        osImage: 'Amazon Linux 2023',
        systemUUID: `ec2${hex(details, 5)}-${hex(details, 4)}-${hex(details, 4)}-${hex(details, 4)}-${hex(details, 12)}`,
      },
    },
  };
}

interface WorkloadFacts {
  kind: string;
  service: string;
  namespace: string;
  uid: string;
  created: Date;
  labels: Record<string, string>;
  replicas: number;
  readyCount: number;
  podSpec: Record<string, unknown>;
}

/** A Deployment or StatefulSet manifest with its status, as the API server returns it. */
function workloadDocument(facts: WorkloadFacts): Record<string, unknown> {
  const { kind, service, replicas, readyCount } = facts;
  const stateful = kind === 'StatefulSet';
  const revision = `${service}-${hex(detailsOf(facts.uid), 10)}`;
  const template = {
    metadata: {
      labels: facts.labels,
      annotations: { 'kubectl.kubernetes.io/default-container': service },
    },
    spec: facts.podSpec,
  };
  const spec = stateful
    ? {
        replicas,
        serviceName: service,
        podManagementPolicy: 'OrderedReady',
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 0 } },
        revisionHistoryLimit: 10,
        selector: { matchLabels: { app: service } },
        template,
        volumeClaimTemplates: [
          {
            apiVersion: 'v1',
            kind: 'PersistentVolumeClaim',
            metadata: { name: 'data' },
            spec: {
              accessModes: ['ReadWriteOnce'],
              storageClassName: 'gp3',
              volumeMode: 'Filesystem',
              resources: { requests: { storage: '50Gi' } },
            },
          },
        ],
        persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Retain' },
      }
    : {
        replicas,
        selector: { matchLabels: { app: service } },
        strategy: {
          type: 'RollingUpdate',
          rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' },
        },
        revisionHistoryLimit: 10,
        progressDeadlineSeconds: 600,
        template,
      };
  const status = stateful
    ? {
        observedGeneration: 1,
        replicas,
        readyReplicas: readyCount,
        availableReplicas: readyCount,
        currentReplicas: replicas,
        updatedReplicas: replicas,
        currentRevision: revision,
        updateRevision: revision,
        collisionCount: 0,
      }
    : {
        observedGeneration: 1,
        replicas,
        updatedReplicas: replicas,
        readyReplicas: readyCount,
        availableReplicas: readyCount,
        ...(readyCount < replicas ? { unavailableReplicas: replicas - readyCount } : {}),
        conditions: [
          readyCount > 0
            ? condition(
                'Available',
                true,
                facts.created,
                'MinimumReplicasAvailable',
                'Deployment has minimum availability.',
              )
            : condition(
                'Available',
                false,
                facts.created,
                'MinimumReplicasUnavailable',
                'Deployment does not have minimum availability.',
              ),
          condition(
            'Progressing',
            true,
            facts.created,
            'NewReplicaSetAvailable',
            `ReplicaSet has successfully progressed.`,
          ),
        ],
      };
  return {
    apiVersion: 'apps/v1',
    kind,
    metadata: {
      ...metadata(service, facts.namespace, facts.uid, facts.created, facts.labels),
      generation: 1,
      ...(stateful ? {} : { annotations: { 'deployment.kubernetes.io/revision': '1' } }),
    },
    spec,
    status,
  };
}

/** Records the Deployment's current revision (the number of its replica sets) in its document. */
function setRevision(workload: ConfigDraft, revision: number): void {
  const doc = workload.config as {
    metadata: { generation: number; annotations: Record<string, string> };
    status: { observedGeneration: number };
  };
  doc.metadata.generation = revision;
  doc.metadata.annotations['deployment.kubernetes.io/revision'] = String(revision);
  doc.status.observedGeneration = revision;
}

/** Sets the volume size of a StatefulSet's claim template to that of its claims. */
function setClaimTemplate(workload: ConfigDraft, storage: string): void {
  const doc = workload.config as {
    spec: {
      volumeClaimTemplates?: Array<{ spec: { resources: { requests: { storage: string } } } }>;
    };
  };
  const template = doc.spec.volumeClaimTemplates?.[0];
  if (template) template.spec.resources.requests.storage = storage;
}
