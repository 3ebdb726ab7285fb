/**
 * Where a cursor stands in the resource selectors of a YAML spec (a silence's selectors, a
 * scope's targets, a permission's object selector, a playbook's `configs`/`components`/`checks`),
 * read line by line so that half-typed text still answers.
 */

/** The selector fields whose values are completed. */
export type SelectorField = 'search' | 'tagSelector' | 'labelSelector' | 'types';

export interface SelectorContext {
  field: SelectorField;
  /**
   * The key whose value is being typed (`type`, `tags.cluster`, `cluster`), in a `search` or a
   * tag or label selector; absent while a key itself is typed, and in `types`.
   */
  key?: string;
  /** What is typed of the word so far. */
  prefix: string;
  /** The offset where that word begins: a completion replaces the text from here to the cursor. */
  start: number;
}

/** A selector field named on the line, with its value starting right after the colon. */
const FIELD_ON_LINE = /(^|[\s{,[])(search|tagSelector|labelSelector|types)\s*:(?=\s|$|["'[])\s*/g;
/** A block sequence item: its indentation, and its text. */
const LIST_ITEM = /^(\s*)-(?:\s+(.*))?$/;
/** The key of a block list's parent, alone on its line (`types:`, `- types:`). */
const TYPES_PARENT = /^\s*(?:-\s+)?types\s*:\s*(?:#.*)?$/;
/** Any key alone on its line, opening a nested block. */
const OPENING_KEY = /^\s*(?:-\s+)?[^\s#][^#]*:\s*(?:#.*)?$/;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Open `{`/`[` minus closed ones in a piece of a line: above zero inside a flow collection. */
function flowDepth(text: string): number {
  let depth = 0;
  for (const char of text) {
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
  }
  return depth;
}

interface Value {
  /** The value's text up to the cursor, without an opening quote. */
  text: string;
  /** Its offset in the whole text. */
  at: number;
}

/**
 * The value typed so far after a field's colon, or undefined when the cursor has left it: a
 * quote was closed, a comment began, or (in a flow collection, `flow`) the collection around
 * the field was closed.
 */
function openValue(raw: string, at: number, flow: boolean): Value | undefined {
  const quote = raw[0];
  if (quote === '"' || quote === "'") {
    const text = raw.slice(1);
    return text.includes(quote) ? undefined : { text, at: at + 1 };
  }
  if (raw.startsWith('#') || /\s#/.test(raw)) return undefined;
  // A flow list as the value (`types: [a, b`) is open until its `]`.
  const closers = raw.startsWith('[') ? raw.slice(1) : flow ? raw : '';
  if (/[}\]]/.test(closers)) return undefined;
  return { text: raw, at };
}

/** A word at the end of `text` (after the last of `separators`), with its offset. */
function lastWord(text: string, at: number, separators: RegExp): { word: string; at: number } {
  let begin = 0;
  for (let index = text.length - 1; index >= 0; index -= 1) {
    if (separators.test(text[index] ?? '')) {
      begin = index + 1;
      break;
    }
  }
  return { word: text.slice(begin), at: at + begin };
}

/** Drops leading negation marks (`!`, `-`) from a word, moving its offset on. */
function unnegated(word: string, at: number, marks: RegExp): { word: string; at: number } {
  const dropped = word.length - word.replace(marks, '').length;
  return { word: word.slice(dropped), at: at + dropped };
}

/**
 * A `key=value` term being typed: the value after the key (the last of a `a,b` list, without a
 * `!` negating it), or the key while no `=` has been typed.
 */
function term(
  field: 'search' | 'tagSelector' | 'labelSelector',
  word: string,
  at: number,
): SelectorContext {
  const equals = word.indexOf('=');
  if (equals === -1) {
    const key = unnegated(word, at, /^[!-]+/);
    return { field, prefix: key.word, start: key.at };
  }
  const key = word
    .slice(0, equals)
    .replace(/^[!-]+/, '')
    .replace(/!$/, '');
  const rest = word.slice(equals + 1).replace(/^=/, '');
  const restAt = at + word.length - rest.length;
  const item = lastWord(rest, restAt, /,/);
  const value = unnegated(item.word, item.at, /^!+/);
  return { field, key, prefix: value.word, start: value.at };
}

/** The context of a value typed after `field:` on the cursor's line. */
function fieldValueContext(field: SelectorField, value: Value): SelectorContext | undefined {
  if (field === 'types') {
    if (value.text.startsWith('[')) {
      const item = lastWord(value.text, value.at, /[[,]/);
      const trimmed = unnegated(item.word, item.at, /^\s*["']?/);
      return { field, prefix: trimmed.word, start: trimmed.at };
    }
    return { field, prefix: value.text, start: value.at };
  }
  if (field === 'search') {
    const word = lastWord(value.text, value.at, /\s/);
    return term(field, word.word, word.at);
  }
  const word = lastWord(value.text, value.at, /,/);
  const trimmed = unnegated(word.word, word.at, /^\s+/);
  return term(field, trimmed.word, trimmed.at);
}

/** Whether a block list item indented `indent` under `lines` is an item of a `types:` key. */
function inTypesList(lines: string[], indent: number): boolean {
  for (let above = lines.length - 1; above >= 0; above -= 1) {
    const line = lines[above] ?? '';
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const lineIndent = indentOf(line);
    if (lineIndent > indent) continue;
    const sibling = LIST_ITEM.test(line) && lineIndent === indent;
    if (sibling) continue;
    if (lineIndent < indent || OPENING_KEY.test(line)) return TYPES_PARENT.test(line);
    return false;
  }
  return false;
}

/** The context of a block list item (`  - Kubernetes::Pod`) under a `types:` key. */
function typesItemContext(
  text: string,
  lineStart: number,
  before: string,
): SelectorContext | undefined {
  const item = LIST_ITEM.exec(before);
  const written = item?.[2];
  if (written === undefined) return undefined;
  if (/:(\s|$)/.test(written) || written.includes('#')) return undefined;
  const lines = text.slice(0, lineStart).split('\n');
  lines.pop();
  if (!inTypesList(lines, (item?.[1] ?? '').length)) return undefined;
  const quoted = /^["']/.test(written) ? 1 : 0;
  const prefix = written.slice(quoted);
  return { field: 'types', prefix, start: lineStart + before.length - prefix.length };
}

/**
 * Which selector field the cursor at `offset` of a YAML `text` is in, and what is typed there:
 * a `search:` term (a grammar key, or a key's value after `key=`), a `tagSelector:` or
 * `labelSelector:` pair, or an item of a `types:` list (flow or block). Undefined anywhere
 * else, including after a closed quote or in a comment.
 */
export function selectorContextAt(text: string, offset: number): SelectorContext | undefined {
  const cursor = Math.max(0, Math.min(offset, text.length));
  const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
  const before = text.slice(lineStart, cursor);
  if (before.trimStart().startsWith('#')) return undefined;
  let found: RegExpMatchArray | undefined;
  for (const match of before.matchAll(FIELD_ON_LINE)) found = match;
  if (found) {
    const field = found[2] as SelectorField;
    const matchAt = found.index ?? 0;
    const keyAt = matchAt + (found[1] ?? '').length;
    if (/\s#/.test(before.slice(0, keyAt))) return undefined;
    const valueAt = matchAt + found[0].length;
    const value = openValue(
      before.slice(valueAt),
      lineStart + valueAt,
      flowDepth(before.slice(0, keyAt)) > 0,
    );
    return value && fieldValueContext(field, value);
  }
  return typesItemContext(text, lineStart, before);
}
