import type { SqlClient } from '../types';
import type { Column, ColumnKind, Relation, Routine, RoutineArg, SchemaCache } from './model';
import { viewColumnOrigins } from './nodeTree';
import type { ForeignKey, UniqueKey, ViewOrigin } from './relationships';
import { deriveRelationships } from './relationships';

const RELATIONS_SQL = `
SELECT c.oid::int8::text AS oid, c.relname AS name, c.relkind::text AS kind
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`;

const COLUMNS_SQL = `
SELECT a.attrelid::int8::text AS rel, a.attnum::int AS num, a.attname AS name,
  format_type(a.atttypid, NULL) AS type, b.typname AS base, b.typcategory::text AS category,
  NOT a.attnotnull AS nullable, a.atthasdef AS has_default, a.attgenerated::text <> '' AS generated
FROM pg_catalog.pg_attribute a
JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
JOIN pg_catalog.pg_type b ON b.oid = CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END
WHERE a.attrelid = ANY($1::oid[]) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum`;

const CONSTRAINTS_SQL = `
SELECT con.conname AS name, con.contype::text AS type, con.conrelid::int8::text AS rel,
  con.confrelid::int8::text AS frel, array_to_string(con.conkey, ',') AS cols,
  COALESCE(array_to_string(con.confkey, ','), '') AS fcols
FROM pg_catalog.pg_constraint con
JOIN pg_catalog.pg_class c ON c.oid = con.conrelid
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND con.contype IN ('p', 'u', 'f')
ORDER BY con.conname`;

const VIEWS_SQL = `
SELECT r.ev_class::int8::text AS rel, r.ev_action::text AS action
FROM pg_catalog.pg_rewrite r
JOIN pg_catalog.pg_class c ON c.oid = r.ev_class
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relkind IN ('v', 'm') AND r.rulename = '_RETURN'`;

const ROUTINES_SQL = `
SELECT p.proname AS name, p.proretset AS retset, p.pronargdefaults::int AS ndefaults,
  rt.typtype::text AS rettyptype, rt.typrelid::int8::text AS retrelid, rt.typname AS rettypname,
  p.prorettype::int8::text AS rettypeoid,
  COALESCE((
    SELECT json_agg(json_build_object(
      'name', COALESCE(p.proargnames[i], ''),
      'mode', COALESCE(p.proargmodes[i]::text, 'i'),
      'typeoid', COALESCE(p.proallargtypes[i], p.proargtypes[i - 1])::int8::text) ORDER BY i)
    FROM generate_series(1, COALESCE(array_length(p.proallargtypes, 1), p.pronargs::int)) AS i
  ), '[]')::text AS args
FROM pg_catalog.pg_proc p
JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
JOIN pg_catalog.pg_type rt ON rt.oid = p.prorettype
WHERE n.nspname = $1 AND p.prokind = 'f'
ORDER BY p.oid`;

const TYPES_SQL = `
SELECT t.oid::int8::text AS oid, format_type(t.oid, NULL) AS type, b.typname AS base,
  b.typcategory::text AS category
FROM pg_catalog.pg_type t
JOIN pg_catalog.pg_type b ON b.oid = CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END
WHERE t.oid = ANY($1::oid[])`;

interface RelationRow {
  oid: string;
  name: string;
  kind: string;
}
interface ColumnRow {
  rel: string;
  num: number;
  name: string;
  type: string;
  base: string;
  category: string;
  nullable: boolean;
  has_default: boolean;
  generated: boolean;
}
interface ConstraintRow {
  name: string;
  type: string;
  rel: string;
  frel: string;
  cols: string;
  fcols: string;
}
interface ViewRow {
  rel: string;
  action: string;
}
interface RoutineRow {
  name: string;
  retset: boolean;
  ndefaults: number;
  rettyptype: string;
  retrelid: string;
  rettypname: string;
  rettypeoid: string;
  args: string;
}
interface TypeRow {
  oid: string;
  type: string;
  base: string;
  category: string;
}

export function columnKind(base: string, category: string): ColumnKind {
  if (base === 'json' || base === 'jsonb') return base;
  if (category === 'A') return 'array';
  if (category === 'S') return 'text';
  return 'other';
}

function buildRelation(oid: string, name: string, isView: boolean, columns: Column[]): Relation {
  return { oid, name, isView, columns, columnMap: new Map(columns.map((c) => [c.name, c])) };
}

function attnums(list: string): number[] {
  return list === '' ? [] : list.split(',').map(Number);
}

const UNCALLABLE_RESULTS = new Set([
  'trigger',
  'event_trigger',
  'internal',
  'language_handler',
  'fdw_handler',
  'index_am_handler',
  'tsm_handler',
  'table_am_handler',
]);

interface RawArg {
  name: string;
  mode: string;
  typeoid: string;
}

