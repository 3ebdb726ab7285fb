import type { Field, FilterNode, LogicNode } from './ast';
import { readField, readQuoted } from './field';
import { makeOperand, readList, readOperator } from './filter';
import { Scanner } from './scanner';

/** `or=(...)` trees nested deeper than this are refused. */
export const MAX_LOGIC_DEPTH = 64;

/** A `{...}` literal (array or JSON object) with its quotes and nested braces. */
function readBraced(scanner: Scanner): string {
  const start = scanner.pos;
  let depth = 0;
  let quoted = false;
  while (!scanner.eof()) {
    const ch = scanner.peek();
    scanner.pos += 1;
    if (quoted) {
      if (ch === '\\') scanner.pos += 1;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === '{' || ch === '[') {
      depth += 1;
    } else if (ch === '}' || ch === ']') {
      depth -= 1;
      if (depth === 0) return scanner.text.slice(start, scanner.pos);
    }
  }
  throw scanner.fail('expected a closing "}"');
}

function readValue(scanner: Scanner): string {
  if (scanner.peek() === '"') {
    const start = scanner.pos;
    const value = readQuoted(scanner);
    if (scanner.peek() === ',' || scanner.peek() === ')') return value;
    scanner.pos = start;
  }
  if (scanner.peek() === '{') return readBraced(scanner);
  const start = scanner.pos;
  while (!scanner.eof() && scanner.peek() !== ',' && scanner.peek() !== ')') scanner.pos += 1;
  return scanner.text.slice(start, scanner.pos);
}

/**
 * Reads `.op.` after a field. When that fails and the field ends in a bare JSON key, the key
 * takes the next dot-separated part and the operator is tried again, so that unquoted keys
 * with dots (`labels->>app.kubernetes.io/name.eq.x`) parse.
 */
function readFieldOperator(scanner: Scanner): { field: Field } & ReturnType<typeof readOperator> {
  const keyStart = scanner.pos;
  const field = readField(scanner);
  const quotedLast = scanner.text.charAt(scanner.pos - 1) === '"';
  for (;;) {
    const start = scanner.pos;
    try {
      scanner.expect('.');
      return { field, ...readOperator(scanner) };
    } catch (error) {
      const last = field.path[field.path.length - 1];
      scanner.pos = start;
      if (last === undefined || quotedLast || !scanner.accept('.')) throw error;
      const extension = /^[\p{L}\p{N}_$/-]+/u.exec(scanner.text.slice(scanner.pos))?.[0];
      if (extension === undefined) {
        scanner.pos = keyStart;
        throw error;
      }
      scanner.pos += extension.length;
      last.key = `${last.key}.${extension}`;
      last.index = false;
    }
  }
}

function parseFilterNode(scanner: Scanner): FilterNode {
  const { field, negate, operator } = readFieldOperator(scanner);
  if (operator === 'in') {
    const start = scanner.pos;
    readList(scanner);
    const raw = scanner.text.slice(start, scanner.pos);
    return { kind: 'filter', filter: { field, negate, operator, operand: makeOperand('in', raw) } };
  }
  const operand = makeOperand(operator, readValue(scanner));
  return { kind: 'filter', filter: { field, negate, operator, operand } };
}

function parseChildren(scanner: Scanner, depth: number): Array<LogicNode | FilterNode> {
  if (depth > MAX_LOGIC_DEPTH) throw scanner.fail('logic tree is nested too deeply');
  scanner.expect('(');
  const children: Array<LogicNode | FilterNode> = [];
  for (;;) {
    scanner.skipSpaces();
    children.push(parseNode(scanner, depth));
    scanner.skipSpaces();
    if (scanner.accept(',')) continue;
    scanner.expect(')');
    return children;
  }
}

function parseNode(scanner: Scanner, depth: number): LogicNode | FilterNode {
  const start = scanner.pos;
  const negate = scanner.accept('not.');
  for (const operator of ['and', 'or'] as const) {
    if (scanner.startsWith(`${operator}(`)) {
      scanner.pos += operator.length;
      return { kind: 'logic', operator, negate, children: parseChildren(scanner, depth + 1) };
    }
  }
  scanner.pos = start;
  return parseFilterNode(scanner);
}

/** Parses the value of `or=` / `and=` (`(a.eq.1,and(b.gt.2,c.is.null))`) into a tree. */
export function parseLogicTree(operator: 'and' | 'or', negate: boolean, text: string): LogicNode {
  const scanner = new Scanner(text);
  const children = parseChildren(scanner, 1);
  scanner.skipSpaces();
  scanner.expectEnd();
  return { kind: 'logic', operator, negate, children };
}
