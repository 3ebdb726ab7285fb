/**
 * The subject workbench's in-place changes against the real demo engine, through the
 * console's own endpoints and builders: a permission row built by `grantInput` for a team or a
 * role on a playbook's run or approval changes the search's entry for it (the effective access
 * and what marks it direct), and deleting the row puts it back. This is why the workbench offers
 * changes only on those cells: each one changes what the matrix shows.
 */
import type { AccessSearchRequest } from '../../../contracts/accessSearch';
import type { GrantChange } from '../../../machines/permissions/subjectGrant';
import { accessSearchApi } from '../../../src/api/endpoints/accessSearch';
import { permissionsApi } from '../../../src/api/endpoints/permissions';
import type { AccessSearchEntry } from '../../../src/api/schemas/accessSearch';
import type { SubjectKind } from '../../../src/features/permissions/model/inference';
import {
  deniedByOthers,
  directRules,
  grantInput,
  isDirect,
} from '../../../src/features/permissions/model/subjectAccess';
import { loadFixtures } from './support/fixtures';
import type { Fixtures } from './support/fixtures';
import { startContractHarness } from './support/harness';
import type { ContractHarness } from './support/harness';

jest.setTimeout(60_000);

let harness: ContractHarness;
let fx: Fixtures;

beforeAll(async () => {
  harness = await startContractHarness('admin');
  const me = await harness.demo.db.query<{ id: string }>(
    `SELECT id FROM people WHERE email = 'admin@demo.local'`,
  );
  fx = await loadFixtures(harness.demo.db, me.rows[0]!.id);
});

afterAll(async () => {
  await harness?.close();
});

type Dispatched<T> = Promise<{ data?: T; error?: unknown }> & { unsubscribe?(): void };
const dispatch = <T>(action: unknown) =>
  (harness.store.dispatch as unknown as (action: unknown) => Dispatched<T>)(action);

/** The search's entries of every playbook for the subject and action, denied ones included. */
async function entriesOf(subject: string, action: string): Promise<AccessSearchEntry[]> {
  const body: AccessSearchRequest = {
    subject,
    actions: [action],
    resource_types: ['playbook'],
    include_denied: true,
    limit: 1000,
  };
  const pending = dispatch<{ results: AccessSearchEntry[] }>(
    accessSearchApi.endpoints.searchSubjectAccess.initiate(body, { forceRefetch: true }),
  );
  const outcome = await pending;
  pending.unsubscribe?.();
  expect(outcome.error).toBeUndefined();
  return outcome.data?.results ?? [];
}

/** The search's entry of one playbook (the config playbook unless told). */
async function entryOf(
  subject: string,
  action: string,
  playbook = fx.configPlaybookId,
): Promise<AccessSearchEntry | undefined> {
  return (await entriesOf(subject, action)).find((entry) => entry.id === playbook);
}

async function write(change: GrantChange, kind: SubjectKind): Promise<string> {
  const outcome = await dispatch<Array<{ id: string }>>(
    permissionsApi.endpoints.createPermission.initiate(grantInput(change, kind)),
  );
  expect(outcome.error).toBeUndefined();
  return outcome.data![0]!.id;
}

async function remove(id: string) {
  const outcome = await dispatch(permissionsApi.endpoints.deletePermission.initiate(id));
  expect(outcome.error).toBeUndefined();
}

const change = (
  kind: GrantChange['kind'],
  subject: string,
  action: string,
  playbook = fx.configPlaybookId,
): GrantChange => ({
  kind,
  subject,
  resourceType: 'playbook',
  resourceId: playbook,
  resourceName: 'the playbook',
  action,
  permissionIds: [],
});

describe('in-place changes on the demo engine', () => {
  it('a role allowed directly to run a playbook shows it, and removing the row undoes it', async () => {
    // A playbook the viewer role may not run, no deny of its own or of others in the way (the
    // cells the workbench offers "Allow directly" on).
    const before = (await entriesOf('viewer', 'playbook:run')).find(
      (entry) =>
        !entry.allowed &&
        directRules(entry, 'viewer').length === 0 &&
        !deniedByOthers(entry, 'viewer'),
    )!;
    expect(before).toBeDefined();
    const id = await write(change('allow', 'viewer', 'playbook:run', before.id), 'group');

    const after = (await entryOf('viewer', 'playbook:run', before.id))!;
    expect(after.allowed).toBe(true);
    expect(after.direct).toBe(true);
    expect(directRules(after, 'viewer').map((rule) => rule.permission?.id)).toEqual([id]);

    await remove(id);
    expect(await entryOf('viewer', 'playbook:run', before.id)).toEqual(before);
  });

  it('a team’s direct row is one more direct rule, gone once removed', async () => {
    const before = (await entryOf(fx.teamId, 'playbook:approve'))!;
    const id = await write(change('deny', fx.teamId, 'playbook:approve'), 'team');
    const after = (await entryOf(fx.teamId, 'playbook:approve'))!;
    expect(after.allowed).toBe(false);
    expect(isDirect(after, fx.teamId)).toBe(true);
    expect(directRules(after, fx.teamId).map((rule) => rule.permission?.id)).toContain(id);
    await remove(id);
    expect(await entryOf(fx.teamId, 'playbook:approve')).toEqual(before);
  });

  it('a role denied directly to approve shows the denial naming it', async () => {
    const id = await write(change('deny', 'editor', 'playbook:approve'), 'group');
    const denied = (await entryOf('editor', 'playbook:approve'))!;
    expect(denied.allowed).toBe(false);
    expect(isDirect(denied, 'editor')).toBe(true);
    expect(directRules(denied, 'editor')).toEqual([
      expect.objectContaining({ effect: 'deny', permission: expect.objectContaining({ id }) }),
    ]);
    await remove(id);
    expect(directRules((await entryOf('editor', 'playbook:approve'))!, 'editor')).toEqual([]);
  });
});