function buildRoutine(
  row: RoutineRow,
  types: Map<string, TypeRow>,
  relationsByOid: Map<string, Relation>,
  exposedOids: Set<string>,
): Routine | null {
  const raw = JSON.parse(row.args) as RawArg[];
  const inputs = raw.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
  const outputs = raw.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
  const args: RoutineArg[] = [];
  for (const [index, arg] of inputs.entries()) {
    const type = types.get(arg.typeoid);
    if (arg.name === '' || type === undefined || type.category === 'P') return null;
    args.push({
      name: arg.name,
      type: type.type,
      kind: columnKind(type.base, type.category),
      hasDefault: index >= inputs.length - row.ndefaults,
      variadic: arg.mode === 'v',
    });
  }
  let result: Routine['result'];
  if (row.rettyptype === 'c') {
    const relation = relationsByOid.get(row.retrelid);
    if (relation === undefined) return null;
    result = { kind: 'relation', relation, exposed: exposedOids.has(relation.oid) };
  } else if (row.rettypname === 'record') {
    if (outputs.length === 0) return null;
    const columns: Column[] = [];
    for (const [index, arg] of outputs.entries()) {
      const type = types.get(arg.typeoid);
      if (type === undefined || arg.name === '') return null;
      columns.push({
        name: arg.name,
        num: index + 1,
        type: type.type,
        kind: columnKind(type.base, type.category),
        nullable: true,
        hasDefault: false,
        generated: false,
      });
    }
    result = {
      kind: 'relation',
      relation: buildRelation('', row.name, false, columns),
      exposed: false,
    };
  } else if (row.rettypname === 'void') {
    result = { kind: 'void' };
  } else if (row.rettyptype === 'p' || UNCALLABLE_RESULTS.has(row.rettypname)) {
    return null;
  } else {
    const type = types.get(row.rettypeoid);
    if (type === undefined) return null;
    result = { kind: 'scalar', type: type.type };
  }
  return { name: row.name, args, returnsSet: row.retset, result };
}

/**
 * Reads tables, views, columns, keys, view column origins and functions of one schema from
 * pg_catalog, and derives the relationships used for embedding (including those of views,
 * through the base-table columns behind them).
 */
export async function introspectSchema(
  db: SqlClient,
  schema: string,
  hidden: ReadonlySet<string> = new Set(),
): Promise<SchemaCache> {
  const relationRows = (await db.query<RelationRow>(RELATIONS_SQL, [schema])).rows;
  const routineRows = (await db.query<RoutineRow>(ROUTINES_SQL, [schema])).rows;
  const constraintRows = (await db.query<ConstraintRow>(CONSTRAINTS_SQL, [schema])).rows;
  const viewRows = (await db.query<ViewRow>(VIEWS_SQL, [schema])).rows;

  const compositeOids = routineRows.filter((r) => r.rettyptype === 'c').map((r) => r.retrelid);
  const columnOids = [...new Set([...relationRows.map((r) => r.oid), ...compositeOids])];
  const columnRows = (await db.query<ColumnRow>(COLUMNS_SQL, [`{${columnOids.join(',')}}`])).rows;

  const typeOids = new Set<string>();
  for (const row of routineRows) {
    typeOids.add(row.rettypeoid);
    for (const arg of JSON.parse(row.args) as RawArg[]) typeOids.add(arg.typeoid);
  }
  const typeRows = (await db.query<TypeRow>(TYPES_SQL, [`{${[...typeOids].join(',')}}`])).rows;
  const types = new Map(typeRows.map((t) => [t.oid, t]));

  const columnsByRel = new Map<string, Column[]>();
  for (const row of columnRows) {
    const list = columnsByRel.get(row.rel) ?? [];
    list.push({
      name: row.name,
      num: row.num,
      type: row.type,
      kind: columnKind(row.base, row.category),
      nullable: row.nullable,
      hasDefault: row.has_default,
      generated: row.generated,
    });
    columnsByRel.set(row.rel, list);
  }

  const relationsByOid = new Map<string, Relation>();
  const exposedOids = new Set<string>();
  for (const row of relationRows) {
    const isView = row.kind === 'v' || row.kind === 'm';
    relationsByOid.set(
      row.oid,
      buildRelation(row.oid, row.name, isView, columnsByRel.get(row.oid) ?? []),
    );
    if (!hidden.has(row.name)) exposedOids.add(row.oid);
  }
  for (const oid of compositeOids) {
    if (!relationsByOid.has(oid)) {
      relationsByOid.set(oid, buildRelation(oid, '', false, columnsByRel.get(oid) ?? []));
    }
  }

  const columnName = (rel: string, num: number): string | undefined =>
    relationsByOid.get(rel)?.columns.find((c) => c.num === num)?.name;

  const foreignKeys: ForeignKey[] = [];
  const uniqueKeys: UniqueKey[] = [];
  for (const row of constraintRows) {
    const cols = attnums(row.cols).map((n) => columnName(row.rel, n));
    if (cols.some((c) => c === undefined)) continue;
    if (row.type === 'f') {
      const fcols = attnums(row.fcols).map((n) => columnName(row.frel, n));
      if (fcols.some((c) => c === undefined) || !relationsByOid.has(row.frel)) continue;
      foreignKeys.push({
        name: row.name,
        table: row.rel,
        columns: cols as string[],
        refTable: row.frel,
        refColumns: fcols as string[],
      });
    } else {
      uniqueKeys.push({ table: row.rel, columns: cols as string[] });
    }
  }

  const viewOrigins: ViewOrigin[] = [];
  for (const row of viewRows) {
    let origins;
    try {
      origins = viewColumnOrigins(row.action);
    } catch {
      continue;
    }
    for (const origin of origins) {
      const source = columnName(origin.relationOid, origin.attnum);
      if (source !== undefined) {
        viewOrigins.push({
          view: row.rel,
          column: origin.column,
          relation: origin.relationOid,
          source,
        });
      }
    }
  }

  const relations = new Map<string, Relation>();
  for (const oid of exposedOids) {
    const relation = relationsByOid.get(oid);
    if (relation !== undefined) relations.set(relation.name, relation);
  }

  const routines = new Map<string, Routine[]>();
  for (const row of routineRows) {
    const routine = buildRoutine(row, types, relationsByOid, exposedOids);
    if (routine === null) continue;
    routines.set(row.name, [...(routines.get(row.name) ?? []), routine]);
  }

  const relationships = deriveRelationships({
    relations: relationsByOid,
    exposed: exposedOids,
    foreignKeys,
    uniqueKeys,
    viewOrigins,
  });
  return { schema, relations, relationships, routines };
}
