import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalText } from './fields';

/** A view found by name or title (`views_summary`). */
export const FoundViewStruct = type({
  id: string(),
  name: string(),
  namespace: optionalText(),
  title: optionalText(),
});
export type FoundView = Infer<typeof FoundViewStruct>;

export const FoundViewsStruct = array(FoundViewStruct);
