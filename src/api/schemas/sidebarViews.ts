import { array, nullable, number, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** VIEW-04: a view shown in the sidebar. */
export const SidebarViewStruct = type({
  id: string(),
  name: string(),
  namespace: optional(nullable(string())),
  title: optional(nullable(string())),
  icon: optional(nullable(string())),
  ordinal: optional(nullable(number())),
});
export type SidebarView = Infer<typeof SidebarViewStruct>;

export const SidebarViewsStruct = array(SidebarViewStruct);
