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
}

export function relationSql(context: BuildContext, name: string): string {
  return `${ident(context.schema)}.${ident(name)}`;
}
