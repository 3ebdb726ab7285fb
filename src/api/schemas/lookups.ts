import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalText, namespacedName, idAndName, personContactColumns } from './fields';

/** The avatar columns the console embeds for a person (`id,name,avatar,email`). */
export const PersonSummaryStruct = type({ ...idAndName, ...personContactColumns });
export type PersonSummary = Infer<typeof PersonSummaryStruct>;

/** AUTH-03: a person of the people picker. */
export const PersonOptionStruct = type({ id: string(), name: string(), ...personContactColumns });
export type PersonOption = Infer<typeof PersonOptionStruct>;
export const PersonOptionsStruct = array(PersonOptionStruct);

/** AUTH-19: a team. */
export const TeamOptionStruct = type({ id: string(), name: string(), icon: optionalText() });
export type TeamOption = Infer<typeof TeamOptionStruct>;
export const TeamOptionsStruct = array(TeamOptionStruct);

/** NOTIF-01 (the "all rules" picker): a notification rule. */
export const NotificationOptionStruct = type({
  id: string(),
  ...namespacedName,
  title: optionalText(),
});
export type NotificationOption = Infer<typeof NotificationOptionStruct>;
export const NotificationOptionsStruct = array(NotificationOptionStruct);

/** SCOPE-01 (the scopes picker): a scope's name. */
export const ScopeOptionStruct = type({ id: string(), name: string(), namespace: optionalText() });
export type ScopeOption = Infer<typeof ScopeOptionStruct>;
export const ScopeOptionsStruct = array(ScopeOptionStruct);
