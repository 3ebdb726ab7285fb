import type { EmbedItem, SelectItem } from './ast';
import { readJsonPath, readName } from './field';
import { Scanner } from './scanner';

/** Embeds nested deeper than this are refused, so no request can build an unbounded query. */
export const MAX_EMBED_DEPTH = 12;

function readCast(scanner: Scanner): string | null {
  if (!scanner.accept('::')) return null;
  const start = scanner.pos;
  while (/[A-Za-z0-9_]/.test(scanner.peek())) scanner.pos += 1;
  if (scanner.pos === start) throw scanner.fail('expected a type name after "::"');
  return scanner.text.slice(start, scanner.pos);
}

function readHints(scanner: Scanner): Pick<EmbedItem, 'hint' | 'joinType'> {
  let hint: string | null = null;
  let joinType: EmbedItem['joinType'] = null;
  while (scanner.accept('!')) {
    const word = readName(scanner);
    if ((word === 'inner' || word === 'left') && joinType === null) {
      joinType = word;
    } else if (hint === null) {
      hint = word;
    } else {
      throw scanner.fail('expected at most one relationship hint');
    }
  }
  return { hint, joinType };
}

function parseItem(scanner: Scanner, depth: number): SelectItem {
  scanner.skipSpaces();
  if (scanner.accept('*')) return { kind: 'star' };
  if (scanner.startsWith('...')) throw scanner.fail('spread embeds are not supported');
  let alias: string | null = null;
  let name = readName(scanner);
  scanner.skipSpaces();
  if (scanner.peek() === ':' && scanner.peek(1) !== ':') {
    scanner.pos += 1;
    scanner.skipSpaces();
    alias = name;
    name = readName(scanner);
  }
  if (scanner.peek() === '!' || scanner.peek() === '(') {
    const hints = readHints(scanner);
    scanner.expect('(');
    if (depth + 1 > MAX_EMBED_DEPTH) throw scanner.fail('embedding is nested too deeply');
    const items = parseList(scanner, depth + 1, true);
    scanner.expect(')');
    const cast = readCast(scanner);
    return { kind: 'embed', alias, name, ...hints, items, cast };
  }
  const path = readJsonPath(scanner);
  const cast = readCast(scanner);
  return { kind: 'column', alias, field: { name, path }, cast };
}

function parseList(scanner: Scanner, depth: number, nested: boolean): SelectItem[] {
  scanner.skipSpaces();
  if (nested ? scanner.peek() === ')' : scanner.eof()) return [];
  const items: SelectItem[] = [];
  for (;;) {
    items.push(parseItem(scanner, depth));
    scanner.skipSpaces();
    if (!scanner.accept(',')) break;
  }
  return items;
}

/**
 * Skips closing parentheses (and spaces) left over after a complete, non-empty select list.
 * PostgREST's parser stops after the last item it can read, so it ignores them; the console's
 * changelog request (api.md INC-07) ends with one. Anything else after the list stays an error.
 */
function skipTrailingClosers(scanner: Scanner, items: readonly SelectItem[]): void {
  if (items.length === 0) return;
  const start = scanner.pos;
  while (scanner.accept(')')) scanner.skipSpaces();
  if (!scanner.eof()) scanner.pos = start;
}

/**
 * Parses a `select` value: `*`, columns with aliases, JSON paths and casts, and embedded
 * relations `alias:relation!hint!inner(...)` nested to any depth up to MAX_EMBED_DEPTH.
 */
export function parseSelect(text: string): SelectItem[] {
  const scanner = new Scanner(text);
  const items = parseList(scanner, 0, false);
  scanner.skipSpaces();
  skipTrailingClosers(scanner, items);
  scanner.expectEnd();
  return items;
}
