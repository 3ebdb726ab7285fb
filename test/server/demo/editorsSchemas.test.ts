import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { type DemoHarness, startDemo } from './support';
import { expectAnswers } from '../../support/answers';

jest.setTimeout(120_000);

let demo: DemoHarness;
let app: FastifyInstance;
let db: SqlClient;

const FILES = [
  'canary.schema.json',
  'scrape_config.schema.json',
  'topology.schema.json',
  'team.schema.json',
  'incident-rules.schema.json',
];

async function schemaOf(file: string): Promise<Record<string, unknown>> {
  const response = await app.inject({ method: 'GET', url: `/api/schemas/${file}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  return response.json<Record<string, unknown>>();
}

const validators = new Map<string, ValidateFunction>();

/** The schema as served, compiled once per file. */
async function validatorOf(file: string): Promise<ValidateFunction> {
  const known = validators.get(file);
  if (known) return known;
  const validate = new Ajv({ strict: false, allErrors: true }).compile(await schemaOf(file));
  validators.set(file, validate);
  return validate;
}

beforeAll(async () => {
  demo = await startDemo();
  app = demo.app;
  db = demo.db;
});

afterAll(async () => {
  await demo.close();
});

describe('JSON schemas for the editors (MISC-06)', () => {
  it.each(FILES)('serves %s without a session as a draft-07 object schema', async (file) => {
    const schema = await schemaOf(file);
    expect(schema).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      additionalProperties: true,
    });
  });

  it('answers 404 JSON for an unknown file', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/schemas/nothing.schema.json' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: expect.stringContaining('nothing.schema.json') });
  });

  it('accepts every seeded canary spec and the form types written by the editor', async () => {
    const validate = await validatorOf('canary.schema.json');
    const { rows } = await db.query<{ spec: unknown }>(`SELECT spec FROM canaries`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([validate(row.spec), validate.errors]).toEqual([true, null]);
    const written = {
      schedule: '@every 30s',
      http: [
        {
          name: 'home',
          url: 'https://example.com',
          method: 'POST',
          body: '{}',
          headers: [{ name: 'x-a', value: 'b' }],
          username: 'u',
          password: { valueFrom: { secretKeyRef: { name: 's', key: 'p' } } },
          ntlm: true,
          responseCodes: [200, 201],
          thresholdMillis: 500,
          responseContent: 'ok',
          maxSSLExpiry: 7,
          test: { expr: 'code == 200' },
          display: { template: '{{.code}}' },
        },
      ],
      alertmanager: [{ name: 'am', host: 'http://am:9093', alerts: ['x'], filters: { a: 'b' } }],
      elasticsearch: [{ name: 'es', url: 'http://es', index: 'logs', query: '{}', results: 1 }],
      exec: [{ name: 'ex', script: 'echo ok' }],
      redis: [{ name: 'rd', addr: 'redis:6379', db: 0 }],
      mongodb: [{ name: 'mg', url: 'mongodb://m' }],
      tcp: [{ name: 'tc', endpoint: 'x:443', thresholdMillis: 100 }],
      icmp: [{ name: 'ic', endpoint: '10.0.0.1', packetCount: 3, packetLossThreshold: 10 }],
      folder: [
        {
          name: 'fo',
          path: 's3://bucket',
          minAge: '1h',
          maxCount: 10,
          filter: { regex: '.*\\.log' },
          awsConnection: { region: 'eu-west-1' },
        },
      ],
      prometheus: [{ name: 'pr', url: 'http://prom', query: 'up' }],
    };
    expect([validate(written), validate.errors]).toEqual([true, null]);
  });

  it.each([
    [{ http: [{ url: 'https://a' }] }, '/http/0', 'name'],
    [{ http: [{ name: 'a' }] }, '/http/0', 'url'],
    [{ tcp: [{ name: 'a' }] }, '/tcp/0', 'endpoint'],
    [
      { icmp: [{ name: 'a', endpoint: 'x', packetLossThreshold: 101 }] },
      '/icmp/0/packetLossThreshold',
      '',
    ],
    [{ exec: [{ name: 'a' }] }, '/exec/0', 'script'],
    [{ elasticsearch: [{ name: 'a', url: 'u', index: 'i' }] }, '/elasticsearch/0', 'query'],
    [{ folder: [{ name: 'a' }] }, '/folder/0', 'path'],
    [{ redis: [{ name: 'a', addr: 'x', db: 'zero' }] }, '/redis/0/db', ''],
    [{ kubernetes: { name: 'a' } }, '/kubernetes', ''],
    [{ interval: 'often' }, '/interval', ''],
  ])('rejects the canary spec %j at %s', async (spec, path, missing) => {
    const validate = await validatorOf('canary.schema.json');
    expect(validate(spec)).toBe(false);
    const errors = validate.errors ?? [];
    expect(errors.some((error) => error.instancePath === path)).toBe(true);
    if (missing) {
      expect(
        errors.some(
          (error) => (error.params as { missingProperty?: string }).missingProperty === missing,
        ),
      ).toBe(true);
    }
  });

  it('accepts the seeded scraper specs and describes retention and the form types', async () => {
    const validate = await validatorOf('scrape_config.schema.json');
    const { rows } = await db.query<{ spec: unknown }>(`SELECT spec FROM config_scrapers`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([validate(row.spec), validate.errors]).toEqual([true, null]);
    const written = {
      schedule: '@every 30m',
      retention: {
        changes: [{ name: 'Pulled', age: '7d', count: 100 }],
        type: [{ name: 'Kubernetes::Pod', createdAge: '1d', updatedAge: '2d', deletedAge: '3d' }],
      },
      kubernetes: [{ clusterName: 'demo', scope: 'cluster', maxInFlight: 64, exclusions: ['x'] }],
    };
    expect([validate(written), validate.errors]).toEqual([true, null]);
    expectAnswers(validate, [
      [{ retention: { changes: [{ age: '1d' }] } }, false],
      [{ kubernetes: [{ namespace: 'x' }] }, false],
      [{ githubActions: [{ owner: 'o' }] }, false],
      [{ sql: [{ type: 't', id: 'i', connection: 'c' }] }, false],
      [{ kubernetes: 'cluster' }, false],
    ]);
  });

  it('accepts the seeded topology, team and incident rule specs', async () => {
    for (const [file, table] of [
      ['topology.schema.json', 'topologies'],
      ['team.schema.json', 'teams'],
      ['incident-rules.schema.json', 'incident_rules'],
    ] as const) {
      const validate = await validatorOf(file);
      const { rows } = await db.query<{ spec: unknown }>(
        `SELECT spec FROM ${table} WHERE spec IS NOT NULL`,
      );
      for (const row of rows)
        expect([file, validate(row.spec), validate.errors]).toEqual([file, true, null]);
    }
  });
});
