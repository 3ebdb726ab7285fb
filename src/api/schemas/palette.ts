import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalText, namespacedName } from './fields';

/** An incident the command palette found by its title (`incidents`, INC-03 narrowed). */
export const PaletteIncidentStruct = type({
  id: string(),
  title: optionalText(),
  incident_id: optionalText(),
  status: optionalText(),
  severity: optionalText(),
});
export type PaletteIncident = Infer<typeof PaletteIncidentStruct>;
export const PaletteIncidentsStruct = array(PaletteIncidentStruct);

/** A notification rule the palette found (`notifications_summary`, NOTIF-01 narrowed). */
export const PaletteRuleStruct = type({
  id: string(),
  ...namespacedName,
  title: optionalText(),
  /** The rule's last error: the palette marks such a rule failing. */
  error: optionalText(),
});
export type PaletteRule = Infer<typeof PaletteRuleStruct>;
export const PaletteRulesStruct = array(PaletteRuleStruct);

/** A view the palette found (`views`, VIEW-01 narrowed). */
export const PaletteViewStruct = type({
  id: string(),
  ...namespacedName,
});
export type PaletteView = Infer<typeof PaletteViewStruct>;
export const PaletteViewsStruct = array(PaletteViewStruct);

/** A config item or component found by its owner label (`owner:<team>` in the palette). */
export const PaletteOwnedStruct = type({
  id: string(),
  name: optionalText(),
  type: optionalText(),
  health: optionalText(),
  status: optionalText(),
});
export type PaletteOwned = Infer<typeof PaletteOwnedStruct>;
export const PaletteOwnedListStruct = array(PaletteOwnedStruct);
