/**
 * A small, safe evaluator for the subset of CEL that notification rule and silence filters use
 * (`config.type == 'Kubernetes::Pod' && config.tags.namespace in ['a', 'b']`):
 *
 * - literals: strings ('…' or "…"), numbers, `true`, `false`, `null`, lists `[a, b]`
 * - variables and fields: `config.name`, `labels['app.kubernetes.io/name']`
 * - operators: `!`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `in`, `&&`, `||`, `c ? a : b`, parentheses
 * - functions: `x.startsWith(s)`, `x.endsWith(s)`, `x.contains(s)`, `x.matches(re)`, `size(x)`
 *   (or `x.size()`), and the macro `has(a.b)`
 *
 * Nothing is executed but this grammar. A field that does not exist reads as null (real CEL
 * raises an error there; a filter over a resource that lacks the field simply does not match).
 * `&&` and `||` short-circuit. Syntax errors and unknown functions throw CelError when the
 * expression is compiled, naming the problem and its position.
 */

export class CelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CelError';
  }
}

/** The variables an expression reads: nested plain objects, arrays, strings, numbers, booleans. */
export type CelEnv = Record<string, unknown>;

/** A compiled expression. `evaluate` throws CelError for a type mismatch at run time. */
export interface CelProgram {
  readonly source: string;
  evaluate(env: CelEnv): unknown;
  /** True when the expression evaluates to `true` (anything else, or an error, is false). */
  test(env: CelEnv): boolean;
}

type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'list'; items: Node[] }
  | { kind: 'ident'; name: string }
  | { kind: 'member'; target: Node; field: string }
  | { kind: 'index'; target: Node; key: Node }
  | { kind: 'call'; target: Node | null; name: string; args: Node[] }
  | { kind: 'has'; target: Node; field: string }
  | { kind: 'not'; operand: Node }
  | { kind: 'binary'; op: string; left: Node; right: Node }
  | { kind: 'ternary'; test: Node; then: Node; otherwise: Node };

interface Token {
  type: 'string' | 'number' | 'ident' | 'op' | 'end';
  value: string;
  pos: number;
}

