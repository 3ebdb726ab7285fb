/**
 * Splitting a byte stream, decoded to text in chunks that may end anywhere, into whole lines
 * (NDJSON) and into Server-Sent Events' `data` payloads.
 */

/** Whole lines of text given in chunks; `push` answers the lines a chunk completed. */
export interface LineSplitter {
  push(chunk: string): string[];
  /** The last line, when the text did not end with a newline. */
  end(): string[];
}

export function lineSplitter(): LineSplitter {
  let rest = '';
  return {
    push(chunk) {
      rest += chunk;
      const lines = rest.split(/\r?\n/);
      rest = lines.pop() ?? '';
      return lines;
    },
    end() {
      const last = rest;
      rest = '';
      return last.trim() === '' ? [] : [last];
    },
  };
}

/**
 * The `data` of each Server-Sent Event given in chunks (its `data:` lines joined by newlines),
 * once the blank line that ends it came; comments and other fields are skipped.
 */
export function sseDataSplitter(): LineSplitter {
  const lines = lineSplitter();
  let data: string[] = [];
  const dispatch = (): string[] => {
    if (data.length === 0) return [];
    const payload = data.join('\n');
    data = [];
    return [payload];
  };
  const take = (line: string): string[] => {
    if (line === '') return dispatch();
    if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    return [];
  };
  return {
    push: (chunk) => lines.push(chunk).flatMap(take),
    end: () => [...lines.end().flatMap(take), ...dispatch()],
  };
}
