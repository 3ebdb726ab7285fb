import type { AddResponderBody } from '../../../../api/endpoints/incidents';
import type { Responder } from '../../../../api/schemas/incidents';

/** The placeholder of a responder client's link template, replaced by the external id. */
export const EXTERNAL_ID_PLACEHOLDER = '${ID}';

/** `properties.responderType` of a person responder (as the backend's own rows hold it). */
export const PERSON_RESPONDER_TYPE = 'person';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The responder clients of a team's spec (`spec.responder_clients`), by responder type. */
export function responderClients(
  spec: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const clients = spec?.responder_clients;
  return isRecord(clients) ? clients : {};
}

/** The responder types a team can be reached through: the keys of its responder clients. */
export function responderTypesOf(spec: Record<string, unknown> | null | undefined): string[] {
  return Object.keys(responderClients(spec));
}

/** `properties.responderType` of a responder, if it is a text. */
export function responderTypeOf(responder: Pick<Responder, 'properties'>): string | undefined {
  const type = responder.properties?.responderType;
  return typeof type === 'string' && type !== '' ? type : undefined;
}

/**
 * The link of a team responder (INC-19): the `linkUrl` template of the team's responder client
 * for the responder's type, with every `${ID}` replaced by its `external_id`. None when there
 * is no template, when the template needs an id the responder does not have, or when the
 * result is not an http(s) address.
 */
export function responderLink(
  responder: Pick<Responder, 'properties' | 'external_id' | 'team'>,
): string | undefined {
  const type = responderTypeOf(responder);
  if (!type) return undefined;
  const client = responderClients(responder.team?.spec)[type];
  const template = isRecord(client) ? client.linkUrl : undefined;
  if (typeof template !== 'string' || template.trim() === '') return undefined;
  const needsId = template.includes(EXTERNAL_ID_PLACEHOLDER);
  const externalId = responder.external_id?.trim();
  if (needsId && !externalId) return undefined;
  const link = needsId ? template.split(EXTERNAL_ID_PLACEHOLDER).join(externalId ?? '') : template;
  return /^https?:\/\//i.test(link.trim()) ? link.trim() : undefined;
}

/** Whether a responder is a team (a `system` responder), rather than a person. */
export function isTeamResponder(responder: Pick<Responder, 'type' | 'team_id' | 'team'>): boolean {
  if (responder.type === 'person') return false;
  return responder.type === 'system' || Boolean(responder.team_id ?? responder.team);
}

/** The name a responder is shown by: the person's or the team's. */
export function responderName(
  responder: Pick<Responder, 'person' | 'team' | 'person_id' | 'team_id'>,
): string {
  return (
    responder.person?.name?.trim() ||
    responder.team?.name?.trim() ||
    responder.person_id ||
    responder.team_id ||
    'Unknown responder'
  );
}

/** What the "Add responder" form holds. */
export type ResponderDraft =
  | { kind: 'person'; personId?: string }
  | { kind: 'team'; teamId?: string; responderType?: string; externalId?: string };

export const RESPONDER_MESSAGES = {
  personRequired: 'Choose a person',
  teamRequired: 'Choose a team',
  typeRequired: 'Choose a responder type',
  noClients: 'This team has no responder clients to reach it through.',
} as const;

/**
 * INC-20's body for a valid form: a person as `type: 'person'`, a team as `type: 'system'`
 * with the chosen responder type, and the external id when one was typed.
 */
export function responderBody(
  draft: ResponderDraft,
  incidentId: string,
  createdBy: string,
): AddResponderBody {
  if (draft.kind === 'person') {
    return {
      type: 'person',
      incident_id: incidentId,
      created_by: createdBy,
      person_id: draft.personId ?? '',
      properties: { responderType: PERSON_RESPONDER_TYPE },
    };
  }
  const externalId = draft.externalId?.trim();
  return {
    type: 'system',
    incident_id: incidentId,
    created_by: createdBy,
    team_id: draft.teamId ?? '',
    ...(externalId ? { external_id: externalId } : {}),
    properties: { responderType: draft.responderType ?? '' },
  };
}
