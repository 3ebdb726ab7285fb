import type { RelatedConfig } from '../../../../api/schemas/configItem';

/** The URL parameters of the Relationships tab. */
export const RELATIONSHIP_PARAMS = {
  incoming: 'incoming',
  outgoing: 'outgoing',
  relation: 'relation',
} as const;

/** What the Relationships tab follows, as its URL says. */
export interface RelationshipsUrlState {
  /** Relationships towards the item (its parents). Default on. */
  incoming: boolean;
  /** Relationships away from the item (its children). Default on. */
  outgoing: boolean;
  /** Soft relationships too (`relation=soft`). Default off. */
  soft: boolean;
}

const isOff = (value: string | null) => value === 'false' || value === '0';

export function parseRelationshipParams(params: URLSearchParams): RelationshipsUrlState {
  return {
    incoming: !isOff(params.get(RELATIONSHIP_PARAMS.incoming)),
    outgoing: !isOff(params.get(RELATIONSHIP_PARAMS.outgoing)),
    soft: params.get(RELATIONSHIP_PARAMS.relation) === 'soft',
  };
}

/** A copy of `params` with the changes written in: defaults leave no parameter. */
export function withRelationshipParams(
  params: URLSearchParams,
  changes: Partial<RelationshipsUrlState>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['incoming', 'outgoing'] as const) {
    const value = changes[key];
    if (value === undefined) continue;
    if (value) next.delete(RELATIONSHIP_PARAMS[key]);
    else next.set(RELATIONSHIP_PARAMS[key], 'false');
  }
  if (changes.soft !== undefined) {
    if (changes.soft) next.set(RELATIONSHIP_PARAMS.relation, 'soft');
    else next.delete(RELATIONSHIP_PARAMS.relation);
  }
  return next;
}

/** The related configs without the item itself, which the backend lists first. */
export function relatedOthers(rows: readonly RelatedConfig[], itemId: string): RelatedConfig[] {
  return rows.filter((row) => row.id !== itemId);
}

/** How many open insights a related config has: the sum of its counts by analysis type. */
export function insightTotal(analysis: RelatedConfig['analysis']): number {
  if (!analysis) return 0;
  return Object.values(analysis).reduce<number>((total, value) => {
    const count = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(count) ? total + count : total;
  }, 0);
}
