import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import { EMBEDDED_DATABASE_HOST } from '../seed/settingsCatalog';
import { isUuid } from './canary/ids';
import { answerJsonErrors, requireAccess, sendError } from './guard';

/** How long a test waits for the other side before giving up. */
export const TEST_TIMEOUT_MS = 5_000;

/** A connection row as the test reads it. */
export interface ConnectionRow {
  id: string;
  name: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  insecure_tls: boolean | null;
  properties: Record<string, unknown> | null;
}

/**
 * How a connection is tested from the demo backend: a query against the demo's own database, an
 * HTTP GET, a TCP connect, or not at all (a cloud or SaaS API the demo has no credentials for).
 */
export type Probe =
  | { kind: 'database' }
  | { kind: 'http'; url: string }
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'unreachable'; host: string };

/** Types whose APIs need credentials or networks the demo backend does not have. */
const UNREACHABLE_TYPES = new Set([
  'anthropic',
  'aws',
  'aws_kms',
  'azure',
  'azure_devops',
  'azure_key_vault',
  'discord',
  'folder',
  'gcp',
  'gcp_kms',
  'gcs',
  'gemini',
  'git',
  'github',
  'gitlab',
  'kubernetes',
  'mattermost',
  'ntfy',
  'openai',
  'opsgenie',
  'pagerduty',
  'pushbullet',
  'pushover',
  's3',
  'sftp',
  'slack',
  'smb',
  'smtp',
  'teams',
  'telegram',
  'windows',
]);

/** The host each unreachable type talks to when the connection names none. */
const DEFAULT_HOSTS: Record<string, string> = {
  anthropic: 'api.anthropic.com',
  aws: 'sts.amazonaws.com',
  azure: 'login.microsoftonline.com',
  azure_devops: 'dev.azure.com',
  discord: 'discord.com',
  gcp: 'oauth2.googleapis.com',
  gcs: 'storage.googleapis.com',
  gemini: 'generativelanguage.googleapis.com',
  github: 'api.github.com',
  gitlab: 'gitlab.com',
  kubernetes: 'the Kubernetes API server',
  openai: 'api.openai.com',
  opsgenie: 'api.opsgenie.com',
  pagerduty: 'events.pagerduty.com',
  s3: 's3.amazonaws.com',
  slack: 'slack.com',
  teams: 'outlook.office.com',
  telegram: 'api.telegram.org',
};

/** Default ports of the databases tested with a TCP connect. */
const TCP_PORTS: Record<string, number> = {
  clickhouse: 9000,
  mongo: 27017,
  mongodb: 27017,
  mssql: 1433,
  mysql: 3306,
  postgres: 5432,
  redis: 6379,
  sql_server: 1433,
  sqlserver: 1433,
};

