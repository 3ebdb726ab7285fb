import { renderPluginTemplate } from '../../../server/demo/routes/views';
import { demoSuite } from './support';

jest.setTimeout(120_000);

const { h, cookies } = demoSuite(['admin', 'viewer']);

function pluginVariables(viewId: string, configId?: string, role = 'viewer') {
  const query = configId === undefined ? '' : `?config_id=${configId}`;
  return h.app.inject({
    method: 'GET',
    url: `/api/view/display-plugin-variables/${viewId}${query}`,
    headers: { cookie: cookies[role] as string },
  });
}

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await h.db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
}

/** A namespace of the seeded estate with its tags. */
function aNamespace() {
  return one<{ id: string; name: string; tags: Record<string, string> | null }>(
    `SELECT id, name, tags FROM config_items
      WHERE type = 'Kubernetes::Namespace' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
  );
}

/** Stores a view whose config tab passes variables templated from the config. */
async function viewWithPlugins(name: string, plugins: unknown[]): Promise<string> {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/db/views',
    headers: {
      cookie: cookies.admin as string,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
    payload: JSON.stringify({
      name,
      namespace: 'mission-control',
      source: 'UI',
      spec: {
        display: { title: name, plugins },
        queries: { pods: { configs: { types: ['Kubernetes::Pod'] } } },
        columns: [{ name: 'id', type: 'string', primaryKey: true }],
      },
    }),
  });
  expect(response.statusCode).toBe(201);
  return (response.json<Array<{ id: string }>>()[0] ?? { id: '' }).id;
}

describe('GET /api/view/display-plugin-variables/{id}?config_id=', () => {
  it("templates the config tab plugin's variables with the config item", async () => {
    const namespace = await aNamespace();
    const id = await viewWithPlugins('namespace-pods', [
      {
        configTab: { types: ['Kubernetes::Namespace'] },
        variables: {
          namespace: '$(.config.name)',
          cluster: '{{ .config.tags.cluster }}',
          id: 'config-$(.config.id)',
          missing: '$(.config.tags.nothing)',
        },
      },
    ]);
    const response = await pluginVariables(id, namespace.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      namespace: namespace.name,
      cluster: namespace.tags?.cluster ?? '',
      id: `config-${namespace.id}`,
      missing: '',
    });
  });

  it('answers {} for a view without plugin variables', async () => {
    const namespace = await aNamespace();
    const seeded = await one<{ id: string }>(`SELECT id FROM views WHERE name = 'deployments'`);
    const response = await pluginVariables(seeded.id, namespace.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const plain = await viewWithPlugins('no-plugins', []);
    expect((await pluginVariables(plain, namespace.id)).json()).toEqual({});
  });

  it('is 400 without config_id, 404 for an unknown view or config', async () => {
    const namespace = await aNamespace();
    const seeded = await one<{ id: string }>(`SELECT id FROM views WHERE name = 'deployments'`);
    const missing = await pluginVariables(seeded.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'config_id is required' });

    const unknownView = await pluginVariables('018f4b8e-0000-7000-8000-00000000dead', namespace.id);
    expect(unknownView.statusCode).toBe(404);
    expect(unknownView.json().error).toMatch(/view\(id=.*\) not found/);

    const unknownConfig = await pluginVariables(seeded.id, '018f4b8e-0000-7000-8000-00000000beef');
    expect(unknownConfig.statusCode).toBe(404);
    expect(unknownConfig.json().error).toMatch(/config\(id=.*\) not found/);
  });

  it('needs read access to views', async () => {
    const namespace = await aNamespace();
    const seeded = await one<{ id: string }>(`SELECT id FROM views WHERE name = 'deployments'`);
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/view/display-plugin-variables/${seeded.id}?config_id=${namespace.id}`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('renderPluginTemplate', () => {
  it('reads both template spellings, objects as JSON, missing values as nothing', () => {
    const config = { name: 'web', tags: { env: 'prod' }, labels: null };
    expect(renderPluginTemplate('$(.config.name)/{{.config.tags.env}}', { config })).toBe(
      'web/prod',
    );
    expect(renderPluginTemplate('{{ .config.tags }}', { config })).toBe('{"env":"prod"}');
    expect(renderPluginTemplate('x$(.config.labels.a)y', { config })).toBe('xy');
  });
});
