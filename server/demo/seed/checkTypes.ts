/** The kinds of health check the seed creates, with what a run of each looks like. */
export interface CheckType {
  /** The check's type, also the key of the check's array in the canary spec. */
  type: string;
  icon: string;
  latencyMean: number;
  message: string;
  errors: readonly string[];
  /** The spec of one check named `name` in `namespace` that looks at `target`. */
  spec(name: string, namespace: string, target: string): Record<string, unknown>;
  /** Names of checks in a canary of this type, built from a target (a service, host, ...). */
  targets: readonly string[];
  weight: number;
}

export const CHECK_TYPES: readonly CheckType[] = [
  {
    type: 'http',
    icon: 'http',
    latencyMean: 140,
    message: 'HTTP 200 OK',
    errors: [
      'expected status 200, got 503 Service Unavailable',
      'Get "https://{target}/healthz": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
      'dial tcp 10.0.12.7:443: connect: connection refused',
      'response body did not match: expected "status":"ok"',
      'x509: certificate has expired or is not yet valid',
    ],
    spec: (name, namespace, target) => ({
      name,
      url: `https://${target}.${namespace}.svc.cluster.local/healthz`,
      responseCodes: [200],
      maxSSLExpiry: 7,
      thresholdMillis: 1500,
    }),
    targets: ['healthz', 'readyz', 'login', 'api-v1', 'metrics', 'status', 'graphql', 'home'],
    weight: 30,
  },
  {
    type: 'dns',
    icon: 'dns',
    latencyMean: 18,
    message: 'resolved 2 records',
    errors: [
      'lookup {target}: no such host',
      'read udp 10.0.0.10:53: i/o timeout',
      'expected A record 34.120.10.4, got 34.120.11.9',
    ],
    spec: (name, _namespace, target) => ({
      name,
      server: '8.8.8.8',
      port: 53,
      query: target,
      querytype: 'A',
      minrecords: 1,
      timeout: 5,
    }),
    targets: [
      'api.acme.example',
      'www.acme.example',
      'auth.acme.example',
      'cdn.acme.example',
      'status.acme.example',
    ],
    weight: 8,
  },
  {
    type: 'tcp',
    icon: 'network',
    latencyMean: 6,
    message: 'connected',
    errors: ['dial tcp {target}: connect: connection refused', 'dial tcp {target}: i/o timeout'],
    spec: (name, namespace, target) => ({
      name,
      endpoint: `${target}.${namespace}.svc:5432`,
      thresholdMillis: 500,
    }),
    targets: ['postgres', 'redis', 'kafka', 'rabbitmq', 'memcached'],
    weight: 8,
  },
  {
    type: 'icmp',
    icon: 'ping',
    latencyMean: 32,
    message: '0% packet loss',
    errors: ['100% packet loss', 'packet loss of 40% is above the threshold of 10%'],
    spec: (name, _namespace, target) => ({
      name,
      endpoint: target,
      thresholdMillis: 400,
      packetLossThreshold: 10,
      packetCount: 3,
    }),
    targets: [
      'gateway.acme.example',
      'vpn.acme.example',
      '10.20.0.1',
      '10.40.0.1',
      'bastion.acme.example',
    ],
    weight: 5,
  },
  {
    type: 'kubernetes',
    icon: 'kubernetes',
    latencyMean: 420,
    message: 'all 4 pods ready',
    errors: [
      'pod {target}-7f9c6d8b5-x2kqv is not ready: CrashLoopBackOff',
      'pod {target}-66b8d4c7f-9hzzt is not ready: ImagePullBackOff',
      'expected at least 2 ready pods, found 1',
      'pod {target}-5c8f7b9d4-lt6pm restarted 14 times in the last hour',
    ],
    spec: (name, namespace, target) => ({
      name,
      kind: 'Pod',
      namespaceSelector: { name: namespace },
      resource: { labelSelector: `app=${target}` },
      ready: true,
      healthy: true,
    }),
    targets: ['pods-ready', 'deployments-available', 'no-restarts', 'pvc-bound'],
    weight: 16,
  },
  {
    type: 'postgres',
    icon: 'postgres',
    latencyMean: 38,
    message: 'query returned 1 row',
    errors: [
      'pq: password authentication failed for user "monitor"',
      'dial tcp {target}:5432: connect: connection refused',
      'pq: canceling statement due to statement timeout',
      'replication lag 312s is above 60s',
    ],
    spec: (name, namespace, target) => ({
      name,
      connection: `connection://${namespace}/${target}`,
      query: 'SELECT 1',
      results: 1,
    }),
    targets: ['orders-db', 'ledger-db', 'users-db', 'inventory-db', 'replication-lag'],
    weight: 7,
  },
  {
    type: 'mysql',
    icon: 'mysql',
    latencyMean: 42,
    message: 'query returned 1 row',
    errors: ["Error 1045: Access denied for user 'monitor'@'10.0.3.14'", 'dial tcp: i/o timeout'],
    spec: (name, namespace, target) => ({
      name,
      connection: `connection://${namespace}/${target}`,
      query: 'SELECT 1',
      results: 1,
    }),
    targets: ['wordpress-db', 'legacy-crm', 'reporting-db'],
    weight: 3,
  },
  {
    type: 'redis',
    icon: 'redis',
    latencyMean: 4,
    message: 'PONG',
    errors: [
      'dial tcp {target}:6379: connect: connection refused',
      'LOADING Redis is loading the dataset in memory',
    ],
    spec: (name, namespace, target) => ({ name, addr: `${target}.${namespace}.svc:6379`, db: 0 }),
    targets: ['session-cache', 'cart-cache', 'rate-limiter'],
    weight: 4,
  },
  {
    type: 's3',
    icon: 'aws-s3-bucket',
    latencyMean: 210,
    message: 'found 42 objects, newest 3m ago',
    errors: [
      'AccessDenied: Access Denied (status 403)',
      'newest object is 26h old, expected less than 24h',
      'NoSuchBucket: The specified bucket does not exist',
    ],
    spec: (name, _namespace, target) => ({
      name,
      bucketName: target,
      region: 'eu-west-1',
      maxAge: '24h',
      minCount: 1,
    }),
    targets: ['acme-backups', 'acme-invoices', 'acme-logs-archive', 'acme-data-lake'],
    weight: 4,
  },
  {
    type: 'prometheus',
    icon: 'prometheus',
    latencyMean: 85,
    message: 'query returned 1 series',
    errors: [
      'expected value below 0.05, got 0.132',
      'Post "http://prometheus.monitoring:9090/api/v1/query": dial tcp: i/o timeout',
    ],
    spec: (name, _namespace, target) => ({
      name,
      url: 'http://prometheus.monitoring:9090',
      query: `sum(rate(http_requests_total{job="${target}",code=~"5.."}[5m])) / sum(rate(http_requests_total{job="${target}"}[5m]))`,
      test: { expr: 'results[0].value < 0.05' },
    }),
    targets: ['error-rate', 'p99-latency', 'saturation', 'queue-depth'],
    weight: 8,
  },
  {
    type: 'alertmanager',
    icon: 'alertmanager',
    latencyMean: 60,
    message: 'no firing alerts',
    errors: ['2 alerts firing: KubePodCrashLooping, TargetDown', '1 alert firing: HighErrorRate'],
    spec: (name, namespace) => ({
      name,
      url: 'http://alertmanager.monitoring:9093',
      alerts: ['.*'],
      filters: { namespace },
    }),
    targets: ['firing-alerts'],
    weight: 2,
  },
  {
    type: 'elasticsearch',
    icon: 'elasticsearch',
    latencyMean: 95,
    message: 'cluster status green',
    errors: ['cluster status red: 3 unassigned shards', 'cluster status yellow'],
    spec: (name, namespace, target) => ({
      name,
      url: `http://elasticsearch.${namespace}:9200`,
      index: target,
      query: '{"query":{"match_all":{}}}',
      results: 1,
    }),
    targets: ['logs-*', 'products', 'orders'],
    weight: 2,
  },
  {
    type: 'exec',
    icon: 'console',
    latencyMean: 900,
    message: 'exit code 0',
    errors: [
      'exit status 1: backup is older than 26h',
      'exit status 2: certificate expires in 3 days',
    ],
    spec: (name, _namespace, target) => ({
      name,
      script: `./scripts/check-${target}.sh`,
    }),
    targets: ['backup-freshness', 'cert-expiry', 'license-check'],
    weight: 3,
  },
];
