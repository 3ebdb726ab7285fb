/** Bind parameters of one statement; every client value goes through here. */
export class SqlParams {
  readonly values: Array<string | null> = [];

  /** Adds a value and returns its placeholder (`$3`). */
  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Quotes an identifier taken from the schema cache (never from the request). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface BuildContext {
  schema: string;
  params: SqlParams;
  /** What an embedded relation is read from in place of itself (a narrowed subquery). */
  narrow?: (name: string, source: string) => string;
}

export function relationSql(context: BuildContext, name: string): string {
  return `${ident(context.schema)}.${ident(name)}`;
}

/** What an embedded relation is read from: itself, or its narrowing (`BuildContext.narrow`). */
export function embeddedSql(context: BuildContext, name: string): string {
  const source = relationSql(context, name);
  return context.narrow ? context.narrow(name, source) : source;
}
