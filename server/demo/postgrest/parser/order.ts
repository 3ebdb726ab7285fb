import type { OrderTerm } from './ast';
import { readField } from './field';
import { Scanner } from './scanner';

/** Parses `order=a.desc.nullslast,b,labels->>x.asc`. An empty value means no ordering. */
export function parseOrder(text: string): OrderTerm[] {
  const scanner = new Scanner(text);
  scanner.skipSpaces();
  if (scanner.eof()) return [];
  const terms: OrderTerm[] = [];
  for (;;) {
    scanner.skipSpaces();
    const field = readField(scanner);
    const term: OrderTerm = { field, direction: null, nulls: null };
    while (scanner.accept('.')) {
      const start = scanner.pos;
      while (/[a-z]/.test(scanner.peek())) scanner.pos += 1;
      const word = scanner.text.slice(start, scanner.pos);
      if ((word === 'asc' || word === 'desc') && term.direction === null && term.nulls === null) {
        term.direction = word;
      } else if ((word === 'nullsfirst' || word === 'nullslast') && term.nulls === null) {
        term.nulls = word === 'nullsfirst' ? 'first' : 'last';
      } else {
        scanner.pos = start;
        throw scanner.fail('expected asc, desc, nullsfirst or nullslast');
      }
    }
    terms.push(term);
    scanner.skipSpaces();
    if (scanner.accept(',')) continue;
    scanner.expectEnd();
    return terms;
  }
}
