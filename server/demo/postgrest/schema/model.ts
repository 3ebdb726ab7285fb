/** The schema cache: what the engine knows about the exposed schema. */

export type ColumnKind = 'json' | 'jsonb' | 'array' | 'text' | 'other';

export interface Column {
  name: string;
  /** Attribute number (1-based). */
  num: number;
  /** Type for casts, without modifiers, as `format_type` prints it (`timestamp with time zone`). */
  type: string;
  kind: ColumnKind;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
}

export interface Relation {
  oid: string;
  name: string;
  isView: boolean;
  columns: Column[];
  columnMap: Map<string, Column>;
}

export type Cardinality = 'm2o' | 'o2m' | 'o2o';

export interface Relationship {
  /** Name of the foreign key constraint (of the base tables, for view relationships). */
  constraint: string;
  source: string;
  target: string;
  cardinality: Cardinality;
  /** Pairs [source column, target column]. */
  columns: Array<[string, string]>;
  /** True when the foreign key columns live on the source side. */
  fkOnSource: boolean;
  isSelf: boolean;
  targetIsView: boolean;
}

export interface RoutineArg {
  name: string;
  type: string;
  kind: ColumnKind;
  hasDefault: boolean;
  variadic: boolean;
}

export type RoutineResult =
  | { kind: 'relation'; relation: Relation; exposed: boolean }
  | { kind: 'scalar'; type: string }
  | { kind: 'void' };

export interface Routine {
  name: string;
  args: RoutineArg[];
  returnsSet: boolean;
  result: RoutineResult;
}

export interface SchemaCache {
  schema: string;
  relations: Map<string, Relation>;
  /** Relationships by source relation name. */
  relationships: Map<string, Relationship[]>;
  routines: Map<string, Routine[]>;
}

export function isToOne(relationship: Relationship): boolean {
  return relationship.cardinality !== 'o2m';
}
