/** One open object or array while the text is read. */
interface Frame {
  object: boolean;
  /**
   * For an object: its level in the tree (the body is -1, the objects of its `key` array 0, the
   * objects of theirs 1...), NaN when it is no node of the tree. For an array: the level of the
   * objects directly in it.
   */
  level: number;
  /** Object only: the next string is a key. */
  expectKey: boolean;
  /** Object only: the key just read is the tree's `key`. */
  atKey: boolean;
}

const QUOTE = 34; // "
const BACKSLASH = 92; // \
const COLON = 58; // :
const COMMA = 44; // ,
const OPEN_OBJECT = 123; // {
const CLOSE_OBJECT = 125; // }
const OPEN_ARRAY = 91; // [
const CLOSE_ARRAY = 93; // ]

/** The index just after the string that opens at `start` (a `"`), or -1 when it does not end. */
function endOfString(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return -1;
    // A quote is escaped when an odd number of backslashes comes before it.
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** Reading the text as it is. */
const COPY = 0;
/** Left out: the white space before the value. */
const SKIP_START = 1;
/** Left out: a number, `true`, `false` or `null`, up to the next comma or closing bracket. */
const SKIP_SCALAR = 2;
/** Left out: an array or object, up to its closing bracket. */
const SKIP_NESTED = 3;

/**
 * The JSON text of a tree whose nodes list their children under `key` (TOPO-01's `components`),
 * read a part at a time as it arrives (`push`), with the children of every node at level
 * `levels - 1` and below written `null`: the body's `key` array holds the nodes of level 0,
 * theirs those of level 1, and so on. What is left out is skipped over, not parsed, so that a
 * large answer of which only the first levels are read costs little more than those levels,
 * and most of that while it arrives. Anything else in the text is kept as it is. `end` gives
 * the text kept.
 */
export class JsonTreePruner {
  private readonly quotedKey: string;
  private readonly stack: Frame[] = [];
  private readonly pieces: string[] = [];
  private mode = COPY;
  /** SKIP_NESTED: the brackets open in the value left out. */
  private depth = 0;
  /** A string the last part ended in, read again with the next part. */
  private carry = '';

  constructor(
    key: string,
    private readonly levels: number,
  ) {
    this.quotedKey = `"${key}"`;
  }

  /** Reads the next part of the text. */
  push(part: string): void {
    const text = this.carry === '' ? part : this.carry + part;
    this.carry = '';
    const { stack, pieces, quotedKey, levels } = this;
    const length = text.length;
    // The text before `kept` is already kept or left out.
    let kept = 0;
    let at = 0;
    while (at < length) {
      if (this.mode === COPY) {
        const code = text.charCodeAt(at);
        const top = stack[stack.length - 1];
        if (code === QUOTE) {
          const end = endOfString(text, at);
          if (end === -1) {
            pieces.push(text.slice(kept, at));
            this.carry = text.slice(at);
            return;
          }
          if (top?.object && top.expectKey) {
            top.expectKey = false;
            top.atKey = end - at === quotedKey.length && text.startsWith(quotedKey, at);
          }
          at = end;
          continue;
        }
        if (code === COLON) {
          at += 1;
          if (top?.atKey && top.level + 1 >= levels) {
            pieces.push(text.slice(kept, at), 'null');
            this.mode = SKIP_START;
          }
          continue;
        }
        if (code === OPEN_OBJECT) {
          let level = Number.NaN;
          if (!top) level = -1;
          else if (!top.object) level = top.level;
          stack.push({ object: true, level, expectKey: true, atKey: false });
        } else if (code === OPEN_ARRAY) {
          const level = top?.atKey ? top.level + 1 : Number.NaN;
          stack.push({ object: false, level, expectKey: false, atKey: false });
        } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
          stack.pop();
        } else if (code === COMMA && top?.object) {
          top.expectKey = true;
          top.atKey = false;
        }
        at += 1;
        continue;
      }
      const skipped = this.skip(text, at);
      if (skipped < 0) return;
      at = skipped;
      kept = at;
    }
    if (this.mode === COPY && kept < length) pieces.push(text.slice(kept));
  }

  /**
   * Leaves out the value being skipped from `at`: the index just after it (back to copying), or
   * -1 when the text ends first (a string it ended in is carried to the next part).
   */
  private skip(text: string, start: number): number {
    const length = text.length;
    let at = start;
    if (this.mode === SKIP_START) {
      while (at < length && text.charCodeAt(at) <= 32) at += 1;
      if (at === length) return -1;
      const first = text.charCodeAt(at);
      if (first === QUOTE) {
        const end = endOfString(text, at);
        if (end === -1) {
          this.carry = text.slice(at);
          return -1;
        }
        this.mode = COPY;
        return end;
      }
      if (first === OPEN_ARRAY || first === OPEN_OBJECT) {
        this.mode = SKIP_NESTED;
        this.depth = 0;
      } else {
        this.mode = SKIP_SCALAR;
      }
    }
    if (this.mode === SKIP_SCALAR) {
      while (at < length) {
        const code = text.charCodeAt(at);
        if (code === COMMA || code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
          this.mode = COPY;
          return at;
        }
        at += 1;
      }
      return -1;
    }
    while (at < length) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        const end = endOfString(text, at);
        if (end === -1) {
          this.carry = text.slice(at);
          return -1;
        }
        at = end;
        continue;
      }
      if (code === OPEN_ARRAY || code === OPEN_OBJECT) this.depth += 1;
      else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
        this.depth -= 1;
        if (this.depth === 0) {
          this.mode = COPY;
          return at + 1;
        }
      }
      at += 1;
    }
    return -1;
  }

  /** The text kept, once every part is read. */
  end(): string {
    if (this.carry !== '') {
      // The text ends inside a string: kept as it is, for the reader to fail on.
      if (this.mode === COPY) this.pieces.push(this.carry);
      this.carry = '';
    }
    return this.pieces.join('');
  }
}

/**
 * `JsonTreePruner` on the whole text at once: the text with the children of every node at
 * level `levels - 1` and below written `null`.
 */
export function pruneJsonTree(text: string, key: string, levels: number): string {
  const pruner = new JsonTreePruner(key, levels);
  pruner.push(text);
  return pruner.end();
}
