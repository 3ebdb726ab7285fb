import { PostgrestError } from '../errors';
import type { Relationship, SchemaCache } from '../schema/model';

function single(relationship: Relationship, side: 0 | 1): string | null {
  const [pair] = relationship.columns;
  return relationship.columns.length === 1 && pair !== undefined ? pair[side] : null;
}

function matches(relationship: Relationship, target: string, hint: string | null): boolean {
  const sourceColumn = single(relationship, 0);
  const targetColumn = single(relationship, 1);
  const toMany = !relationship.fkOnSource;
  if (relationship.isSelf) {
    if (hint === null) {
      return (
        (relationship.target === target && toMany) ||
        (relationship.fkOnSource && sourceColumn === target)
      );
    }
    return relationship.target === target && toMany && targetColumn === hint;
  }
  if (hint === null) {
    return (
      relationship.target === target ||
      (!relationship.targetIsView && relationship.constraint === target) ||
      (!relationship.targetIsView && relationship.fkOnSource && sourceColumn === target)
    );
  }
  return (
    relationship.target === target &&
    (relationship.constraint === hint || sourceColumn === hint || targetColumn === hint)
  );
}

const CARDINALITY_NAMES = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one' } as const;

function describe(relationship: Relationship): Record<string, string> {
  const sourceCols = relationship.columns.map(([s]) => s).join(', ');
  const targetCols = relationship.columns.map(([, t]) => t).join(', ');
  return {
    cardinality: CARDINALITY_NAMES[relationship.cardinality],
    embedding: `${relationship.source} with ${relationship.target}`,
    relationship: `${relationship.constraint} using ${relationship.source}(${sourceCols}) and ${relationship.target}(${targetCols})`,
  };
}

/**
 * Finds the one relationship an embed `target!hint(...)` on `source` refers to, with
 * PostgREST's rules: the target is a relation name, or (towards tables only) a foreign key
 * constraint or a foreign key column of the source; the hint is a constraint or a column of
 * either side. None is PGRST200 (400), several is PGRST201 (300).
 */
export function findRelationship(
  cache: SchemaCache,
  source: string,
  target: string,
  hint: string | null,
): Relationship {
  const candidates = (cache.relationships.get(source) ?? []).filter((r) =>
    matches(r, target, hint),
  );
  const [first] = candidates;
  if (first !== undefined && candidates.length === 1) return first;
  if (first === undefined) {
    const using = hint === null ? '' : ` using the hint '${hint}'`;
    throw new PostgrestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${source}' and '${target}'${using} in the schema '${cache.schema}', but no matches were found.`,
    );
  }
  const options = candidates.map((r) => `'${target}!${r.constraint}'`).join(', ');
  throw new PostgrestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source}' and '${target}'`,
    candidates.map(describe),
    `Try changing '${target}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  );
}