const MAX_SOURCE = 4096;
const MAX_DEPTH = 64;
const MAX_PATTERN = 256;
const MAX_SUBJECT = 2048;
const OPERATORS = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '<',
  '>',
  '!',
  '?',
  ':',
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
];
const METHODS = new Set(['startsWith', 'endsWith', 'contains', 'matches', 'size']);
const FUNCTIONS = new Set(['size']);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === "'" || ch === '"') {
      const start = i;
      let value = '';
      i += 1;
      while (i < source.length && source.charAt(i) !== ch) {
        if (source.charAt(i) === '\\' && i + 1 < source.length) {
          const next = source.charAt(i + 1);
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          i += 2;
        } else {
          value += source.charAt(i);
          i += 1;
        }
      }
      if (i >= source.length) throw new CelError(`unterminated string at position ${start + 1}`);
      i += 1;
      tokens.push({ type: 'string', value, pos: start });
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(source.slice(i));
    if (number) {
      tokens.push({ type: 'number', value: number[0], pos: i });
      i += number[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (ident) {
      tokens.push({ type: 'ident', value: ident[0], pos: i });
      i += ident[0].length;
      continue;
    }
    const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
    if (!op) throw new CelError(`unexpected character "${ch}" at position ${i + 1}`);
    tokens.push({ type: 'op', value: op, pos: i });
    i += op.length;
  }
  tokens.push({ type: 'end', value: '', pos: source.length });
  return tokens;
}

class Parser {
  private at = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.ternary();
    const next = this.peek();
    if (next.type !== 'end') throw this.unexpected(next);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.at] as Token;
  }

  private take(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.at += 1;
    return token;
  }

  private isOp(value: string): boolean {
    const token = this.peek();
    return token.type === 'op' && token.value === value;
  }

  private expectOp(value: string): void {
    const token = this.take();
    if (token.type !== 'op' || token.value !== value) {
      throw new CelError(`expected "${value}" at position ${token.pos + 1}`);
    }
  }

  private unexpected(token: Token): CelError {
    return token.type === 'end'
      ? new CelError('unexpected end of expression')
      : new CelError(`unexpected "${token.value}" at position ${token.pos + 1}`);
  }

  private nest<T>(parse: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw new CelError('expression is nested too deeply');
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  private ternary(): Node {
    return this.nest(() => {
      const test = this.or();
      if (!this.isOp('?')) return test;
      this.take();
      const then = this.ternary();
      this.expectOp(':');
      return { kind: 'ternary', test, then, otherwise: this.ternary() };
    });
  }

  private or(): Node {
    let left = this.and();
    while (this.isOp('||')) {
      this.take();
      left = { kind: 'binary', op: '||', left, right: this.and() };
    }
    return left;
  }

  private and(): Node {
    let left = this.relation();
    while (this.isOp('&&')) {
      this.take();
      left = { kind: 'binary', op: '&&', left, right: this.relation() };
    }
    return left;
  }

  private relation(): Node {
    const left = this.unary();
    const token = this.peek();
    const isRelation =
      (token.type === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(token.value)) ||
      (token.type === 'ident' && token.value === 'in');
    if (!isRelation) return left;
    this.take();
    const node: Node = { kind: 'binary', op: token.value, left, right: this.unary() };
    const after = this.peek();
    if (
      (after.type === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(after.value)) ||
      (after.type === 'ident' && after.value === 'in')
    ) {
      throw new CelError(`comparisons cannot be chained (position ${after.pos + 1})`);
    }
    return node;
  }

  private unary(): Node {
    if (this.isOp('!')) {
      this.take();
      return this.nest(() => ({ kind: 'not', operand: this.unary() }));
    }
    return this.member();
  }

  private member(): Node {
    let node = this.primary();
    for (;;) {
      if (this.isOp('.')) {
        this.take();
        const name = this.take();
        if (name.type !== 'ident')
          throw new CelError(`expected a field name at position ${name.pos + 1}`);
        if (this.isOp('(')) {
          if (!METHODS.has(name.value)) {
            throw new CelError(`unknown function "${name.value}" at position ${name.pos + 1}`);
          }
          node = { kind: 'call', target: node, name: name.value, args: this.args() };
        } else {
          node = { kind: 'member', target: node, field: name.value };
        }
      } else if (this.isOp('[')) {
        this.take();
        const key = this.ternary();
        this.expectOp(']');
        node = { kind: 'index', target: node, key };
      } else {
        return node;
      }
    }
  }

  private args(): Node[] {
    this.expectOp('(');
    const args: Node[] = [];
    if (this.isOp(')')) {
      this.take();
      return args;
    }
    for (;;) {
      args.push(this.ternary());
      if (this.isOp(',')) {
        this.take();
        continue;
      }
      this.expectOp(')');
      return args;
    }
  }

  private primary(): Node {
    const token = this.take();
    if (token.type === 'string') return { kind: 'literal', value: token.value };
    if (token.type === 'number') return { kind: 'literal', value: Number(token.value) };
    if (token.type === 'op' && token.value === '(') {
      const inner = this.ternary();
      this.expectOp(')');
      return inner;
    }
    if (token.type === 'op' && token.value === '[') {
      const items: Node[] = [];
      if (!this.isOp(']')) {
        for (;;) {
          items.push(this.ternary());
          if (!this.isOp(',')) break;
          this.take();
        }
      }
      this.expectOp(']');
      return { kind: 'list', items };
    }
    if (token.type === 'ident') {
      if (token.value === 'true') return { kind: 'literal', value: true };
      if (token.value === 'false') return { kind: 'literal', value: false };
      if (token.value === 'null') return { kind: 'literal', value: null };
      if (token.value === 'in') throw this.unexpected(token);
      if (this.isOp('(')) {
        if (token.value === 'has') return this.hasMacro(token);
        if (!FUNCTIONS.has(token.value)) {
          throw new CelError(`unknown function "${token.value}" at position ${token.pos + 1}`);
        }
        return { kind: 'call', target: null, name: token.value, args: this.args() };
      }
      return { kind: 'ident', name: token.value };
    }
    throw this.unexpected(token);
  }

  private hasMacro(token: Token): Node {
    const args = this.args();
    const [arg] = args;
    if (args.length !== 1 || !arg || arg.kind !== 'member') {
      throw new CelError(
        `has() takes one field selection, like has(config.tags.env) (position ${token.pos + 1})`,
      );
    }
    return { kind: 'has', target: arg.target, field: arg.field };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function field(target: unknown, key: unknown): unknown {
  if (Array.isArray(target)) {
    if (typeof key !== 'number' || !Number.isInteger(key))
      throw new CelError('list index must be an integer');
    return target[key] ?? null;
  }
  if (
    isObject(target) &&
    typeof key === 'string' &&
    Object.prototype.hasOwnProperty.call(target, key)
  ) {
    return target[key] ?? null;
  }
  return null;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => equal(item, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => equal(a[key], b[key]));
  }
  return false;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new CelError(`${name}() needs a string`);
  return value;
}

const patterns = new Map<string, RegExp>();

function pattern(source: string): RegExp {
  let compiled = patterns.get(source);
  if (!compiled) {
    if (source.length > MAX_PATTERN) throw new CelError('matches() pattern is too long');
    try {
      compiled = new RegExp(source);
    } catch {
      throw new CelError(`matches(): invalid regular expression "${source}"`);
    }
    if (patterns.size > 500) patterns.clear();
    patterns.set(source, compiled);
  }
  return compiled;
}

function call(name: string, target: unknown, args: unknown[]): unknown {
  const [arg] = args;
  switch (name) {
    case 'size':
      if (typeof target === 'string' || Array.isArray(target)) return target.length;
      if (isObject(target)) return Object.keys(target).length;
      throw new CelError('size() needs a string, list or map');
    case 'startsWith':
      return text(target, name).startsWith(text(arg, name));
    case 'endsWith':
      return text(target, name).endsWith(text(arg, name));
    case 'contains':
      return text(target, name).includes(text(arg, name));
    case 'matches': {
      // Bounded input and pattern keep a backtracking pattern from stalling the server.
      const subject = text(target, name);
      if (subject.length > MAX_SUBJECT) return false;
      return pattern(text(arg, name)).test(subject);
    }
    default:
      throw new CelError(`unknown function "${name}"`);
  }
}

function compare(op: string, a: unknown, b: unknown): boolean {
  if (!(
    (typeof a === 'number' && typeof b === 'number') ||
    (typeof a === 'string' && typeof b === 'string')
  )) {
    if (a === null || b === null) return false;
    throw new CelError(`"${op}" compares two numbers or two strings`);
  }
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

function truth(value: unknown, op: string): boolean {
  if (typeof value !== 'boolean') throw new CelError(`"${op}" needs boolean operands`);
  return value;
}

function evaluate(node: Node, env: CelEnv): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'list':
      return node.items.map((item) => evaluate(item, env));
    case 'ident':
      return field(env, node.name);
    case 'member':
      return field(evaluate(node.target, env), node.field);
    case 'index':
      return field(evaluate(node.target, env), evaluate(node.key, env));
    case 'has': {
      const target = evaluate(node.target, env);
      return isObject(target) && Object.prototype.hasOwnProperty.call(target, node.field);
    }
    case 'call': {
      const args = node.args.map((arg) => evaluate(arg, env));
      if (node.target === null) {
        if (args.length !== 1) throw new CelError(`${node.name}() takes one argument`);
        return call(node.name, args[0], []);
      }
      const expected = node.name === 'size' ? 0 : 1;
      if (args.length !== expected) {
        throw new CelError(
          `${node.name}() takes ${expected === 0 ? 'no arguments' : 'one argument'}`,
        );
      }
      return call(node.name, evaluate(node.target, env), args);
    }
    case 'not':
      return !truth(evaluate(node.operand, env), '!');
    case 'ternary':
      return truth(evaluate(node.test, env), '?')
        ? evaluate(node.then, env)
        : evaluate(node.otherwise, env);
    case 'binary': {
      if (node.op === '&&') {
        return truth(evaluate(node.left, env), '&&') && truth(evaluate(node.right, env), '&&');
      }
      if (node.op === '||') {
        return truth(evaluate(node.left, env), '||') || truth(evaluate(node.right, env), '||');
      }
      const left = evaluate(node.left, env);
      const right = evaluate(node.right, env);
      switch (node.op) {
        case '==':
          return equal(left, right);
        case '!=':
          return !equal(left, right);
        case 'in':
          if (Array.isArray(right)) return right.some((item) => equal(item, left));
          if (isObject(right)) return typeof left === 'string' && left in right;
          if (right === null) return false;
          throw new CelError('"in" needs a list or a map on its right');
        default:
          return compare(node.op, left, right);
      }
    }
  }
}

