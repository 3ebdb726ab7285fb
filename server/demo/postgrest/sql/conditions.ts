import type { JsonStep } from '../parser/ast';
import type { Condition, PlanEmbed, PlanNode } from '../plan/model';
import type { Column } from '../schema/model';
import type { BuildContext } from './params';
import { embeddedSql, ident } from './params';

/** `t0."labels"->>$1::text`: JSON path keys are bind parameters. */
export function columnExpr(
  context: BuildContext,
  alias: string,
  column: Column,
  path: JsonStep[],
): string {
  let expr = `${alias}.${ident(column.name)}`;
  for (const step of path) {
    const key = context.params.add(step.key);
    expr = `${expr}${step.arrow}${key}::${step.index ? 'integer' : 'text'}`;
  }
  return expr;
}

/** SQL type of a column or of its JSON path, used to cast filter values. */
export function expressionType(column: Column, path: JsonStep[]): string {
  const last = path[path.length - 1];
  if (last === undefined) return column.type;
  if (last.arrow === '->>') return 'text';
  return column.kind === 'json' ? 'json' : 'jsonb';
}

function isText(column: Column, path: JsonStep[]): boolean {
  const last = path[path.length - 1];
  return last === undefined ? column.kind === 'text' : last.arrow === '->>';
}

const COMPARISONS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  isdistinct: 'IS DISTINCT FROM',
  cs: '@>',
  cd: '<@',
  ov: '&&',
} as const;

const PATTERNS = { like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*' } as const;

const IS_SQL = { null: 'NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' } as const;

/** ON condition of an embed: the child's key columns equal the parent's. */
export function joinSql(embed: PlanEmbed, parentAlias: string): string {
  const childAlias = embed.node.alias;
  return embed.relationship.columns
    .map(([source, target]) => `${childAlias}.${ident(target)} = ${parentAlias}.${ident(source)}`)
    .join(' AND ');
}

export function whereSql(context: BuildContext, node: PlanNode, extra: string[] = []): string {
  const parts = [...extra, ...node.conditions.map((c) => conditionSql(context, node, c))];
  return parts.length === 0 ? 'TRUE' : parts.join(' AND ');
}

function existsSql(context: BuildContext, parent: PlanNode, embed: PlanEmbed): string {
  const child = embed.node;
  const from = embeddedSql(context, child.relation.name);
  const where = whereSql(context, child, [joinSql(embed, parent.alias)]);
  return `EXISTS (SELECT 1 FROM ${from} AS ${child.alias} WHERE ${where})`;
}

export function conditionSql(context: BuildContext, node: PlanNode, condition: Condition): string {
  if (condition.kind === 'embed') {
    const exists = existsSql(context, node, condition.embed);
    return condition.exists ? exists : `NOT ${exists}`;
  }
  if (condition.kind === 'logic') {
    const joiner = condition.operator === 'and' ? ' AND ' : ' OR ';
    const inner = `(${condition.children.map((c) => conditionSql(context, node, c)).join(joiner)})`;
    return condition.negate ? `NOT ${inner}` : inner;
  }
  const { column, path, operator, operand } = condition;
  const lhs = columnExpr(context, node.alias, column, path);
  const type = expressionType(column, path);
  const param = (value: string): string => `${context.params.add(value)}::${type}`;
  let sql: string;
  if (operand.kind === 'is') {
    sql = `${lhs} IS ${IS_SQL[operand.value]}`;
  } else if (operand.kind === 'list') {
    // `in.()` matches nothing; the column stays in the SQL so that a JSON path's key, already a
    // parameter, is still used (Postgres refuses a parameter it cannot type).
    sql =
      operand.values.length === 0
        ? `FALSE AND ${lhs} IS NULL`
        : `${lhs} IN (${operand.values.map(param).join(', ')})`;
  } else if (
    operator === 'like' ||
    operator === 'ilike' ||
    operator === 'match' ||
    operator === 'imatch'
  ) {
    const text = isText(column, path) ? lhs : `(${lhs})::text`;
    sql = `${text} ${PATTERNS[operator]} ${context.params.add(operand.value)}::text`;
  } else if (operator === 'is' || operator === 'in') {
    sql = 'FALSE';
  } else {
    sql = `${lhs} ${COMPARISONS[operator]} ${param(operand.value)}`;
  }
  return condition.negate ? `NOT (${sql})` : `(${sql})`;
}
