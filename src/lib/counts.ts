/**
 * A count as a number: PostgREST sends `bigint` and `numeric` columns as text; anything that is
 * not a number reads as 0. Pure.
 */
export function toCount(value: number | string | null | undefined): number {
  const number = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(number) ? number : 0;
}
