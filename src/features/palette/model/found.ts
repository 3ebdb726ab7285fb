import type { FoundItem } from '../../../../machines/palette/commandPalette';
import type { FoundChange, FoundResource } from '../../../api/schemas/resources';
import { LOCAL_AGENT_ID } from '../../../api/schemas/healthSummary';
import { parentOf } from './items';

/** A row's tags that are text (others, such as nested values, are not shown). */
function textTags(tags: unknown): Record<string, string> | undefined {
  if (typeof tags !== 'object' || tags === null || Array.isArray(tags)) return undefined;
  const entries = Object.entries(tags as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The agent a row came from, unless it is the local one (which every local item shares). */
function remoteAgent(agent: string | null | undefined): string | undefined {
  return agent && agent !== LOCAL_AGENT_ID ? agent : undefined;
}

/** A resource MISC-03 found, as the palette shows it. */
export function fromFound(row: FoundResource): FoundItem {
  const parent = parentOf(row);
  const tags = textTags(row.tags);
  const agent = remoteAgent(row.agent);
  return {
    id: row.id,
    name: row.name ?? row.id,
    ...(row.type ? { type: row.type } : {}),
    ...(row.health ? { health: row.health } : {}),
    ...(row.status ? { status: row.status } : {}),
    ...(parent ? { parent } : {}),
    ...(tags ? { tags } : {}),
    ...(agent ? { agent } : {}),
  };
}

/** "3 changes, latest: scaled to 4 replicas". */
export function changesSummary(count: number, latest: FoundChange): string {
  const what = latest.summary || latest.change_type;
  const counted = count === 1 ? '1 change' : `${count} changes`;
  return what ? `${counted}, latest: ${what}` : counted;
}

/**
 * Config changes grouped by their config (newest change first, as MISC-03 orders them): one
 * item per config, named as the config, with its count of changes and the latest's summary
 * and severity.
 */
export function groupChanges(rows: readonly FoundChange[]): FoundItem[] {
  const groups = new Map<string, { latest: FoundChange; count: number }>();
  for (const row of rows) {
    const group = groups.get(row.config_id);
    if (group) group.count += 1;
    else groups.set(row.config_id, { latest: row, count: 1 });
  }
  return [...groups.entries()].map(([configId, { latest, count }]) => {
    const tags = textTags(latest.tags);
    const agent = remoteAgent(latest.agent);
    return {
      id: configId,
      name: latest.name ?? configId,
      ...(latest.type ? { type: latest.type } : {}),
      ...(latest.severity ? { status: latest.severity } : {}),
      parent: changesSummary(count, latest),
      ...(tags ? { tags } : {}),
      ...(agent ? { agent } : {}),
    };
  });
}
