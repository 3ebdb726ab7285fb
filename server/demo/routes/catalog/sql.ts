import { isDate } from '../../db/values';
import type { LabelRequirement, TriState } from './request';
import { globToLike } from '../../search/compile';

/** Parameters of one statement: `add` returns the placeholder of a new one. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown, cast = ''): string {
    // Dates travel as ISO text: a Date of another realm would not be recognised by the driver.
    this.values.push(isDate(value) ? value.toISOString() : value);
    return `$${this.values.length}${cast}`;
  }
}

/**
 * The condition of a tri-state filter on a text expression: any included value or glob matches,
 * and no excluded value or glob does (rows where the expression is null are never excluded).
 * Null when the filter has nothing to apply.
 */
export function triStateSql(expression: string, state: TriState, params: Params): string | null {
  const includes: string[] = [];
  if (state.include.length > 0) {
    includes.push(`${expression} = ANY(${params.add(state.include, '::text[]')})`);
  }
  for (const glob of state.includeGlobs) {
    includes.push(`${expression} LIKE ${params.add(globToLike(glob))}`);
  }
  const conditions: string[] = [];
  if (includes.length > 0) conditions.push(`(${includes.join(' OR ')})`);
  if (state.exclude.length > 0) {
    conditions.push(
      `coalesce(${expression} <> ALL(${params.add(state.exclude, '::text[]')}), true)`,
    );
  }
  for (const glob of state.excludeGlobs) {
    conditions.push(`coalesce(${expression} NOT LIKE ${params.add(globToLike(glob))}, true)`);
  }
  return conditions.length > 0 ? conditions.join(' AND ') : null;
}

/**
 * The condition of label-selector requirements on a JSON object column of string values, with
 * Kubernetes semantics: `!=` and `notin` also match objects without the key.
 */
export function labelSelectorSql(
  column: string,
  requirements: readonly LabelRequirement[],
  params: Params,
): string | null {
  const conditions = requirements.map((r) => {
    const value = `${column} ->> ${params.add(r.key)}`;
    switch (r.op) {
      case 'eq':
        return `${value} = ${params.add(r.value)}`;
      case 'neq':
        return `${value} IS DISTINCT FROM ${params.add(r.value)}`;
      case 'in':
        return `${value} = ANY(${params.add(r.values, '::text[]')})`;
      case 'notin':
        return `coalesce(${value} <> ALL(${params.add(r.values, '::text[]')}), true)`;
      case 'exists':
        return `${value} IS NOT NULL`;
      case 'absent':
        return `${value} IS NULL`;
    }
  });
  return conditions.length > 0 ? conditions.join(' AND ') : null;
}

/** A timestamp from a row as ISO 8601 text (PGlite gives Dates, possibly of another realm). */
export function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return isDate(value) ? value.toISOString() : String(value);
}

/** A numeric column (text from the driver) as a number; null stays null. */
export function numberOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
