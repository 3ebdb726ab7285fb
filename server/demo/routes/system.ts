import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { SqlClient } from '../db/types';
import { hashToken } from '../auth/caller';
import { requireCaller } from './guard';

export interface SystemRoutesOptions {
  db: SqlClient;
  version: string;
  startedAt: Date;
  /** Properties of the running process, listed before the database rows (api.md PROP-01). */
  localProperties?: Array<{ name: string; value: string; description?: string }>;
}

/** Properties, version and kubeconfig: small native endpoints of Mission Control. */
export function systemRoutes(options: SystemRoutesOptions): FastifyPluginAsync {
  const { db, version } = options;
  const about = () => ({ Version: version, Timestamp: options.startedAt.toISOString() });
  return async (app) => {
    app.get('/about', async () => about());
    app.get('/canary/about', async () => about());

    app.get('/properties', async (request, reply) => {
      if (!(await requireCaller(db, request, reply))) return reply;
      const local = (options.localProperties ?? []).map((p) => ({
        name: p.name,
        value: p.value,
        source: 'local',
        type: 'string',
        description: p.description ?? '',
      }));
      const seen = new Set(local.map((p) => p.name));
      const { rows } = await db.query<{ name: string; value: string }>(
        'SELECT name, value FROM properties WHERE deleted_at IS NULL ORDER BY name',
      );
      return [
        ...local,
        ...rows
          .filter((r) => !seen.has(r.name))
          .map((r) => ({
            name: r.name,
            value: r.value,
            source: 'db',
            type: 'string',
            description: '',
          })),
      ];
    });

    app.get('/kubeconfig', async (request, reply) => {
      const caller = await requireCaller(db, request, reply);
      if (!caller) return reply;
      const token = `mc_${randomBytes(24).toString('base64url')}`;
      const name = `kubeconfig-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await db.query(
        `INSERT INTO access_tokens (name, person_id, value, auto_renew, created_at, created_by, expires_at)
         VALUES ($1, $2, $3, false, now(), $2, now() + interval '90 days')`,
        [name, caller.personId, hashToken(token)],
      );
      const host = request.headers.host ?? '127.0.0.1:3000';
      const server = `${request.protocol}://${host}/api/kubeproxy`;
      const yaml = [
        'apiVersion: v1',
        'kind: Config',
        'clusters:',
        '  - name: mission-control',
        '    cluster:',
        `      server: ${server}`,
        'contexts:',
        '  - name: mission-control',
        '    context:',
        '      cluster: mission-control',
        '      user: mission-control',
        'current-context: mission-control',
        'users:',
        '  - name: mission-control',
        '    user:',
        `      token: ${token}`,
        '',
      ].join('\n');
      return reply
        .header('content-type', 'text/yaml; charset=utf-8')
        .header('content-disposition', 'attachment; filename=mission-control-kubeconfig.yaml')
        .send(yaml);
    });
  };
}
