/**
 * The CEL filters of notification rules and silences
 * (`config.type == 'Kubernetes::Pod' && config.tags.namespace in ['a', 'b']`), parsed, type
 * checked and evaluated by `@marcbachmann/cel-js`, a complete CEL implementation. This module
 * only wraps it with the demo's limits and error wording:
 *
 * - Every variable is dynamic (the callers pass whatever `filterEnv` builds), and list literals
 *   may mix types (`[1, 'a']`), as Mission Control's environment allows.
 * - A filter is compiled once: syntax errors, calls to functions that do not exist (or with
 *   arguments no overload accepts, like `size(1)`), and bad `matches()` patterns throw CelError
 *   naming the problem and its position (1-based), e.g. `unexpected character: = at position 13`.
 * - As in real CEL, reading a field that does not exist is an evaluation error, not null:
 *   `evaluate` throws CelError (`no such key: team`), and `test` answers false, so a filter over
 *   a resource that lacks the field simply does not match. `has(a.b)` tests for a field first;
 *   `&&` and `||` absorb an error when the other side decides (`false && config.missing`).
 * - `matches()` takes a literal pattern of at most 256 characters, checked when the filter is
 *   compiled, so a pattern the regular expression engine could stall on cannot reach it from a
 *   computed value.
 * - Integers are CEL `int` values (JavaScript bigint) inside the evaluation; `evaluate` returns
 *   them as numbers, in lists and maps too.
 */

import { Environment, type ASTNode, type ParseResult } from '@marcbachmann/cel-js';

export class CelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CelError';
  }
}

/** The variables an expression reads: nested plain objects, arrays, strings, numbers, booleans. */
export type CelEnv = Record<string, unknown>;

/** A compiled expression. `evaluate` throws CelError for a missing field or a type mismatch. */
export interface CelProgram {
  readonly source: string;
  evaluate(env: CelEnv): unknown;
  /** True when the expression evaluates to `true` (anything else, or an error, is false). */
  test(env: CelEnv): boolean;
}

const MAX_SOURCE = 4096;
const MAX_DEPTH = 64;
const MAX_PATTERN = 256;

const environment = new Environment({
  unlistedVariablesAreDyn: true,
  homogeneousAggregateLiterals: false,
  limits: { maxDepth: MAX_DEPTH },
});

/** Names of the functions the environment defines (macros such as `has` are not listed). */
const FUNCTION_NAMES = new Set(environment.getDefinitions().functions.map((fn) => fn.name));

/** What the library's errors carry besides their message. */
interface LibraryError {
  code?: unknown;
  summary?: unknown;
  range?: { start: number } | undefined;
  node?: { op?: unknown; args?: unknown } | undefined;
}

/** The name of the function a `call`/`rcall` node calls, or null. */
function calledName(node: LibraryError['node']): string | null {
  if (!node || (node.op !== 'call' && node.op !== 'rcall') || !Array.isArray(node.args)) {
    return null;
  }
  const [name] = node.args as unknown[];
  return typeof name === 'string' ? name : null;
}

/**
 * The library's error as a one-line CelError: its summary (without the source excerpt the
 * library appends), lower-cased like the rest of the demo's messages, and the 1-based position.
 * A call to a name no overload has is reported as an unknown function.
 */
function toCelError(error: unknown): CelError {
  if (error instanceof CelError) return error;
  const details = (typeof error === 'object' && error !== null ? error : {}) as LibraryError;
  let summary =
    typeof details.summary === 'string'
      ? details.summary
      : error instanceof Error
        ? error.message
        : String(error);
  const name = calledName(details.node);
  if (details.code === 'no_matching_overload' && name !== null && !FUNCTION_NAMES.has(name)) {
    summary = `unknown function "${name}"`;
  }
  const text = summary.charAt(0).toLowerCase() + summary.slice(1);
  return new CelError(details.range ? `${text} at position ${details.range.start + 1}` : text);
}

function isNode(value: unknown): value is ASTNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'op' in value;
}

/** Checks one `matches()` pattern argument: a string literal, not too long, that compiles. */
function checkPattern(argument: unknown): void {
  if (!isNode(argument) || argument.op !== 'value' || typeof argument.args !== 'string') {
    throw new CelError('matches() takes a literal string pattern');
  }
  const pattern = argument.args;
  if (pattern.length > MAX_PATTERN) throw new CelError('matches() pattern is too long');
  try {
    new RegExp(pattern);
  } catch {
    throw new CelError(`matches(): invalid regular expression "${pattern}"`);
  }
}

/** Walks the syntax tree and checks every `x.matches(re)` call (the only form CEL offers here). */
function checkPatterns(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(checkPatterns);
    return;
  }
  if (!isNode(value)) return;
  const args: unknown = value.args;
  if (value.op === 'rcall' && Array.isArray(args) && args[0] === 'matches') {
    checkPattern(Array.isArray(args[2]) ? args[2][0] : undefined);
  }
  checkPatterns(args);
}

/** CEL ints (bigint) as numbers, through lists and maps; other values unchanged. */
function toPlain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Map) {
    return Object.fromEntries([...value].map(([key, item]) => [String(key), toPlain(item)]));
  }
  if (typeof value === 'object' && value !== null && value.constructor === Object) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toPlain(item)]));
  }
  return value;
}

/** Parses and type checks a filter; throws CelError naming the problem when it is not valid. */
export function compileCel(source: string): CelProgram {
  if (source.length > MAX_SOURCE) throw new CelError('expression is too long');
  if (source.trim() === '') throw new CelError('expression is empty');
  let program: ParseResult;
  try {
    program = environment.parse(source);
  } catch (error) {
    throw toCelError(error);
  }
  const checked = program.check();
  if (!checked.valid) throw toCelError(checked.error);
  checkPatterns(program.ast);
  const evaluate = (env: CelEnv): unknown => {
    try {
      return toPlain(program(env));
    } catch (error) {
      throw toCelError(error);
    }
  };
  return {
    source,
    evaluate,
    test: (env) => {
      try {
        return program(env) === true;
      } catch {
        return false;
      }
    },
  };
}
