/** Position-tracking reader over one query parameter value. */
export class Scanner {
  pos = 0;

  constructor(readonly text: string) {}

  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  eof(): boolean {
    return this.pos >= this.text.length;
  }

  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.pos);
  }

  skipSpaces(): void {
    while (!this.eof() && /\s/.test(this.peek())) this.pos += 1;
  }

  /** Consumes `token` when it comes next. */
  accept(token: string): boolean {
    if (!this.startsWith(token)) return false;
    this.pos += token.length;
    return true;
  }

  expect(token: string): void {
    if (!this.accept(token)) throw this.fail(`expected "${token}"`);
  }

  expectEnd(): void {
    if (!this.eof()) throw this.fail('expected end of input');
  }

  fail(expected: string): SyntaxFailure {
    const found = this.eof() ? 'end of input' : `"${this.peek()}"`;
    return new SyntaxFailure(`unexpected ${found} at position ${this.pos + 1}, ${expected}`);
  }
}

/** Thrown by the parsers; the caller adds which parameter failed. */
export class SyntaxFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyntaxFailure';
  }
}
