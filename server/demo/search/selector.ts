/**
 * The selector grammar of resource search (api.md MISC-03 `search`, as Mission Control reads
 * it): terms separated by spaces, all of which must hold.
 *
 * - `key=value`, `key!=value`, and `key>value`, `key<value`, `key>=value`, `key<=value` for
 *   dates (`created_at>now-24h`);
 * - `key=a,b`: any of the values; `key=!a`: not `a`; `*` at either end of a value is a glob;
 * - `tags.k=v`, `labels.k=v`: a key of a map column, `tags.k` / `!tags.k`: the key is (not) set;
 * - any other word is a name match (`-word` excludes it); `"quoted text"` keeps spaces and
 *   the characters above literal;
 * - `( … )` groups terms, as in the backend's grammar (duty `query/grammar/grammar.peg`): a
 *   group's terms all apply, like the others.
 *
 * `|` is refused. The backend's grammar reads `a | b` and `(a | b) c`, but combines the sides
 * of `|` with AND, as it does the terms of a group (its parser builds only "and" nodes, and its
 * SQL joins every condition with AND): `a | b` finds what `a b` finds, not either. Refusing it
 * says so, where answering would suggest an OR the backend does not do.
 *
 * Keys are read in lower case; what a key means for each kind is decided by the compiler.
 */

export type SelectorOp = '=' | '!=' | '>' | '<' | '>=' | '<=';

export interface SelectorValue {
  text: string;
  negated: boolean;
}

export type SelectorTerm =
  | { kind: 'text'; text: string; negated: boolean }
  | { kind: 'field'; key: string; path: string | null; op: SelectorOp; values: SelectorValue[] }
  | { kind: 'exists'; key: string; path: string; negated: boolean }
  /** `( … )`: terms that all apply, never empty. */
  | { kind: 'group'; terms: SelectorTerm[] };

/** A term that is not a group. */
export type SelectorCondition = Exclude<SelectorTerm, { kind: 'group' }>;

export interface SelectorAst {
  terms: SelectorTerm[];
}

/** A malformed selector: the problem and its position (1-based column) in the text. */
export class SelectorSyntaxError extends Error {
  constructor(
    readonly problem: string,
    readonly column: number,
  ) {
    super(`${problem} (at column ${column})`);
    this.name = 'SelectorSyntaxError';
  }
}

export type SelectorParse = { ok: true; value: SelectorAst } | { ok: false; error: string };

/** Keys of map columns, whose entries are addressed as `key.entry`. */
export const MAP_KEYS: readonly string[] = ['tags', 'labels'];

/** Operators that compare a single value (dates). */
export const RANGE_OPS: readonly SelectorOp[] = ['>', '<', '>=', '<='];

