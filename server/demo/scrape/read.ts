/**
 * Reads a scraper's source document (sources.ts) as the API it stands for: the items and access
 * a real scraper would find, and one HAR entry per request it would make (kubernetes: one list
 * per kind; aws: one call per service and type, and the IAM calls), with the bytes of the
 * document's part as the response and the time its reading took. A kind or call that the
 * document marks with an `error` fails, with its status, and so does a document that is not
 * valid JSON.
 */
import { performance } from 'node:perf_hooks';
import type { SourceKind } from './sources';

type Json = Record<string, unknown>;

/** One config item as the scraper found it. */
export interface ScrapedItem {
  externalId: string[];
  type: string;
  configClass: string;
  name: string;
  config: unknown;
  labels: unknown;
  tags: unknown;
  health: string | null;
  status: string | null;
  ready: boolean | null;
  /** The first external id of its parent, when it has one. */
  parent: string | null;
}

export interface ScrapedUser {
  aliases: string[];
  name: string;
  email: string | null;
  userType: string;
  accountId: string | null;
}

export interface ScrapedGroup {
  aliases: string[];
  name: string;
  groupType: string;
  accountId: string | null;
  members: string[];
}

export interface ScrapedRole {
  aliases: string[];
  name: string;
  roleType: string;
  description: string | null;
  accountId: string | null;
}

export interface ScrapedAccess {
  config: string;
  user: string | null;
  group: string | null;
  role: string | null;
}

export interface ScrapedAccessLog {
  config: string;
  user: string;
  at: string;
  mfa: boolean | null;
  count: number;
  properties: unknown;
}

export interface ScrapedIam {
  users: ScrapedUser[];
  groups: ScrapedGroup[];
  roles: ScrapedRole[];
  access: ScrapedAccess[];
  accessLogs: ScrapedAccessLog[];
}

export interface HarHeader {
  name: string;
  value: string;
}

/** A HAR 1.2 entry. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: HarHeader[];
    queryString: HarHeader[];
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarHeader[];
    content: { size: number; mimeType: string; text: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

/** A log line of the run, before its level is checked. */
export interface ReadLog {
  level: 'info' | 'debug' | 'warn' | 'error';
  message: string;
}

