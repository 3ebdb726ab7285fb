import type { PlanNode } from '../plan/model';
import type { Column } from '../schema/model';
import { whereSql } from './conditions';
import type { BuildContext } from './params';
import { ident, relationSql } from './params';
import type { Shape } from './shape';
import { emptyShape } from './shape';
import { buildRepresentation } from './read';
import { valueSql } from './values';

export interface WriteStatement {
  sql: string;
  shape: Shape;
}

function finish(
  context: BuildContext,
  plan: PlanNode,
  mutation: string,
  representation: boolean,
): WriteStatement {
  const cte = `WITH pgrst_source AS (${mutation} RETURNING ${plan.alias}.*)`;
  const total = '(SELECT count(*) FROM pgrst_source)::text';
  if (!representation)
    return { sql: `${cte} SELECT ${total} AS total, NULL::text AS body`, shape: emptyShape() };
  const { sql, shape } = buildRepresentation(context, plan);
  return { sql: `${cte} SELECT ${total} AS total, ${sql} AS body`, shape };
}

/** INSERT of one or more rows; keys missing from a row take the column default. */
export function buildInsert(
  context: BuildContext,
  plan: PlanNode,
  columns: Column[],
  rows: Array<Record<string, unknown>>,
  representation: boolean,
): WriteStatement {
  const table = `${relationSql(context, plan.relation.name)} AS ${plan.alias}`;
  let mutation: string;
  const first = plan.relation.columns[0];
  if (columns.length === 0 && rows.length === 1) {
    mutation = `INSERT INTO ${table} DEFAULT VALUES`;
  } else if (columns.length === 0 && first !== undefined) {
    mutation = `INSERT INTO ${table} (${ident(first.name)}) VALUES ${rows.map(() => '(DEFAULT)').join(', ')}`;
  } else {
    const names = columns.map((c) => ident(c.name)).join(', ');
    const values = rows.map((row) => {
      const cells = columns.map((column) =>
        Object.hasOwn(row, column.name) ? valueSql(context, column, row[column.name]) : 'DEFAULT',
      );
      return `(${cells.join(', ')})`;
    });
    mutation = `INSERT INTO ${table} (${names}) VALUES ${values.join(', ')}`;
  }
  return finish(context, plan, mutation, representation);
}

/** UPDATE of the rows matching the root filters. */
export function buildUpdate(
  context: BuildContext,
  plan: PlanNode,
  columns: Column[],
  values: Record<string, unknown>,
  representation: boolean,
  /** Further conditions on the rows (over `plan.alias`), e.g. scope impersonation's. */
  extra: string[] = [],
): WriteStatement {
  const table = `${relationSql(context, plan.relation.name)} AS ${plan.alias}`;
  const sets = columns
    .map((column) => `${ident(column.name)} = ${valueSql(context, column, values[column.name])}`)
    .join(', ');
  const mutation = `UPDATE ${table} SET ${sets} WHERE ${whereSql(context, plan, extra)}`;
  return finish(context, plan, mutation, representation);
}

/** DELETE of the rows matching the root filters. */
export function buildDelete(
  context: BuildContext,
  plan: PlanNode,
  representation: boolean,
  /** Further conditions on the rows (over `plan.alias`), e.g. scope impersonation's. */
  extra: string[] = [],
): WriteStatement {
  const table = `${relationSql(context, plan.relation.name)} AS ${plan.alias}`;
  const mutation = `DELETE FROM ${table} WHERE ${whereSql(context, plan, extra)}`;
  return finish(context, plan, mutation, representation);
}
