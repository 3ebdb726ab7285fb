/**
 * Config ids in the model's answer turned into links: the answer's text cut into plain parts
 * and the ids of config items the console knows (those the tools or the context named).
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export type AnswerPart = { kind: 'text'; text: string } | { kind: 'config'; id: string };

/** `text` cut at each id in `known` (case-insensitive); other UUIDs stay text. */
export function configLinkParts(text: string, known: ReadonlySet<string>): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const match of text.matchAll(UUID)) {
    const id = match[0].toLowerCase();
    if (!known.has(id)) continue;
    const at = match.index ?? 0;
    if (at > last) parts.push({ kind: 'text', text: text.slice(last, at) });
    parts.push({ kind: 'config', id });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function idOf(value: unknown): string[] {
  const { id } = record(value);
  return typeof id === 'string' && id !== '' ? [id.toLowerCase()] : [];
}

/**
 * The ids of config items a tool's answer names, read where each tool puts them:
 * `search_catalog` its results of kind `config`, `get_config` its `config`. Other tools name
 * checks, incidents or playbooks, which are not linked as config items.
 */
export function configIdsOfTool(tool: string, answer: string): string[] {
  const value = record(parse(answer));
  switch (tool) {
    case 'search_catalog':
      return (Array.isArray(value.results) ? value.results : [])
        .filter((result) => record(result).kind === 'config')
        .flatMap(idOf);
    case 'get_config':
      return idOf(value.config);
    default:
      return [];
  }
}

/** The ids of the config items in a context (`GET /api/llm/context/config/{id}`). */
export function configIdsOfContext(context: { configs: ReadonlyArray<{ id: string }> }): string[] {
  return context.configs.map((config) => config.id.toLowerCase());
}

/** The config items the conversation's tool results named. */
export function knownConfigIdsOf(
  messages: ReadonlyArray<{ role: string; name?: string; content: string }>,
): Set<string> {
  const ids = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'tool' || !message.name) continue;
    for (const id of configIdsOfTool(message.name, message.content)) ids.add(id);
  }
  return ids;
}
