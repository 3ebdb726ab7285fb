/** The kinds of resource the palette searches on the server. */
export const PALETTE_SEARCH_KINDS = [
  'checks',
  'configs',
  'components',
  'incidents',
  'playbooks',
  'connections',
  'rules',
  'views',
  'canaries',
  'changes',
  'teams',
] as const;
export type PaletteSearchKind = (typeof PALETTE_SEARCH_KINDS)[number];

/**
 * The kinds MISC-03 searches, whose text is read as a resource selector (`type=…`, `tags.k=v`,
 * `health=…`, free words as a name match). The others match the text in a name or a title.
 */
export const SELECTOR_KINDS: readonly PaletteSearchKind[] = [
  'checks',
  'configs',
  'components',
  'playbooks',
  'connections',
  'canaries',
  'changes',
];

/** `#kind` directives, by the word after `#` (singular or plural). */
export const KIND_DIRECTIVES: Readonly<Record<string, PaletteSearchKind>> = {
  config: 'configs',
  configs: 'configs',
  component: 'components',
  components: 'components',
  check: 'checks',
  checks: 'checks',
  canary: 'canaries',
  canaries: 'canaries',
  playbook: 'playbooks',
  playbooks: 'playbooks',
  connection: 'connections',
  connections: 'connections',
  change: 'changes',
  changes: 'changes',
  incident: 'incidents',
  incidents: 'incidents',
  rule: 'rules',
  rules: 'rules',
  view: 'views',
  views: 'views',
  team: 'teams',
  teams: 'teams',
};

/** The directives the palette suggests, in this order. */
export const DIRECTIVE_NAMES = [
  'config',
  'component',
  'check',
  'canary',
  'playbook',
  'connection',
  'change',
] as const;

/** What the palette reads in its input. */
export interface PaletteQuery {
  /** The text searched: the input without its `#kind` directive, trimmed. */
  text: string;
  /** The one kind a `#kind` directive restricts the search to. */
  kind?: PaletteSearchKind;
  /** A `#word` at the start that names no kind. */
  unknownKind?: string;
  /** The text holds a selector term (`key=value`, `key!=value`, `key>value`, …). */
  selector: boolean;
}

const DIRECTIVE = /^\s*#([^\s]*)(?:\s+|$)/;
const TERM = /^-?!?[A-Za-z_@][\w@.-]*(?:!=|>=|<=|=|>|<)/;

/** The input read: its `#kind` directive, the text after it, and whether it is a selector. */
export function readPaletteQuery(input: string): PaletteQuery {
  const match = DIRECTIVE.exec(input);
  const text = (match ? input.slice(match[0].length) : input).trim();
  const selector = text.split(/\s+/).some((word) => TERM.test(word));
  if (!match) return { text, selector };
  const word = (match[1] ?? '').toLowerCase();
  const kind = KIND_DIRECTIVES[word];
  return kind ? { text, kind, selector } : { text, unknownKind: word, selector };
}

/** Why a `#word` cannot be searched: it names no kind. */
export function unknownKindMessage(word: string): string {
  const known = DIRECTIVE_NAMES.map((name) => `#${name}`).join(', ');
  return `“#${word}” is not a kind to search: use ${known}`;
}
