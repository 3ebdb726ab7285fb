/**
 * The `/playbooks` list as the page shows it (spec 000 §2.3, spec 002 §2.1): every playbook of
 * PB-01 completed with its spec from PB-03, filtered by the search, grouped by category
 * ("Uncategorized" last), with its latest runs from one PB-10 page grouped here.
 */
import type { IconName } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { PlaybookResourceKind } from '../../../../api/endpoints/playbooks';
import type {
  PlaybookName,
  PlaybookRun,
  PlaybookSpec,
  PlaybookTitle,
} from '../../../../api/schemas/playbooks';
import { resourceKinds } from '../../model/resources';

/** The group of playbooks without a category; always shown last. */
export const UNCATEGORIZED = 'Uncategorized';

/** The icon of a playbook whose `icon` is not a Blueprint icon. */
export const DEFAULT_PLAYBOOK_ICON: IconName = 'play';

/** How many of a playbook's latest runs its card shows. */
export const RECENT_RUNS_PER_PLAYBOOK = 5;

/** How many runs (newest first, every playbook) the page reads to find the latest ones. */
export const RECENT_RUNS_PAGE_SIZE = 100;

/** How each resource kind reads on a card. */
export const RESOURCE_KIND_LABELS: Record<PlaybookResourceKind, string> = {
  config: 'Config',
  component: 'Component',
  check: 'Check',
};

const KNOWN_ICONS: ReadonlySet<string> = new Set(Object.values(IconNames));

/** A playbook as its card shows it. */
export interface PlaybookEntry {
  id: string;
  name: string;
  /** The title, else the name (else the id). */
  title: string;
  icon: IconName;
  /** The category, or `UNCATEGORIZED`. */
  category: string;
  description?: string;
  /** The kinds of resource it runs on (none: it runs without one). */
  kinds: PlaybookResourceKind[];
  /** The spec as PB-03 gave it, for the run dialog. */
  spec?: PlaybookSpec;
}

/** One category and its playbooks, by title. */
export interface PlaybookGroup {
  category: string;
  playbooks: PlaybookEntry[];
}

const filled = (value: string | null | undefined): string | undefined => {
  const text = value?.trim();
  return text ? text : undefined;
};

/** A Blueprint icon for a playbook's `icon`: the icon itself when Blueprint has it, else `play`. */
export function playbookIcon(icon: string | null | undefined): IconName {
  const name = filled(icon);
  return name && KNOWN_ICONS.has(name) ? (name as IconName) : DEFAULT_PLAYBOOK_ICON;
}

/**
 * The cards' playbooks: each PB-01 row with the title, description, category, icon and
 * resource kinds its spec (PB-03, matched by id) adds where the row has none.
 */
export function buildEntries(
  names: readonly PlaybookName[],
  titles: readonly PlaybookTitle[] = [],
): PlaybookEntry[] {
  const specs = new Map(titles.map((row) => [row.id, row]));
  return names.map((row) => {
    const extra = specs.get(row.id);
    const spec = extra?.spec ?? undefined;
    const name = filled(row.name) ?? row.id;
    const description = filled(spec?.description);
    return {
      id: row.id,
      name,
      title: filled(row.title) ?? filled(extra?.title) ?? filled(spec?.title) ?? name,
      icon: playbookIcon(filled(row.icon) ?? spec?.icon),
      category: filled(row.category) ?? filled(spec?.category) ?? UNCATEGORIZED,
      ...(description ? { description } : {}),
      kinds: resourceKinds(spec),
      ...(spec ? { spec } : {}),
    };
  });
}

/** Whether the playbook's title or name holds the search (any case); an empty search matches. */
export function matchesSearch(entry: PlaybookEntry, search: string): boolean {
  const words = search.trim().toLowerCase();
  if (!words) return true;
  return entry.title.toLowerCase().includes(words) || entry.name.toLowerCase().includes(words);
}

const byText = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/**
 * The playbooks by category: categories by name with "Uncategorized" last, the playbooks of
 * each by title. Empty categories are not listed.
 */
export function groupByCategory(entries: readonly PlaybookEntry[]): PlaybookGroup[] {
  const groups = new Map<string, PlaybookEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.category);
    if (group) group.push(entry);
    else groups.set(entry.category, [entry]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => {
      if (a === UNCATEGORIZED) return b === UNCATEGORIZED ? 0 : 1;
      if (b === UNCATEGORIZED) return -1;
      return byText(a, b);
    })
    .map(([category, playbooks]) => ({
      category,
      playbooks: [...playbooks].sort((a, b) => byText(a.title, b.title)),
    }));
}

/**
 * The latest runs of each playbook, newest first and at most `limit` each, from runs of any
 * playbooks (PB-10 answers them newest first; they are ordered again by creation here).
 */
export function recentRunsByPlaybook(
  runs: readonly PlaybookRun[],
  limit = RECENT_RUNS_PER_PLAYBOOK,
): Map<string, PlaybookRun[]> {
  const ordered = [...runs].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
  const byPlaybook = new Map<string, PlaybookRun[]>();
  for (const run of ordered) {
    const id = run.playbook_id ?? run.playbooks?.id;
    if (!id) continue;
    const list = byPlaybook.get(id) ?? [];
    if (list.length < limit) list.push(run);
    byPlaybook.set(id, list);
  }
  return byPlaybook;
}
