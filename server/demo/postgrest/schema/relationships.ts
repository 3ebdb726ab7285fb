import type { Relation, Relationship } from './model';

export interface ForeignKey {
  name: string;
  /** oid of the referencing table. */
  table: string;
  columns: string[];
  /** oid of the referenced table. */
  refTable: string;
  refColumns: string[];
}

export interface UniqueKey {
  table: string;
  columns: string[];
}

/** View column `column` of view `view` reads column `source` of relation `relation`. */
export interface ViewOrigin {
  view: string;
  column: string;
  relation: string;
  source: string;
}

export interface RelationshipInput {
  relations: Map<string, Relation>;
  /** oids of the relations clients may see. */
  exposed: Set<string>;
  foreignKeys: ForeignKey[];
  uniqueKeys: UniqueKey[];
  viewOrigins: ViewOrigin[];
}

/** At most this many column-name combinations per relation and key (views repeating a column). */
const MAX_VARIANTS = 8;

interface Variant {
  relation: Relation;
  columns: string[];
}

function combinations(options: string[][]): string[][] {
  let result: string[][] = [[]];
  for (const choices of options) {
    const next: string[][] = [];
    for (const prefix of result) {
      for (const choice of choices) {
        if (next.length < MAX_VARIANTS) next.push([...prefix, choice]);
      }
    }
    result = next;
  }
  return result;
}

/**
 * Relationships for embedding, as PostgREST derives them: every foreign key gives a
 * many-to-one from the referencing side and a one-to-many back (one-to-one both ways when the
 * key columns are unique), and is repeated for every view that exposes all the key columns of
 * either table, matched through the base-table column behind each view column.
 */
export function deriveRelationships(input: RelationshipInput): Map<string, Relationship[]> {
  const { relations, exposed } = input;
  const origins = new Map<string, ViewOrigin>();
  for (const origin of input.viewOrigins)
    origins.set(`${origin.view}\u0000${origin.column}`, origin);

  const baseOf = (relation: string, column: string, depth = 0): [string, string] => {
    const origin = origins.get(`${relation}\u0000${column}`);
    if (origin === undefined || depth > 32) return [relation, column];
    return baseOf(origin.relation, origin.source, depth + 1);
  };

  /** For a base table column, the (view, view column) pairs that expose it. */
  const exposures = new Map<string, Array<{ view: string; column: string }>>();
  for (const origin of input.viewOrigins) {
    const [table, column] = baseOf(origin.view, origin.column);
    const key = `${table}\u0000${column}`;
    const list = exposures.get(key) ?? [];
    list.push({ view: origin.view, column: origin.column });
    exposures.set(key, list);
  }

  const variants = (table: string, columns: string[]): Variant[] => {
    const out: Variant[] = [];
    const base = relations.get(table);
    if (base !== undefined && exposed.has(table)) out.push({ relation: base, columns });
    const perView = new Map<string, string[][]>();
    columns.forEach((column, index) => {
      for (const { view, column: viewColumn } of exposures.get(`${table}\u0000${column}`) ?? []) {
        const slots = perView.get(view) ?? columns.map(() => []);
        slots[index]?.push(viewColumn);
        perView.set(view, slots);
      }
    });
    for (const [view, slots] of perView) {
      const relation = relations.get(view);
      if (relation === undefined || !exposed.has(view) || slots.some((s) => s.length === 0))
        continue;
      for (const combo of combinations(slots)) out.push({ relation, columns: combo });
    }
    return out;
  };

  const unique = (table: string, columns: string[]): boolean =>
    input.uniqueKeys.some(
      (key) =>
        key.table === table &&
        key.columns.length === columns.length &&
        key.columns.every((c) => columns.includes(c)),
    );

  const result = new Map<string, Relationship[]>();
  const add = (relationship: Relationship): void => {
    const list = result.get(relationship.source) ?? [];
    list.push(relationship);
    result.set(relationship.source, list);
  };

  for (const fk of input.foreignKeys) {
    const oneToOne = unique(fk.table, fk.columns);
    const sources = variants(fk.table, fk.columns);
    const targets = variants(fk.refTable, fk.refColumns);
    for (const source of sources) {
      for (const target of targets) {
        const isSelf = source.relation.oid === target.relation.oid;
        const pairs = source.columns.map((c, i): [string, string] => [c, target.columns[i] ?? '']);
        add({
          constraint: fk.name,
          source: source.relation.name,
          target: target.relation.name,
          cardinality: oneToOne ? 'o2o' : 'm2o',
          columns: pairs,
          fkOnSource: true,
          isSelf,
          targetIsView: target.relation.isView,
        });
        add({
          constraint: fk.name,
          source: target.relation.name,
          target: source.relation.name,
          cardinality: oneToOne ? 'o2o' : 'o2m',
          columns: pairs.map(([a, b]): [string, string] => [b, a]),
          fkOnSource: false,
          isSelf,
          targetIsView: source.relation.isView,
        });
      }
    }
  }
  return result;
}
