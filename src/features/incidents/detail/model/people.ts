import type { IncidentDetail, IncidentPerson } from '../../../../api/schemas/incidents';

/** A person as the incident calls give it: embedded, or only its id. */
export type PersonRef = IncidentPerson | string | null | undefined;

/** The person of a reference: an embedded person as it is, an id as `{ id }`. */
export function personOf(ref: PersonRef): IncidentPerson | undefined {
  if (!ref) return undefined;
  return typeof ref === 'string' ? { id: ref } : ref;
}

/** The id of a reference. */
export function idOf(ref: PersonRef): string | undefined {
  return personOf(ref)?.id ?? undefined;
}

/**
 * Everyone the incident's embeds name (commander, communicator, who added responders,
 * hypotheses, evidence and comments), for naming a person the incident refers to by id only.
 */
export function peopleOfIncident(incident: IncidentDetail): IncidentPerson[] {
  const refs: PersonRef[] = [incident.commander, incident.communicator_id];
  for (const responder of incident.responders ?? []) refs.push(responder.created_by);
  for (const hypothesis of incident.hypotheses ?? []) {
    refs.push(hypothesis.created_by);
    for (const evidence of hypothesis.evidences ?? []) refs.push(evidence.created_by);
    for (const comment of hypothesis.comments ?? []) refs.push(comment.created_by);
  }
  return refs.flatMap((ref) => (ref && typeof ref === 'object' && ref.name ? [ref] : []));
}

/** The named person with this id among `people`, if any. */
export function findPerson(
  id: string | undefined,
  people: readonly IncidentPerson[],
): IncidentPerson | undefined {
  if (!id) return undefined;
  return people.find((person) => person.id === id && person.name);
}
