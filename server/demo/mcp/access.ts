/**
 * Who may use the demo's MCP endpoint (api.md AUTH-12), decided by the access review's own
 * function (`decideAccess` in auth/review.ts), so the review answers `mcp:use` and `mcp:run`
 * exactly as the endpoint enforces them.
 */
import type { SqlClient } from '../db/types';
import type { Caller } from '../auth/caller';
import {
  decideAccess,
  groupOfGlobal,
  playbookTarget,
  type Decision,
  type Target,
} from '../auth/review';
import { principalOfCaller } from '../playbooks/access';
import type { PlaybookRow } from '../playbooks/store';
import type { PlaybookResource } from '../playbooks/spec';

/** The global object a connection to the endpoint is about (upstream's `mcp` object). */
export const MCP_OBJECT = 'mcp';

function mcpTarget(): Target {
  const group = groupOfGlobal(MCP_OBJECT);
  if (!group) throw new Error('the mcp object has no resource group');
  return { kind: 'global', id: MCP_OBJECT, name: MCP_OBJECT, group };
}

/** `mcp:use` on the `mcp` object: whether the caller may connect at all. */
export async function decideMcpUse(db: SqlClient, caller: Caller): Promise<Decision> {
  return decideAccess(db, await principalOfCaller(db, caller), mcpTarget(), 'mcp:use');
}

/** `action` on a playbook (run on `on`) for the caller, as the access review decides it. */
function decideOnPlaybook(
  action: 'mcp:run' | 'playbook:run',
): (
  db: SqlClient,
  caller: Caller,
  playbook: PlaybookRow,
  on: PlaybookResource | null,
) => Promise<Decision> {
  return async (db, caller, playbook, on) =>
    decideAccess(db, await principalOfCaller(db, caller), playbookTarget(playbook, on), action);
}

/** `mcp:run` on a playbook (run on `on`): whether a tool may run it for the caller. */
export const decideMcpRun = decideOnPlaybook('mcp:run');

/** `playbook:run` on a playbook (run on `on`): the run permission PB-09 enforces. */
export const decidePlaybookRun = decideOnPlaybook('playbook:run');

/** The reasons of a denial, one sentence. */
export function reasonOf(decision: Decision): string {
  const denying = decision.rules.filter((rule) => rule.effect === 'deny');
  if (denying.length === 0) return 'no rule allows it';
  return denying.map((rule) => rule.description).join('; ');
}