const KEY = /[A-Za-z_@][A-Za-z0-9_@-]*/y;
const OP = /!=|>=|<=|=|>|</y;
const BARE_PATH = /[^\s=!<>"()|]+/y;
const BARE_VALUE = /[^\s,"()|]+/y;
const BARE_WORD = /[^\s"()|]+/y;
const SPACE = /\s/;
/** Characters that end a term as a space does: a group's bounds and `|`. */
const DELIMITERS = '()|';

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  /** Whether the term ends here (end of text, a space, a parenthesis or `|`). */
  atBoundary(): boolean {
    return this.done || SPACE.test(this.peek()) || DELIMITERS.includes(this.peek());
  }

  match(pattern: RegExp): string | null {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.text);
    if (!found) return null;
    this.pos += found[0].length;
    return found[0];
  }

  fail(problem: string, at = this.pos): never {
    throw new SelectorSyntaxError(problem, at + 1);
  }

  /** A double-quoted string (`\"` and `\\` escape), the reader on its opening quote. */
  quoted(): string {
    const start = this.pos;
    this.pos += 1;
    let out = '';
    while (!this.done) {
      const char = this.peek();
      if (char === '"') {
        this.pos += 1;
        return out;
      }
      if (char === '\\' && (this.peek(1) === '"' || this.peek(1) === '\\')) {
        out += this.peek(1);
        this.pos += 2;
        continue;
      }
      out += char;
      this.pos += 1;
    }
    return this.fail('unterminated quote', start);
  }

  endOfTerm(what: string): void {
    if (!this.atBoundary()) this.fail(`unexpected "${this.peek()}" after ${what}`);
  }
}

function readText(reader: Reader, negated: boolean): SelectorCondition {
  if (reader.peek() === '"') {
    const text = reader.quoted();
    reader.endOfTerm('the quoted text');
    return { kind: 'text', text, negated };
  }
  const start = reader.pos;
  const word = reader.match(BARE_WORD);
  if (word === null)
    return reader.fail(negated ? 'expected a word after the negation' : 'expected a term');
  const operator = word.search(/[=<>]/);
  if (operator !== -1) {
    reader.fail(
      `unexpected "${word.charAt(operator)}": expected a key before it`,
      start + operator,
    );
  }
  if (!reader.atBoundary()) reader.fail(`unexpected "${reader.peek()}"`);
  return { kind: 'text', text: word, negated };
}

function readValues(reader: Reader, key: string, op: SelectorOp): SelectorValue[] {
  const values: SelectorValue[] = [];
  for (;;) {
    const start = reader.pos;
    const negated = reader.peek() === '!';
    if (negated) reader.pos += 1;
    let text: string | null;
    if (reader.peek() === '"') text = reader.quoted();
    else text = reader.match(BARE_VALUE);
    if (text === null) {
      reader.fail(
        values.length === 0 && !negated
          ? `expected a value after "${key}${op}"`
          : `expected a value in the list of "${key}"`,
      );
    }
    if (negated && op === '!=') reader.fail(`"!" cannot negate a value of "${key}!="`, start);
    values.push({ text, negated });
    if (reader.peek() !== ',') break;
    reader.pos += 1;
  }
  reader.endOfTerm(`the value of "${key}"`);
  if (RANGE_OPS.includes(op) && (values.length > 1 || values[0]?.negated)) {
    reader.fail(`"${key}${op}" takes a single value`);
  }
  return values;
}

/** A term that starts with a key: a field condition, a map key's presence, or else text. */
function readKeyed(reader: Reader, negated: boolean): SelectorCondition | null {
  const start = reader.pos;
  const name = reader.match(KEY);
  if (name === null) return null;
  const key = name.toLowerCase();
  let path: string | null = null;
  if (reader.peek() === '.') {
    reader.pos += 1;
    const at = reader.pos;
    path = reader.peek() === '"' ? reader.quoted() : reader.match(BARE_PATH);
    if (path === null || path === '') {
      if (!MAP_KEYS.includes(key)) {
        reader.pos = start;
        return null;
      }
      reader.fail(`expected a key after "${name}."`, at);
    }
  }
  const op = reader.match(OP) as SelectorOp | null;
  if (op !== null && !negated) {
    return { kind: 'field', key, path, op, values: readValues(reader, key, op) };
  }
  if (op === null && path !== null && MAP_KEYS.includes(key) && reader.atBoundary()) {
    return { kind: 'exists', key, path, negated };
  }
  if (op !== null) reader.fail(`"!" before "${name}${op}": negate the value instead`, start - 1);
  reader.pos = start;
  return null;
}

const NO_OR =
  '"|" is not supported: Mission Control reads it but applies both sides (AND), not either; ' +
  'list the values (key=a,b) or write one selector per alternative';

function readTerm(reader: Reader): SelectorCondition {
  const char = reader.peek();
  if (char === '"') return readText(reader, false);
  const next = reader.peek(1);
  if ((char === '-' || char === '!') && next !== '' && !SPACE.test(next) && next !== ')') {
    if (next === '(') reader.fail(`"${char}" cannot negate a group: negate its terms instead`);
    reader.pos += 1;
    if (char === '!') {
      const keyed = readKeyed(reader, true);
      if (keyed) return keyed;
    }
    return readText(reader, true);
  }
  return readKeyed(reader, false) ?? readText(reader, false);
}

/**
 * Terms up to the end of the text (`open` null) or to the `)` that closes the group opened at
 * `open` (an index in the text); the reader is left after that `)`.
 */
function readTerms(reader: Reader, open: number | null): SelectorTerm[] {
  const terms: SelectorTerm[] = [];
  for (;;) {
    while (!reader.done && SPACE.test(reader.peek())) reader.pos += 1;
    if (reader.done) {
      if (open === null) return terms;
      return reader.fail('unbalanced "(": no ")" closes it', open);
    }
    const char = reader.peek();
    if (char === '|') reader.fail(NO_OR);
    if (char === ')') {
      if (open === null) reader.fail('unbalanced ")": no "(" opens it');
      if (terms.length === 0) reader.fail('empty group: expected a term in "( )"', open);
      reader.pos += 1;
      return terms;
    }
    if (char === '(') {
      const at = reader.pos;
      reader.pos += 1;
      terms.push({ kind: 'group', terms: readTerms(reader, at) });
      continue;
    }
    terms.push(readTerm(reader));
  }
}

/** Parses a selector; throws {@link SelectorSyntaxError} when it is malformed. */
export function parseSelectorOrThrow(text: string): SelectorAst {
  return { terms: readTerms(new Reader(text), null) };
}

/** The terms of a selector with its groups opened: the conditions that all apply. */
export function conditionsOf(terms: readonly SelectorTerm[]): SelectorCondition[] {
  return terms.flatMap((term) => (term.kind === 'group' ? conditionsOf(term.terms) : [term]));
}

/** Parses a selector, or says what is wrong with it and where. */
export function parseSelector(text: string): SelectorParse {
  try {
    return { ok: true, value: parseSelectorOrThrow(text) };
  } catch (error) {
    if (error instanceof SelectorSyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

function quote(text: string): string {
  return `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

const SAFE_WORD = /^[^\s"()|!\-=<>][^\s"=<>()|]*$/;
const SAFE_PATH = /^[^\s=!<>"()|]+$/;
const SAFE_VALUE = /^[^\s,"!=<>()|][^\s,"()|]*$/;

function printText(text: string): string {
  const bare =
    SAFE_WORD.test(text) && !MAP_KEYS.some((key) => text.toLowerCase().startsWith(`${key}.`));
  return bare ? text : quote(text);
}

function printPath(path: string): string {
  return SAFE_PATH.test(path) ? path : quote(path);
}

function printValue(value: SelectorValue): string {
  return `${value.negated ? '!' : ''}${SAFE_VALUE.test(value.text) ? value.text : quote(value.text)}`;
}

/** One term as selector text. */
export function printTerm(term: SelectorTerm): string {
  switch (term.kind) {
    case 'text':
      return `${term.negated ? '-' : ''}${printText(term.text)}`;
    case 'exists':
      return `${term.negated ? '!' : ''}${term.key}.${printPath(term.path)}`;
    case 'field': {
      const path = term.path === null ? '' : `.${printPath(term.path)}`;
      return `${term.key}${path}${term.op}${term.values.map(printValue).join(',')}`;
    }
    case 'group':
      return `(${term.terms.map(printTerm).join(' ')})`;
  }
}

/** The selector as text that parses back to the same terms. */
export function printSelector(ast: SelectorAst): string {
  return ast.terms.map(printTerm).join(' ');
}