/** What a read of the document found. */
export interface ScrapeRead {
  items: ScrapedItem[];
  /** The aws document's users, groups, roles and access; null for the others or when IAM failed. */
  iam: ScrapedIam | null;
  har: HarEntry[];
  errors: string[];
  /** Types whose list failed: their items are neither found nor deleted. */
  failedTypes: Set<string>;
  /** The whole document could not be read: nothing is saved or deleted. */
  failed: boolean;
  logs: ReadLog[];
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** One request and its answer, timed from `started` (performance.now()) to now. */
function entry(
  method: string,
  url: string,
  status: number,
  body: string,
  startedAt: Date,
  startedMs: number,
  requestBody = '',
  mimeType = 'application/json',
): HarEntry {
  const elapsed = Math.max(0, performance.now() - startedMs);
  const parsed = new URL(url);
  const size = Buffer.byteLength(body);
  const requestHeaders: HarHeader[] = [
    { name: 'Host', value: parsed.host },
    { name: 'Accept', value: 'application/json' },
    { name: 'User-Agent', value: 'config-db/demo' },
    ...(requestBody === '' ? [] : [{ name: 'Content-Type', value: 'application/x-amz-json-1.1' }]),
  ];
  const responseHeaders: HarHeader[] = [
    { name: 'Content-Type', value: mimeType },
    { name: 'Content-Length', value: String(size) },
    { name: 'Date', value: startedAt.toUTCString() },
  ];
  const headersSize = (headers: HarHeader[]) =>
    headers.reduce((sum, h) => sum + h.name.length + h.value.length + 4, 0);
  const send = Math.min(elapsed, 0.05);
  const receive = Math.min(elapsed - send, (size / (64 * 1024 * 1024)) * 1000);
  return {
    startedDateTime: startedAt.toISOString(),
    time: round(elapsed),
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: requestHeaders,
      queryString: [...parsed.searchParams].map(([name, value]) => ({ name, value })),
      headersSize: headersSize(requestHeaders),
      bodySize: Buffer.byteLength(requestBody),
    },
    response: {
      status,
      statusText: STATUS_TEXT[status] ?? '',
      httpVersion: 'HTTP/1.1',
      headers: responseHeaders,
      content: { size, mimeType, text: body },
      redirectURL: '',
      headersSize: headersSize(responseHeaders),
      bodySize: size,
    },
    cache: {},
    timings: { send: round(send), wait: round(elapsed - send - receive), receive: round(receive) },
  };
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** Times a request whose answer `respond` makes. */
function timed(
  method: string,
  url: string,
  respond: () => { status: number; body: string },
  requestBody = '',
): HarEntry {
  const startedAt = new Date();
  const startedMs = performance.now();
  const { status, body } = respond();
  return entry(method, url, status, body, startedAt, startedMs, requestBody);
}

/** The kind's resource name in the API's paths: `Pod` → `pods`, `Ingress` → `ingresses`. */
export function pluralOf(kind: string): string {
  const lower = kind.toLowerCase();
  if (lower === 'endpoints') return lower;
  if (/(s|x|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

/** The list URL of a kind on a cluster: core kinds under /api, the others under /apis. */
function listUrl(cluster: string, apiVersion: string, kind: string): string {
  const prefix = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
  return `https://${cluster}${prefix}/${pluralOf(kind)}`;
}

/** The health and status a scraper reads from a Kubernetes object's `status`. */
function kubernetesHealth(object: Json): { health: string | null; status: string | null } {
  const status = isObject(object.status) ? object.status : {};
  const spec = isObject(object.spec) ? object.spec : {};
  const phase = text(status.phase);
  const conditions = Array.isArray(status.conditions) ? status.conditions.filter(isObject) : [];
  const ready = conditions.find((c) => c.type === 'Ready' || c.type === 'Available');
  const waiting = (Array.isArray(status.containerStatuses) ? status.containerStatuses : [])
    .filter(isObject)
    .map((c) =>
      isObject(c.state) && isObject(c.state.waiting) ? text(c.state.waiting.reason) : null,
    )
    .find((reason) => reason !== null);
  if (waiting) return { health: 'unhealthy', status: waiting };
  if (phase) {
    const health =
      phase === 'Failed'
        ? 'unhealthy'
        : phase === 'Pending' || phase === 'Unknown'
          ? 'warning'
          : 'healthy';
    return { health, status: phase };
  }
  if (typeof spec.replicas === 'number') {
    const readyReplicas = typeof status.readyReplicas === 'number' ? status.readyReplicas : 0;
    if (readyReplicas >= spec.replicas) return { health: 'healthy', status: 'Running' };
    return { health: readyReplicas === 0 ? 'unhealthy' : 'warning', status: 'Pending' };
  }
  if (ready) {
    return ready.status === 'True'
      ? { health: 'healthy', status: 'Ready' }
      : { health: 'unhealthy', status: 'NotReady' };
  }
  return { health: null, status: null };
}

/** What `_item` (or an item's own fields) states, over what the scraper derived. */
function applyStated(item: ScrapedItem, stated: Json): ScrapedItem {
  const out = { ...item };
  const ids = stated.external_id;
  if (Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === 'string')) {
    out.externalId = ids as string[];
  }
  if (text(stated.type)) out.type = stated.type as string;
  if (text(stated.config_class)) out.configClass = stated.config_class as string;
  if (text(stated.name)) out.name = stated.name as string;
  if ('labels' in stated) out.labels = stated.labels ?? null;
  if ('tags' in stated) out.tags = stated.tags ?? null;
  if ('health' in stated) out.health = text(stated.health);
  if ('status' in stated) out.status = text(stated.status);
  if ('ready' in stated) out.ready = typeof stated.ready === 'boolean' ? stated.ready : null;
  if ('parent' in stated) out.parent = text(stated.parent);
  return out;
}

function fail(read: ScrapeRead, error: string): ScrapeRead {
  read.errors.push(error);
  read.failed = true;
  read.logs.push({ level: 'error', message: error });
  return read;
}

function emptyRead(): ScrapeRead {
  return {
    items: [],
    iam: null,
    har: [],
    errors: [],
    failedTypes: new Set(),
    failed: false,
    logs: [],
  };
}

/** Parses the document; answers its object or records the failure. */
function parseDocument(read: ScrapeRead, source: string, url: string): Json | null {
  let document: unknown;
  const entryOf = (status: number, body: string) => timed('GET', url, () => ({ status, body }));
  try {
    document = JSON.parse(source);
  } catch (error) {
    const message = `the source is not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
    read.har.push(entryOf(500, JSON.stringify({ error: message })));
    fail(read, message);
    return null;
  }
  if (!isObject(document) || !Array.isArray(document.items)) {
    const message = 'the source is not an object with an items array';
    read.har.push(entryOf(500, JSON.stringify({ error: message })));
    fail(read, message);
    return null;
  }
  return document;
}

/** Reads a kubernetes document: one list per kind. */
function readKubernetes(source: string, defaultCluster: string): ScrapeRead {
  const read = emptyRead();
  const document = parseDocument(read, source, `https://${defaultCluster}/api`);
  if (!document) return read;
  const cluster = text(document.cluster) ?? defaultCluster;
  const byKind = new Map<string, { apiVersion: string; objects: Json[]; errors: Json[] }>();
  for (const raw of document.items as unknown[]) {
    // An object without a kind of its own may say its type in `_item`.
    const statedType = isObject(raw) && isObject(raw._item) ? text(raw._item.type) : null;
    const kind = isObject(raw)
      ? (text(raw.kind) ?? statedType?.replace(/^Kubernetes::/, '') ?? null)
      : null;
    if (!isObject(raw) || !kind) {
      read.logs.push({ level: 'warn', message: 'skipped an item without a kind' });
      continue;
    }
    const group = byKind.get(kind) ?? {
      apiVersion: text(raw.apiVersion) ?? 'v1',
      objects: [],
      errors: [],
    };
    byKind.set(kind, group);
    if ('error' in raw) group.errors.push(raw);
    else group.objects.push(raw);
  }
  const namespaces = new Map<string, string>();
  for (const object of byKind.get('Namespace')?.objects ?? []) {
    const meta = isObject(object.metadata) ? object.metadata : {};
    if (text(meta.name) && text(meta.uid)) namespaces.set(meta.name as string, meta.uid as string);
  }
  for (const [kind, group] of byKind) {
    const url = listUrl(cluster, group.apiVersion, kind);
    const failure = group.errors[0];
    if (failure) {
      const status = typeof failure.status === 'number' ? failure.status : 403;
      const message = String(failure.error);
      read.har.push(
        timed('GET', url, () => ({
          status,
          body: JSON.stringify({
            kind: 'Status',
            apiVersion: 'v1',
            status: 'Failure',
            message,
            reason: STATUS_TEXT[status]?.replace(/ /g, '') ?? 'Unknown',
            code: status,
          }),
        })),
      );
      read.failedTypes.add(`Kubernetes::${kind}`);
      const error = `failed to list ${pluralOf(kind)}: ${message}`;
      read.errors.push(error);
      read.logs.push({ level: 'error', message: error });
      continue;
    }
    const found: ScrapedItem[] = [];
    read.har.push(
      timed('GET', url, () => {
        const objects = group.objects.map((object) => {
          const { _item: stated, ...config } = object;
          const meta = isObject(config.metadata) ? config.metadata : {};
          const name = text(meta.name) ?? '';
          const namespace = text(meta.namespace);
          const plural = pluralOf(kind);
          const alias = namespace
            ? `kubernetes/${cluster}/namespaces/${namespace}/${plural}/${name}`
            : `kubernetes/${cluster}/${plural}/${name}`;
          const owner = (Array.isArray(meta.ownerReferences) ? meta.ownerReferences : []).find(
            isObject,
          );
          const { health, status } = kubernetesHealth(config);
          let item: ScrapedItem = {
            externalId: text(meta.uid) ? [meta.uid as string, alias] : [alias],
            type: `Kubernetes::${kind}`,
            configClass: kind,
            name,
            config,
            labels: isObject(meta.labels) ? meta.labels : null,
            tags: { cluster, ...(namespace ? { namespace } : {}) },
            health,
            status,
            ready: health === null ? null : health === 'healthy',
            parent:
              (owner && text(owner.uid)) ??
              (namespace && kind !== 'Namespace' ? (namespaces.get(namespace) ?? null) : null),
          };
          if (isObject(stated)) item = applyStated(item, stated);
          found.push(item);
          return config;
        });
        return {
          status: 200,
          body: JSON.stringify({
            apiVersion: group.apiVersion,
            kind: `${kind}List`,
            metadata: { resourceVersion: String(objects.length) },
            items: objects,
          }),
        };
      }),
    );
    const valid = found.filter((item) => item.name !== '');
    if (valid.length < found.length) {
      read.logs.push({
        level: 'warn',
        message: `skipped ${found.length - valid.length} ${pluralOf(kind)} without a name`,
      });
    }
    read.items.push(...valid);
    read.logs.push({ level: 'debug', message: `listed ${valid.length} ${pluralOf(kind)}` });
  }
  return read;
}

/** API versions of the query-style AWS services. */
const AWS_VERSIONS: Record<string, string> = {
  ec2: '2016-11-15',
  rds: '2014-10-31',
  sts: '2011-06-15',
  iam: '2010-05-08',
  elasticloadbalancing: '2015-12-01',
};

/** The AWS API request that lists the items of a type in a region. */
export function awsRequest(
  type: string,
  region: string,
): { method: string; url: string; body: string } {
  const [, group = '', resource = ''] = type.split('::');
  // The query API, as a GET with the action in the query string (the scrapers' SDK posts it
  // as a form; the URL shows it here).
  const query = (service: string, action: string, global = false) => ({
    method: 'GET',
    url: `https://${service}.${global ? '' : `${region}.`}amazonaws.com/?Action=${action}&Version=${AWS_VERSIONS[service] ?? '2016-11-15'}`,
    body: '',
  });
  switch (type) {
    case 'AWS::::Account':
      return query('sts', 'GetCallerIdentity', true);
    case 'AWS::Region':
      return query('ec2', 'DescribeRegions');
    case 'AWS::EC2::VPC':
      return query('ec2', 'DescribeVpcs');
    case 'AWS::IAM::Role':
      return query('iam', 'ListRoles', true);
    case 'AWS::IAM::User':
      return query('iam', 'ListUsers', true);
    case 'AWS::S3::Bucket':
      return { method: 'GET', url: 'https://s3.amazonaws.com/', body: '' };
    case 'AWS::Lambda::Function':
      return {
        method: 'GET',
        url: `https://lambda.${region}.amazonaws.com/2015-03-31/functions/`,
        body: '',
      };
    case 'AWS::EKS::Cluster':
      return { method: 'GET', url: `https://eks.${region}.amazonaws.com/clusters`, body: '' };
  }
  const service = group === 'ElasticLoadBalancingV2' ? 'elasticloadbalancing' : group.toLowerCase();
  return query(service || 'unknown', `Describe${resource}${resource.endsWith('s') ? 'es' : 's'}`);
}

/** An item of an aws or generic document. */
function catalogItem(raw: Json, accountId: string | null): ScrapedItem | null {
  const type = text(raw.type);
  const id = text(raw.id);
  if (!type || !id) return null;
  const region = text(raw.region);
  const aliases = Array.isArray(raw.aliases)
    ? raw.aliases.filter((a) => typeof a === 'string')
    : [];
  const item: ScrapedItem = {
    externalId: [id, ...aliases],
    type,
    configClass: type.split('::').filter(Boolean).pop() ?? type,
    name: text(raw.name) ?? id,
    config: raw.config ?? {},
    labels: null,
    tags:
      accountId || region
        ? { ...(accountId ? { account: accountId } : {}), ...(region ? { region } : {}) }
        : null,
    health: null,
    status: null,
    ready: null,
    parent: null,
  };
  return applyStated(item, raw);
}

/** Reads an aws or a generic document: one call per type, and the IAM calls. */
function readCatalog(source: string, kind: 'aws' | 'generic', scraperName: string): ScrapeRead {
  const read = emptyRead();
  const host =
    kind === 'aws' ? 'https://sts.amazonaws.com/' : `https://${scraperName}.source.demo.local/`;
  const document = parseDocument(read, source, host);
  if (!document) return read;
  const accountId = kind === 'aws' ? text(document.account_id) : null;
  const byType = new Map<string, { items: Json[]; errors: Json[] }>();
  for (const raw of document.items as unknown[]) {
    if (!isObject(raw) || !text(raw.type)) {
      read.logs.push({ level: 'warn', message: 'skipped an item without a type' });
      continue;
    }
    const group = byType.get(raw.type as string) ?? { items: [], errors: [] };
    byType.set(raw.type as string, group);
    if ('error' in raw) group.errors.push(raw);
    else group.items.push(raw);
  }
  for (const [type, group] of byType) {
    const region = text(group.items[0]?.region) ?? 'us-east-1';
    let method = 'GET';
    let url = `https://${scraperName}.source.demo.local/items?type=${encodeURIComponent(type)}`;
    let requestBody = '';
    if (kind === 'aws') {
      ({ method, url, body: requestBody } = awsRequest(type, region));
    }
    const failure = group.errors[0];
    if (failure) {
      const status = typeof failure.status === 'number' ? failure.status : 403;
      const message = String(failure.error);
      read.har.push(
        timed(
          method,
          url,
          () => ({
            status,
            body: JSON.stringify({
              __type: status === 403 ? 'AccessDenied' : 'InternalFailure',
              message,
            }),
          }),
          requestBody,
        ),
      );
      read.failedTypes.add(type);
      const error = `failed to list ${type}: ${message}`;
      read.errors.push(error);
      read.logs.push({ level: 'error', message: error });
      continue;
    }
    const found: ScrapedItem[] = [];
    read.har.push(
      timed(
        method,
        url,
        () => {
          for (const raw of group.items) {
            const item = catalogItem(raw, accountId);
            if (item) found.push(item);
          }
          return { status: 200, body: JSON.stringify({ Items: group.items }) };
        },
        requestBody,
      ),
    );
    if (found.length < group.items.length) {
      read.logs.push({
        level: 'warn',
        message: `skipped ${group.items.length - found.length} ${type} without an id`,
      });
    }
    read.items.push(...found);
    read.logs.push({ level: 'debug', message: `listed ${found.length} ${type}` });
  }
  if (kind === 'aws' && isObject(document.iam)) read.iam = readIam(read, document.iam, accountId);
  return read;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];

/** The IAM calls of an aws document: users, groups, roles, who has access to what, sign-ins. */
function readIam(read: ScrapeRead, iam: Json, accountId: string | null): ScrapedIam | null {
  const part = (key: string) =>
    Array.isArray(iam[key]) ? (iam[key] as unknown[]).filter(isObject) : [];
  const call = (action: string, key: string, body: unknown) =>
    timed('GET', `https://iam.amazonaws.com/?Action=${action}&Version=2010-05-08`, () => ({
      status: 200,
      body: JSON.stringify({ [key]: body }),
    }));
  if (typeof iam.error === 'string') {
    const status = typeof iam.status === 'number' ? iam.status : 403;
    read.har.push(
      timed(
        'GET',
        'https://iam.amazonaws.com/?Action=GetAccountAuthorizationDetails&Version=2010-05-08',
        () => ({
          status,
          body: JSON.stringify({ __type: 'AccessDenied', message: iam.error }),
        }),
      ),
    );
    const error = `failed to read IAM: ${iam.error}`;
    read.errors.push(error);
    read.logs.push({ level: 'error', message: error });
    return null;
  }
  const account = (row: Json) => text(row.account_id) ?? accountId;
  const users: ScrapedUser[] = [];
  read.har.push(call('ListUsers', 'Users', part('users')));
  for (const row of part('users')) {
    const id = text(row.id);
    if (!id) continue;
    users.push({
      aliases: [id, ...strings(row.aliases).filter((a) => a !== id)],
      name: text(row.name) ?? id,
      email: text(row.email),
      userType: text(row.user_type) ?? 'User',
      accountId: account(row),
    });
  }
  const groups: ScrapedGroup[] = [];
  read.har.push(call('ListGroups', 'Groups', part('groups')));
  for (const row of part('groups')) {
    const id = text(row.id);
    if (!id) continue;
    groups.push({
      aliases: [id, ...strings(row.aliases).filter((a) => a !== id)],
      name: text(row.name) ?? id,
      groupType: text(row.group_type) ?? 'IAMGroup',
      accountId: account(row),
      members: strings(row.members),
    });
  }
  const roles: ScrapedRole[] = [];
  read.har.push(call('ListRoles', 'Roles', part('roles')));
  for (const row of part('roles')) {
    const id = text(row.id);
    if (!id) continue;
    roles.push({
      aliases: [id, ...strings(row.aliases).filter((a) => a !== id)],
      name: text(row.name) ?? id,
      roleType: text(row.role_type) ?? 'IAMRole',
      description: text(row.description),
      accountId: account(row),
    });
  }
  read.har.push(call('GetAccountAuthorizationDetails', 'AuthorizationDetails', part('access')));
  const access: ScrapedAccess[] = [];
  for (const row of part('access')) {
    const config = text(row.config);
    const user = text(row.user);
    const group = text(row.group);
    const role = text(row.role);
    if (!config || (!user && !group && !role)) continue;
    access.push({ config, user, group, role });
  }
  read.har.push(
    // CloudTrail's JSON API: a POST whose target header names the action.
    timed(
      'POST',
      'https://cloudtrail.us-east-1.amazonaws.com/',
      () => ({
        status: 200,
        body: JSON.stringify({ Events: part('access_logs') }),
      }),
      JSON.stringify({
        LookupAttributes: [{ AttributeKey: 'EventName', AttributeValue: 'ConsoleLogin' }],
      }),
    ),
  );
  const accessLogs: ScrapedAccessLog[] = [];
  for (const row of part('access_logs')) {
    const config = text(row.config);
    const user = text(row.user);
    const at = text(row.at);
    if (!config || !user || !at || Number.isNaN(Date.parse(at))) continue;
    accessLogs.push({
      config,
      user,
      at: new Date(at).toISOString(),
      mfa: typeof row.mfa === 'boolean' ? row.mfa : null,
      count: typeof row.count === 'number' ? row.count : 1,
      properties: row.properties ?? null,
    });
  }
  read.logs.push({
    level: 'debug',
    message: `read ${users.length} users, ${groups.length} groups, ${roles.length} roles, ${access.length} grants, ${accessLogs.length} sign-ins`,
  });
  return { users, groups, roles, access, accessLogs };
}

/** Reads a document of the scraper's kind. */
export function readScrapeSource(
  source: string,
  kind: SourceKind,
  scraper: { name: string; cluster: string },
): ScrapeRead {
  return kind === 'kubernetes'
    ? readKubernetes(source, scraper.cluster)
    : readCatalog(source, kind, scraper.name);
}
