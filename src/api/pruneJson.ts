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

/** The index just after the string that opens at `start` (a `"`). */
function endOfString(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote === -1) return text.length;
    // A quote is escaped when an odd number of backslashes comes before it.
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** The index just after the value that starts at `start` (after white space). */
function endOfValue(text: string, start: number): number {
  let at = start;
  while (at < text.length && text.charCodeAt(at) <= 32) at += 1;
  const first = text.charCodeAt(at);
  if (first !== OPEN_ARRAY && first !== OPEN_OBJECT) {
    // A scalar: up to the next comma or closing bracket.
    if (first === QUOTE) return endOfString(text, at);
    while (at < text.length) {
      const code = text.charCodeAt(at);
      if (code === COMMA || code === CLOSE_OBJECT || code === CLOSE_ARRAY) return at;
      at += 1;
    }
    return at;
  }
  let depth = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      at = endOfString(text, at);
      continue;
    }
    if (code === OPEN_ARRAY || code === OPEN_OBJECT) depth += 1;
    else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
    at += 1;
  }
  return at;
}

/**
 * The JSON text of a tree whose nodes list their children under `key` (TOPO-01's `components`),
 * with the children of every node at level `levels - 1` and below written `null`: the body's
 * `key` array holds the nodes of level 0, theirs those of level 1, and so on. What is left out
 * is skipped over, not parsed, so that a large answer of which only the first levels are read
 * costs little more than those levels. Anything else in the text is kept as it is.
 */
export function pruneJsonTree(text: string, key: string, levels: number): string {
  const quotedKey = `"${key}"`;
  const pieces: string[] = [];
  const stack: Frame[] = [];
  let kept = 0;
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    const top = stack[stack.length - 1];
    if (code === QUOTE) {
      const end = endOfString(text, at);
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
        const end = endOfValue(text, at);
        pieces.push(text.slice(kept, at), 'null');
        kept = end;
        at = end;
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
  }
  if (kept === 0) return text;
  pieces.push(text.slice(kept));
  return pieces.join('');
}