const URL_PARTS = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?(\[[^\]]+\]|[^:/?#]+)(?::(\d+))?/i;

/** Scheme, host and port of a URL, tolerating `$(username)` templates in its credentials. */
export function urlParts(
  url: string | null | undefined,
): { scheme: string; host: string; port: number | null } | null {
  const match = URL_PARTS.exec((url ?? '').trim());
  if (!match?.[1] || !match[2]) return null;
  return {
    scheme: match[1].toLowerCase(),
    host: match[2],
    port: match[3] ? Number(match[3]) : null,
  };
}

function property(connection: ConnectionRow, key: string): string {
  const value = connection.properties?.[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** The host an unreachable connection would talk to: from its URL, its properties or its type. */
function hostOf(connection: ConnectionRow): string {
  const parts = urlParts(connection.url);
  if (parts && parts.scheme !== 'secret' && parts.scheme !== 'configmap') return parts.host;
  const endpoint = urlParts(property(connection, 'endpoint'));
  if (endpoint) return endpoint.host;
  const region = property(connection, 'region');
  if (connection.type === 'aws' && region) return `sts.${region}.amazonaws.com`;
  if (connection.type === 'opsgenie' && region === 'eu') return 'api.eu.opsgenie.com';
  const host = property(connection, 'host') || property(connection, 'server');
  if (host) return host;
  return DEFAULT_HOSTS[connection.type] ?? connection.name;
}

/** Decides how a connection is tested (pure: no I/O). */
export function probeOf(connection: ConnectionRow): Probe {
  const type = connection.type.toLowerCase();
  if (UNREACHABLE_TYPES.has(type)) return { kind: 'unreachable', host: hostOf(connection) };
  const parts = urlParts(connection.url);
  if (type === 'postgres' && parts?.host === EMBEDDED_DATABASE_HOST) return { kind: 'database' };
  const tcpPort = TCP_PORTS[type];
  if (tcpPort !== undefined) {
    const host = parts?.host ?? (property(connection, 'host') || null);
    if (!host) return { kind: 'unreachable', host: connection.name };
    return { kind: 'tcp', host: host.replace(/^\[|\]$/g, ''), port: parts?.port ?? tcpPort };
  }
  if (parts && (parts.scheme === 'http' || parts.scheme === 'https')) {
    return { kind: 'http', url: (connection.url ?? '').trim() };
  }
  return { kind: 'unreachable', host: hostOf(connection) };
}

/** A test's outcome: the payload of a success, or the reason of a failure. */
export type TestOutcome =
  { ok: true; payload: Record<string, unknown> } | { ok: false; error: string };

function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}

/** A literal credential (not a `secret://` or `configmap://` reference the demo cannot read). */
export function literal(value: string | null): string | null {
  if (!value || /^[a-z]+:\/\//i.test(value)) return null;
  return value;
}

function httpGet(
  connection: ConnectionRow,
  target: string,
  timeoutMs: number,
): Promise<TestOutcome> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve({ ok: false, error: `invalid url ${target}` });
  }
  const headers: Record<string, string> = { accept: 'application/json, */*' };
  const username = literal(connection.username);
  const password = literal(connection.password);
  if (username && password) {
    headers.authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  }
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: TestOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        headers,
        timeout: timeoutMs,
        rejectUnauthorized: connection.insecure_tls !== true,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const statusText = response.statusMessage ?? '';
        response.destroy();
        request.destroy();
        if (status >= 500) {
          finish({ ok: false, error: `GET ${target} answered ${status} ${statusText}`.trim() });
        } else {
          finish({
            ok: true,
            payload: { url: target, status, statusText, duration_ms: Date.now() - started },
          });
        }
      },
    );
    const deadline = setTimeout(() => {
      request.destroy();
      finish({ ok: false, error: `no answer from ${url.host} within ${timeoutMs / 1000}s` });
    }, timeoutMs);
    request.on('timeout', () => {
      request.destroy();
      finish({ ok: false, error: `no answer from ${url.host} within ${timeoutMs / 1000}s` });
    });
    request.on('error', (error) => finish({ ok: false, error: errorMessage(error) }));
    request.end();
  });
}

function tcpConnect(host: string, port: number, timeoutMs: number): Promise<TestOutcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let settled = false;
    const finish = (outcome: TestOutcome): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(timeoutMs, () =>
      finish({ ok: false, error: `no answer from ${host}:${port} within ${timeoutMs / 1000}s` }),
    );
    socket.on('connect', () =>
      finish({ ok: true, payload: { host, port, duration_ms: Date.now() - started } }),
    );
    socket.on('error', (error) => finish({ ok: false, error: errorMessage(error) }));
  });
}

async function queryDatabase(db: SqlClient): Promise<TestOutcome> {
  const started = Date.now();
  try {
    const { rows } = await db.query<{ database: string; version: string }>(
      'SELECT current_database() AS database, version() AS version',
    );
    return { ok: true, payload: { ...rows[0], duration_ms: Date.now() - started } };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

/** Tests one connection; never takes much longer than `timeoutMs`. */
export async function testConnection(
  db: SqlClient,
  connection: ConnectionRow,
  timeoutMs = TEST_TIMEOUT_MS,
): Promise<TestOutcome> {
  const probe = probeOf(connection);
  switch (probe.kind) {
    case 'database':
      return queryDatabase(db);
    case 'http':
      return httpGet(connection, probe.url, timeoutMs);
    case 'tcp':
      return tcpConnect(probe.host, probe.port, timeoutMs);
    case 'unreachable':
      return { ok: false, error: `cannot reach ${probe.host} from the demo backend` };
  }
}

/**
 * CONN-02: `POST /connection/test/{id}` (mounted under `/api`) tests a connection for real where
 * the demo backend can: 200 `{ message: "ok", payload }`, or 400 `{ error }` naming what failed.
 */
export function connectionRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    answerJsonErrors(app, 'application/json');

    app.post<{ Params: { id: string } }>('/connection/test/:id', async (request, reply) => {
      const caller = await requireAccess(db, request, reply, 'connections', 'read');
      if (!caller) return reply;
      const { id } = request.params;
      const { rows } = isUuid(id)
        ? await db.query<ConnectionRow>(
            `SELECT id, name, type, url, username, password, insecure_tls, properties
               FROM connections WHERE id = $1 AND deleted_at IS NULL`,
            [id],
          )
        : { rows: [] };
      const connection = rows[0];
      if (!connection) return sendError(reply, 404, 'connection was not found');
      const outcome = await testConnection(db, connection);
      if (!outcome.ok) return sendError(reply, 400, outcome.error);
      return { message: 'ok', payload: { type: connection.type, ...outcome.payload } };
    });
  };
}
