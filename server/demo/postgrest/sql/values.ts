import type { ColumnKind } from '../schema/model';
import type { BuildContext } from './params';

export interface TypedTarget {
  type: string;
  kind: ColumnKind;
}

/**
 * A JSON body value as SQL for a column or argument of the given type: json/jsonb keep the
 * JSON, a JSON array for an array column becomes a Postgres array, everything else is passed
 * as text and read by the type's own input function (so `"now()"` works for timestamps).
 */
export function valueSql(context: BuildContext, target: TypedTarget, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const { params } = context;
  if (target.kind === 'json' || target.kind === 'jsonb') {
    return `${params.add(JSON.stringify(value))}::${target.type}`;
  }
  if (target.kind === 'array' && Array.isArray(value)) {
    return `ARRAY(SELECT json_array_elements_text(${params.add(JSON.stringify(value))}::json))::${target.type}`;
  }
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `${params.add(text)}::${target.type}`;
}
