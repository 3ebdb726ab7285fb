import { array, nullable, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';

/** An incident the command palette found by its title (`incidents`, INC-03 narrowed). */
export const PaletteIncidentStruct = type({
  id: string(),
  title: optional(nullable(string())),
  incident_id: optional(nullable(string())),
  status: optional(nullable(string())),
  severity: optional(nullable(string())),
});
export type PaletteIncident = Infer<typeof PaletteIncidentStruct>;
export const PaletteIncidentsStruct = array(PaletteIncidentStruct);

/** A notification rule the palette found (`notifications_summary`, NOTIF-01 narrowed). */
export const PaletteRuleStruct = type({
  id: string(),
  name: optional(nullable(string())),
  namespace: optional(nullable(string())),
  title: optional(nullable(string())),
  /** The rule's last error: the palette marks such a rule failing. */
  error: optional(nullable(string())),
});
export type PaletteRule = Infer<typeof PaletteRuleStruct>;
export const PaletteRulesStruct = array(PaletteRuleStruct);

/** A view the palette found (`views`, VIEW-01 narrowed). */
export const PaletteViewStruct = type({
  id: string(),
  name: optional(nullable(string())),
  namespace: optional(nullable(string())),
});
export type PaletteView = Infer<typeof PaletteViewStruct>;
export const PaletteViewsStruct = array(PaletteViewStruct);
