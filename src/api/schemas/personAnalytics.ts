import { array, number, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { changeTimes } from './fields';

/**
 * A row of `person_analytics` (duty schema/teams.hcl): one thing a person has done in the
 * console (`key`, e.g. `health.view`), how many times and when first and last. Inserting a key
 * again counts it in the same row.
 */
export const PersonAnalyticsRowStruct = type({
  key: string(),
  count: number(),
  ...changeTimes,
});
export type PersonAnalyticsRow = Infer<typeof PersonAnalyticsRowStruct>;

export const PersonAnalyticsRowsStruct = array(PersonAnalyticsRowStruct);

/** What the console records: the person (the signed-in user) and the key. */
export interface PersonAnalyticsInput {
  person_id: string;
  key: string;
}