/** Compiles every literal `matches()` pattern now, so a bad one is a compile error. */
function checkPatterns(node: Node): void {
  switch (node.kind) {
    case 'call': {
      const [arg] = node.args;
      if (node.name === 'matches' && arg?.kind === 'literal' && typeof arg.value === 'string') {
        pattern(arg.value);
      }
      if (node.target) checkPatterns(node.target);
      node.args.forEach(checkPatterns);
      return;
    }
    case 'list':
      node.items.forEach(checkPatterns);
      return;
    case 'member':
    case 'has':
      checkPatterns(node.target);
      return;
    case 'index':
      checkPatterns(node.target);
      checkPatterns(node.key);
      return;
    case 'not':
      checkPatterns(node.operand);
      return;
    case 'binary':
      checkPatterns(node.left);
      checkPatterns(node.right);
      return;
    case 'ternary':
      checkPatterns(node.test);
      checkPatterns(node.then);
      checkPatterns(node.otherwise);
      return;
    default:
      return;
  }
}

/** Parses a filter; throws CelError naming the problem when it is not valid. */
export function compileCel(source: string): CelProgram {
  if (source.length > MAX_SOURCE) throw new CelError('expression is too long');
  if (source.trim() === '') throw new CelError('expression is empty');
  const root = new Parser(tokenize(source)).parse();
  checkPatterns(root);
  return {
    source,
    evaluate: (env) => evaluate(root, env),
    test: (env) => {
      try {
        return evaluate(root, env) === true;
      } catch {
        return false;
      }
    },
  };
}
