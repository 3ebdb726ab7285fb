import { baseApi } from '../../../src/api/baseApi';
import { setSaveFile } from '../../../src/api/endpoints/topology';
import type { SaveFile } from '../../../src/api/endpoints/topology';
import { CONTRACT_CASES, CONTRACT_MODEL_ANSWER } from './cases';
import type { Outcome } from './cases';
import { loadFixtures } from './support/fixtures';
import type { Fixtures } from './support/fixtures';
import type { SqlClient } from '../../../server/demo/db/types';
import { TEST_DATABASE_URL } from '../postgrest/support/postgres';
import { estateOnPostgres, loadEveryEndpoint, startContractHarness } from './support/harness';
import type { ContractHarness } from './support/harness';
import { startScriptedProvider } from '../../support/llmProvider';
import type { ScriptedProvider } from '../../support/llmProvider';

/**
 * The contract suite: each request the console's endpoints build, with arguments from the seeded
 * demo database, goes to the real demo engine and must answer 2xx with a body the endpoint's own
 * schema accepts. A new endpoint without a case fails the first test.
 */
/** The engines the suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL names one. */
const ENGINES: Array<[string, (() => Promise<SqlClient>) | undefined]> = [
  ['PGlite', undefined],
  ...(TEST_DATABASE_URL
    ? [['PostgreSQL', estateOnPostgres] as [string, () => Promise<SqlClient>]]
    : []),
];

describe.each(ENGINES)('every endpoint against the demo engine on %s', (_engine, database) => {
  let harness: ContractHarness;
  let fx: Fixtures;
  /** The model the assistant's endpoints talk to: a scripted OpenAI-compatible server. */
  let model: ScriptedProvider;
  let restoreSaveFile: SaveFile | undefined;
  const saved: Array<{ fileName: string; size: number }> = [];

  beforeAll(async () => {
    harness = await startContractHarness('admin', database);
    const me = await harness.demo.db.query<{ id: string }>(
      `SELECT id FROM people WHERE email = 'admin@demo.local'`,
    );
    fx = await loadFixtures(harness.demo.db, me.rows[0]!.id);
    model = await startScriptedProvider('openai', {
      kind: 'answer',
      text: [CONTRACT_MODEL_ANSWER],
    });
    await harness.demo.db.query(
      `INSERT INTO connections (name, namespace, type, url, password, properties, source)
       VALUES ('contract-model', 'default', 'openai', $1, 'contract-key', '{"model":"scripted"}', 'UI')`,
      [model.url],
    );
    // A download is recorded instead of handed to a browser.
    restoreSaveFile = setSaveFile((blob, fileName) => saved.push({ fileName, size: blob.size }));
  });

  afterAll(async () => {
    if (restoreSaveFile) setSaveFile(restoreSaveFile);
    await harness?.close();
    await model?.close();
  });

  it('has a case for every endpoint of the console', () => {
    const endpoints = loadEveryEndpoint();
    const covered = new Set(CONTRACT_CASES.map((c) => c.endpoint));
    expect(endpoints.filter((name) => !covered.has(name))).toEqual([]);
    expect([...covered].filter((name) => !endpoints.includes(name))).toEqual([]);
  });

  it.each(CONTRACT_CASES.map((c) => [`${c.endpoint}: ${c.label}`, c] as const))(
    '%s',
    async (_title, contract) => {
      const before = harness.sent.length;
      const endpoint = (baseApi.endpoints as Record<string, unknown>)[contract.endpoint] as
        { initiate(arg: unknown, options: { forceRefetch: boolean }): unknown } | undefined;
      expect(endpoint).toBeDefined();
      const dispatch = harness.store.dispatch as unknown as (
        action: unknown,
      ) => Promise<Outcome> & { unsubscribe?(): void };
      // Every case sends its request, even when an earlier case asked the same.
      const pending = dispatch(endpoint!.initiate(contract.args(fx), { forceRefetch: true }));
      const outcome = await pending;
      pending.unsubscribe?.();
      const requests = harness.sent.slice(before);
      const failed = requests.filter((r) => r.status >= 400);
      expect({ error: outcome.error, failed }).toEqual({ error: undefined, failed: [] });
      expect(requests.length).toBeGreaterThan(0);
      contract.then?.(outcome.data, fx);
    },
  );
});
