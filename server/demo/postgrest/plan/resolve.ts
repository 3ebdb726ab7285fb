import { PostgrestError, columnNotFound, notEmbedded } from '../errors';
import type { Field, Filter, LogicNode, FilterNode, SelectItem } from '../parser/ast';
import type { ParsedQuery } from '../parser/query';
import type { Column, Relation, SchemaCache } from '../schema/model';
import { findRelationship } from './findRelationship';
import type { Condition, PlanEmbed, PlanNode, PlanOrder } from './model';

/** Casts allowed in `select` (`col::text`), mapped to the SQL type name used. */
export const SELECT_CASTS: Readonly<Record<string, string>> = {
  text: 'text',
  varchar: 'varchar',
  char: 'char',
  int: 'integer',
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  integer: 'integer',
  smallint: 'smallint',
  bigint: 'bigint',
  numeric: 'numeric',
  decimal: 'numeric',
  real: 'real',
  float4: 'real',
  float8: 'double precision',
  bool: 'boolean',
  boolean: 'boolean',
  json: 'json',
  jsonb: 'jsonb',
  uuid: 'uuid',
  date: 'date',
  time: 'time',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  interval: 'interval',
};

function checkCast(cast: string | null): string | null {
  if (cast === null) return null;
  const sql = SELECT_CASTS[cast.toLowerCase()];
  if (sql === undefined) {
    throw new PostgrestError(400, '42704', `type "${cast}" is not supported in casts`);
  }
  return sql;
}

class Resolver {
  private aliasCount = 0;

  constructor(private readonly cache: SchemaCache) {}

  nextAlias(): string {
    const alias = `t${this.aliasCount}`;
    this.aliasCount += 1;
    return alias;
  }

  column(relation: Relation, field: Field): Column {
    const column = relation.columnMap.get(field.name);
    if (column === undefined) throw columnNotFound(relation.name, field.name);
    if (field.path.length > 0 && column.kind !== 'json' && column.kind !== 'jsonb') {
      throw new PostgrestError(
        400,
        '42883',
        `operator does not exist: ${column.type} -> unknown`,
        null,
        `JSON paths need a json or jsonb column; ${relation.name}.${column.name} is ${column.type}.`,
      );
    }
    return column;
  }

  node(relation: Relation, items: SelectItem[]): PlanNode {
    const node: PlanNode = {
      relation,
      alias: this.nextAlias(),
      items: [],
      conditions: [],
      order: [],
      limit: null,
      offset: null,
      embeds: [],
    };
    for (const item of items) this.addItem(node, item);
    return node;
  }

  private addItem(node: PlanNode, item: SelectItem): void {
    const { relation } = node;
    if (item.kind === 'star') {
      for (const column of relation.columns) {
        node.items.push({ kind: 'column', column, path: [], cast: null, key: column.name });
      }
      return;
    }
    if (item.kind === 'column') {
      const column = this.column(relation, item.field);
      const last = item.field.path[item.field.path.length - 1];
      const key = item.alias ?? (last === undefined ? column.name : last.key);
      const cast = checkCast(item.cast);
      node.items.push({ kind: 'column', column, path: item.field.path, cast, key });
      return;
    }
    checkCast(item.cast);
    const embed = this.embed(node, item.name, item.hint, item.items);
    embed.key = item.alias ?? item.name;
    embed.visible = item.items.length > 0;
    embed.inner = item.joinType === 'inner';
    if (embed.visible) node.items.push({ kind: 'embed', embed });
    if (embed.inner) node.conditions.push({ kind: 'embed', embed, exists: true });
  }

  embed(parent: PlanNode, target: string, hint: string | null, items: SelectItem[]): PlanEmbed {
    const source = parent.relation;
    if (this.cache.relations.get(source.name) !== source) {
      throw new PostgrestError(
        400,
        'PGRST200',
        `Could not find a relationship between '${source.name}' and '${target}' in the schema cache`,
      );
    }
    const relationship = findRelationship(this.cache, source.name, target, hint);
    const relation = this.cache.relations.get(relationship.target);
    if (relation === undefined) throw notEmbedded(target);
    const embed: PlanEmbed = {
      key: target,
      name: target,
      relationship,
      node: this.node(relation, items),
      inner: false,
      visible: false,
    };
    parent.embeds.push(embed);
    return embed;
  }

  /** The node an embed path points at; filters may name embeds absent from `select`. */
  find(root: PlanNode, path: string[], createHidden: boolean): PlanNode {
    let node = root;
    for (const segment of path) {
      let embed =
        node.embeds.find((e) => e.key === segment) ?? node.embeds.find((e) => e.name === segment);
      if (embed === undefined) {
        if (!createHidden) throw notEmbedded(segment);
        embed = this.embed(node, segment, null, []);
        embed.inner = true;
        node.conditions.push({ kind: 'embed', embed, exists: true });
      }
      node = embed.node;
    }
    return node;
  }

  filter(node: PlanNode, filter: Filter): Condition {
    const { field, operator, operand, negate } = filter;
    if (
      field.path.length === 0 &&
      operator === 'is' &&
      operand.kind === 'is' &&
      operand.value === 'null'
    ) {
      const embed = node.embeds.find((e) => e.visible && e.key === field.name);
      if (embed !== undefined) return { kind: 'embed', embed, exists: negate };
    }
    const column = this.column(node.relation, field);
    return { kind: 'filter', column, path: field.path, negate, operator, operand };
  }

  logic(node: PlanNode, tree: LogicNode | FilterNode): Condition {
    if (tree.kind === 'filter') return this.filter(node, tree.filter);
    return {
      kind: 'logic',
      operator: tree.operator,
      negate: tree.negate,
      children: tree.children.map((child) => this.logic(node, child)),
    };
  }
}

export interface ResolveOptions {
  /** Root filters are ignored (inserts), as PostgREST does. */
  ignoreRootFilters?: boolean;
}

/**
 * Checks a parsed query against the schema: every column, embed and relationship must exist.
 * Returns the plan tree the SQL builders turn into one statement.
 */
export function resolvePlan(
  cache: SchemaCache,
  relation: Relation,
  query: ParsedQuery,
  options: ResolveOptions = {},
): PlanNode {
  const resolver = new Resolver(cache);
  const root = resolver.node(relation, query.select ?? [{ kind: 'star' }]);
  for (const { path, filter } of query.filters) {
    if (path.length === 0 && options.ignoreRootFilters === true) continue;
    const node = resolver.find(root, path, true);
    node.conditions.push(resolver.filter(node, filter));
  }
  for (const { path, tree } of query.logic) {
    if (path.length === 0 && options.ignoreRootFilters === true) continue;
    const node = resolver.find(root, path, true);
    node.conditions.push(resolver.logic(node, tree));
  }
  for (const { path, terms } of query.order.values()) {
    const node = resolver.find(root, path, false);
    node.order = terms.map((term): PlanOrder => ({
      column: resolver.column(node.relation, term.field),
      path: term.field.path,
      direction: term.direction,
      nulls: term.nulls,
    }));
  }
  for (const { path, value } of query.limit.values())
    resolver.find(root, path, false).limit = value;
  for (const { path, value } of query.offset.values())
    resolver.find(root, path, false).offset = value;
  return root;
}
