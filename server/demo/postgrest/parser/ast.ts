/** Syntax trees of PostgREST query parameters, before they are checked against the schema. */

export interface JsonStep {
  /** `->` keeps JSON, `->>` yields text. */
  arrow: '->' | '->>';
  key: string;
  /** True when the key is an integer array index (`->0`). */
  index: boolean;
}

/** A column reference, possibly followed by a JSON path: `labels->>app`. */
export interface Field {
  name: string;
  path: JsonStep[];
}

export interface ColumnItem {
  kind: 'column';
  alias: string | null;
  field: Field;
  cast: string | null;
}

export interface StarItem {
  kind: 'star';
}

export interface EmbedItem {
  kind: 'embed';
  alias: string | null;
  /** Table, view, FK column or constraint name written before the hints. */
  name: string;
  /** Relationship hint (`!constraint` or `!fk_column`), without the join type. */
  hint: string | null;
  joinType: 'inner' | 'left' | null;
  items: SelectItem[];
  cast: string | null;
}

export type SelectItem = ColumnItem | StarItem | EmbedItem;

export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type IsValue = 'null' | 'true' | 'false' | 'unknown';

export type Operand =
  | { kind: 'scalar'; value: string }
  | { kind: 'list'; values: string[] }
  | { kind: 'is'; value: IsValue };

export interface Filter {
  field: Field;
  negate: boolean;
  operator: FilterOperator;
  operand: Operand;
}

export interface FilterNode {
  kind: 'filter';
  filter: Filter;
}

export interface LogicNode {
  kind: 'logic';
  operator: 'and' | 'or';
  negate: boolean;
  children: Array<LogicNode | FilterNode>;
}

export interface OrderTerm {
  field: Field;
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}
