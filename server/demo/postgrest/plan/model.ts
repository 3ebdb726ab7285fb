import type { FilterOperator, JsonStep, Operand } from '../parser/ast';
import type { Column, Relation, Relationship } from '../schema/model';

/** A read (or a mutation's representation), checked against the schema. */
export interface PlanNode {
  relation: Relation;
  /** SQL alias of this level's rows. */
  alias: string;
  items: PlanItem[];
  conditions: Condition[];
  order: PlanOrder[];
  limit: number | null;
  offset: number | null;
  embeds: PlanEmbed[];
}

export type PlanItem =
  | { kind: 'column'; column: Column; path: JsonStep[]; cast: string | null; key: string }
  | { kind: 'embed'; embed: PlanEmbed };

export interface PlanEmbed {
  /** Output key: the alias, or the name written in `select`. Filter paths use it too. */
  key: string;
  /** The relation, column or constraint name written before the hints. */
  name: string;
  relationship: Relationship;
  node: PlanNode;
  /** Parent rows without a match are dropped (`!inner`, filters on embeds not selected). */
  inner: boolean;
  /** False for embeds that only filter (`rel()` or a filter path not in `select`). */
  visible: boolean;
}

export type Condition =
  | {
      kind: 'filter';
      column: Column;
      path: JsonStep[];
      negate: boolean;
      operator: FilterOperator;
      operand: Operand;
    }
  | { kind: 'logic'; operator: 'and' | 'or'; negate: boolean; children: Condition[] }
  | { kind: 'embed'; embed: PlanEmbed; exists: boolean };

export interface PlanOrder {
  column: Column;
  path: JsonStep[];
  direction: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}
