import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalNumber, optionalText } from './fields';

/** VIEW-04: a view shown in the sidebar. */
export const SidebarViewStruct = type({
  id: string(),
  name: string(),
  namespace: optionalText(),
  title: optionalText(),
  icon: optionalText(),
  ordinal: optionalNumber(),
});
export type SidebarView = Infer<typeof SidebarViewStruct>;

export const SidebarViewsStruct = array(SidebarViewStruct);
