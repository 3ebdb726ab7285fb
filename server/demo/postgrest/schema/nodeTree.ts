/**
 * A reader for the text form of `pg_node_tree` (e.g. `pg_rewrite.ev_action`), enough to find,
 * for each output column of a view, the table column it comes from (`resorigtbl`/`resorigcol`
 * of the top-level query's target list). Postgres writes these as nested `{NODE :field value}`
 * records and `(...)` lists, with backslash-escaped tokens.
 */

type NodeValue = string | NodeRecord | NodeValue[];

interface NodeRecord {
  type: string;
  fields: Map<string, NodeValue[]>;
}

const DELIMITERS = new Set(['(', ')', '{', '}']);

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r') {
      i += 1;
    } else if (DELIMITERS.has(ch)) {
      tokens.push(ch);
      i += 1;
    } else {
      let token = '';
      while (i < text.length) {
        const c = text.charAt(i);
        if (c === ' ' || c === '\n' || c === '\t' || c === '\r' || DELIMITERS.has(c)) break;
        if (c === '\\' && i + 1 < text.length) {
          token += text.charAt(i + 1);
          i += 2;
        } else {
          token += c;
          i += 1;
        }
      }
      tokens.push(token);
    }
  }
  return tokens;
}

class Reader {
  private pos = 0;

  constructor(private readonly tokens: string[]) {}

  private next(): string {
    const token = this.tokens[this.pos];
    if (token === undefined) throw new Error('unexpected end of node tree');
    this.pos += 1;
    return token;
  }

  private peek(): string | undefined {
    return this.tokens[this.pos];
  }

  value(): NodeValue {
    const token = this.next();
    if (token === '{') return this.record();
    if (token === '(') return this.list();
    return token;
  }

  private list(): NodeValue[] {
    const items: NodeValue[] = [];
    while (this.peek() !== ')') items.push(this.value());
    this.next();
    return items;
  }

  private record(): NodeRecord {
    const type = this.next();
    const fields = new Map<string, NodeValue[]>();
    let current: NodeValue[] | null = null;
    for (;;) {
      const token = this.peek();
      if (token === undefined) throw new Error('unterminated node');
      if (token === '}') {
        this.next();
        return { type, fields };
      }
      if (token.startsWith(':') && token.length > 1) {
        this.next();
        current = [];
        fields.set(token.slice(1), current);
      } else {
        const value = this.value();
        if (current !== null) current.push(value);
      }
    }
  }
}

function isRecord(value: NodeValue | undefined): value is NodeRecord {
  return typeof value === 'object' && !Array.isArray(value);
}

function scalar(record: NodeRecord, field: string): string | null {
  const value = record.fields.get(field)?.[0];
  return typeof value === 'string' ? value : null;
}

export interface ViewColumnOrigin {
  /** Output column name of the view. */
  column: string;
  /** oid of the relation the column is read from (a table or another view). */
  relationOid: string;
  /** Attribute number of that column. */
  attnum: number;
}

/** Origins of the plain column references in a view's top-level target list. */
export function viewColumnOrigins(evAction: string): ViewColumnOrigin[] {
  const root = new Reader(tokenize(evAction)).value();
  const query = Array.isArray(root) ? root[0] : root;
  if (!isRecord(query) || query.type !== 'QUERY') return [];
  const targetList = query.fields.get('targetList')?.[0];
  if (!Array.isArray(targetList)) return [];
  const origins: ViewColumnOrigin[] = [];
  for (const entry of targetList) {
    if (!isRecord(entry) || entry.type !== 'TARGETENTRY') continue;
    const column = scalar(entry, 'resname');
    const relationOid = scalar(entry, 'resorigtbl');
    const attnum = Number(scalar(entry, 'resorigcol'));
    if (scalar(entry, 'resjunk') === 'true' || column === null || relationOid === null) continue;
    if (relationOid === '0' || !Number.isInteger(attnum) || attnum <= 0) continue;
    origins.push({ column, relationOid, attnum });
  }
  return origins;
}
