import type { Field, JsonStep } from './ast';
import { Scanner, SyntaxFailure } from './scanner';

const NAME_CHAR = /[\p{L}\p{N}_$]/u;

function isNameChar(scanner: Scanner, extra: string): boolean {
  const ch = scanner.peek();
  if (ch === '') return false;
  if (ch === '-') return scanner.peek(1) !== '>';
  return NAME_CHAR.test(ch) || extra.includes(ch);
}

/** `"quoted \" name"`: backslash escapes the next character. */
export function readQuoted(scanner: Scanner): string {
  scanner.expect('"');
  let out = '';
  for (;;) {
    if (scanner.eof()) throw scanner.fail('expected closing quote');
    const ch = scanner.peek();
    scanner.pos += 1;
    if (ch === '"') return out;
    if (ch === '\\' && !scanner.eof()) {
      out += scanner.peek();
      scanner.pos += 1;
    } else {
      out += ch;
    }
  }
}

function readBare(scanner: Scanner, extra: string): string {
  const start = scanner.pos;
  while (isNameChar(scanner, extra)) scanner.pos += 1;
  if (scanner.pos === start) throw scanner.fail('expected a name');
  return scanner.text.slice(start, scanner.pos);
}

/** A column, relation or alias name: letters, digits, `_`, `$`, inner `-`, or double-quoted. */
export function readName(scanner: Scanner): string {
  return scanner.peek() === '"' ? readQuoted(scanner) : readBare(scanner, '');
}

/**
 * `->key`, `->>key`, `->0` steps after a column name. Bare keys may hold `/`, and `.` when
 * `dottedKeys` is set (label keys such as `app.kubernetes.io/name`).
 */
export function readJsonPath(scanner: Scanner, dottedKeys = false): JsonStep[] {
  const path: JsonStep[] = [];
  while (scanner.startsWith('->')) {
    const arrow = scanner.startsWith('->>') ? '->>' : '->';
    scanner.pos += arrow.length;
    if (scanner.peek() === '"') {
      path.push({ arrow, key: readQuoted(scanner), index: false });
    } else {
      const key = readBare(scanner, dottedKeys ? '/.' : '/');
      path.push({ arrow, key, index: /^-?\d+$/.test(key) });
    }
  }
  return path;
}

export function readField(scanner: Scanner, dottedKeys = false): Field {
  const name = readName(scanner);
  return { name, path: readJsonPath(scanner, dottedKeys) };
}

/** Parses a whole string as one field (`labels->>app`, or with `dottedKeys` `labels->>a.b/c`). */
export function parseFieldText(text: string, dottedKeys = false): Field {
  const scanner = new Scanner(text);
  const field = readField(scanner, dottedKeys);
  if (!scanner.eof()) throw new SyntaxFailure(`unexpected "${scanner.peek()}" in "${text}"`);
  return field;
}

/** Splits on `.` outside double quotes. */
export function splitDotted(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charAt(i);
    if (quoted && ch === '\\' && i + 1 < text.length) {
      current += ch + text.charAt(i + 1);
      i += 1;
    } else if (ch === '"') {
      quoted = !quoted;
      current += ch;
    } else if (ch === '.' && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}
