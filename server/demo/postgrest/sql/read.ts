import type { PlanEmbed, PlanNode } from '../plan/model';
import { isToOne } from '../schema/model';
import { columnExpr, joinSql, whereSql } from './conditions';
import type { BuildContext } from './params';
import { embeddedSql, ident } from './params';
import type { Shape } from './shape';
import { emptyShape } from './shape';

function generatedName(node: PlanNode, index: number): string {
  let name = `#${index}`;
  while (node.relation.columnMap.has(name)) name = `#${name}`;
  return name;
}

function orderSql(context: BuildContext, node: PlanNode): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((term) => {
    const direction = term.direction === null ? '' : ` ${term.direction.toUpperCase()}`;
    const nulls = term.nulls === null ? '' : ` NULLS ${term.nulls.toUpperCase()}`;
    return `${columnExpr(context, node.alias, term.column, term.path)}${direction}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

export function rangeSql(
  context: BuildContext,
  limit: number | null,
  offset: number | null,
): string {
  const limitSql = limit === null ? '' : ` LIMIT ${context.params.add(String(limit))}::bigint`;
  const offsetSql = offset === null ? '' : ` OFFSET ${context.params.add(String(offset))}::bigint`;
  return `${limitSql}${offsetSql}`;
}

function embedSql(context: BuildContext, parent: PlanNode, embed: PlanEmbed, shape: Shape): string {
  const child = embed.node;
  const from = embeddedSql(context, child.relation.name);
  const columns = selectListSql(context, child, shape);
  const where = whereSql(context, child, [joinSql(embed, parent.alias)]);
  const row = `${child.alias}_row`;
  if (isToOne(embed.relationship)) {
    const inner = `SELECT ${columns} FROM ${from} AS ${child.alias} WHERE ${where} LIMIT 1`;
    return `(SELECT row_to_json(${row}) FROM (${inner}) AS ${row})`;
  }
  const inner = `SELECT ${columns} FROM ${from} AS ${child.alias} WHERE ${where}${orderSql(context, child)}${rangeSql(context, child.limit, child.offset)}`;
  return `(SELECT coalesce(json_agg(${row}), '[]'::json) FROM (${inner}) AS ${row})`;
}

/**
 * The select list of one level. Plain columns keep their names; aliased items, JSON paths
 * and embeds get generated names recorded in `shape`.
 */
export function selectListSql(context: BuildContext, node: PlanNode, shape: Shape): string {
  const parts = node.items.map((item, index) => {
    if (item.kind === 'embed') {
      const name = generatedName(node, index);
      const child = emptyShape();
      const sql = embedSql(context, node, item.embed, child);
      shape.renames.set(name, {
        key: item.embed.key,
        child: child.renames.size > 0 ? child : null,
      });
      return `${sql} AS ${ident(name)}`;
    }
    let expr = columnExpr(context, node.alias, item.column, item.path);
    if (item.cast !== null) expr = `(${expr})::${item.cast}`;
    if (item.path.length === 0 && item.key === item.column.name) {
      return `${expr} AS ${ident(item.column.name)}`;
    }
    const name = generatedName(node, index);
    shape.renames.set(name, { key: item.key, child: null });
    return `${expr} AS ${ident(name)}`;
  });
  return parts.join(', ');
}

export interface ReadStatement {
  sql: string;
  shape: Shape;
}

/**
 * One statement answering a read: `total` (a count over the same filters, when asked) and
 * `body` (the JSON array of rows with their embeds). With a limit or offset the page is cut
 * first and the embeds are built for the page's rows only.
 */
export function buildRead(
  context: BuildContext,
  plan: PlanNode,
  source: string,
  withCount: boolean,
): ReadStatement {
  const shape = emptyShape();
  const alias = plan.alias;
  const where = whereSql(context, plan);
  const order = orderSql(context, plan);
  const range = rangeSql(context, plan.limit, plan.offset);
  const columns = selectListSql(context, plan, shape);
  const body =
    range === ''
      ? `SELECT ${columns} FROM ${source} AS ${alias} WHERE ${where}${order}`
      : `SELECT ${columns} FROM (SELECT * FROM ${source} AS ${alias} WHERE ${where}${order}${range}) AS ${alias}${order}`;
  const json = `(SELECT coalesce(json_agg(_pgrst_row), '[]'::json)::text FROM (${body}) AS _pgrst_row)`;
  const total = withCount
    ? `(SELECT count(*) FROM ${source} AS ${alias} WHERE ${where})::text`
    : 'NULL::text';
  return { sql: `SELECT ${total} AS total, ${json} AS body`, shape };
}

/** The representation of rows returned by a data-modifying CTE named `pgrst_source`. */
export function buildRepresentation(context: BuildContext, plan: PlanNode): ReadStatement {
  const shape = emptyShape();
  const columns = selectListSql(context, plan, shape);
  const sql = `(SELECT coalesce(json_agg(_pgrst_row), '[]'::json)::text FROM (SELECT ${columns} FROM pgrst_source AS ${plan.alias}) AS _pgrst_row)`;
  return { sql, shape };
}
