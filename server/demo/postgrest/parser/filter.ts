import type { FilterOperator, IsValue, Operand } from './ast';
import { FILTER_OPERATORS } from './ast';
import { readQuoted } from './field';
import { Scanner } from './scanner';

const IS_VALUES: readonly string[] = ['null', 'true', 'false', 'unknown'];

export function isFilterOperator(word: string): word is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(word);
}

/** `(a,"b,c", d)`: quoted items keep commas and parentheses, unquoted ones are trimmed. */
export function readList(scanner: Scanner): string[] {
  scanner.expect('(');
  scanner.skipSpaces();
  if (scanner.accept(')')) return [];
  const values: string[] = [];
  for (;;) {
    scanner.skipSpaces();
    if (scanner.peek() === '"') {
      values.push(readQuoted(scanner));
      scanner.skipSpaces();
    } else {
      const start = scanner.pos;
      while (!scanner.eof() && scanner.peek() !== ',' && scanner.peek() !== ')') scanner.pos += 1;
      values.push(scanner.text.slice(start, scanner.pos).trim());
    }
    if (scanner.accept(',')) continue;
    scanner.expect(')');
    return values;
  }
}

/** Builds the operand of `operator` from its raw text (`*` in like patterns becomes `%`). */
export function makeOperand(operator: FilterOperator, raw: string): Operand {
  if (operator === 'is') {
    const value = raw.toLowerCase();
    if (!IS_VALUES.includes(value)) {
      throw new Scanner(raw).fail('expected null, true, false or unknown');
    }
    return { kind: 'is', value: value as IsValue };
  }
  if (operator === 'in') {
    const scanner = new Scanner(raw);
    const values = readList(scanner);
    scanner.expectEnd();
    return { kind: 'list', values };
  }
  if (operator === 'like' || operator === 'ilike') {
    return { kind: 'scalar', value: raw.replace(/\*/g, '%') };
  }
  return { kind: 'scalar', value: raw };
}

export interface OperatorExpression {
  negate: boolean;
  operator: FilterOperator;
  operand: Operand;
}

/** Reads `[not.]op.` and returns the operator; the scanner is left at the value. */
export function readOperator(scanner: Scanner): { negate: boolean; operator: FilterOperator } {
  const negate = scanner.accept('not.');
  const start = scanner.pos;
  while (/[a-z]/.test(scanner.peek())) scanner.pos += 1;
  const word = scanner.text.slice(start, scanner.pos);
  if (!isFilterOperator(word)) {
    scanner.pos = start;
    throw scanner.fail(`unknown operator "${word}"`);
  }
  scanner.expect('.');
  return { negate, operator: word };
}

/** Parses the value of a filter parameter: `eq.5`, `not.is.null`, `in.("a","b")`. */
export function parseOperatorExpression(text: string): OperatorExpression {
  const scanner = new Scanner(text);
  const { negate, operator } = readOperator(scanner);
  return { negate, operator, operand: makeOperand(operator, text.slice(scanner.pos)) };
}
