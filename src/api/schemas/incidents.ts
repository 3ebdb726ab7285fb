import { array, number, string, type, union, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalText,
  EmbeddedPersonStruct,
  maybe,
  optionalStringMap,
  optionalBoolean,
  changeTimes,
  personOrId,
  idAndName,
} from './fields';

/** A person or team as the incident calls embed them (api.md `A`: id, name, avatar, email). */
export const IncidentPersonStruct = EmbeddedPersonStruct;
export type IncidentPerson = Infer<typeof IncidentPersonStruct>;

const person = () => maybe(IncidentPersonStruct);
const people = () => maybe(array(IncidentPersonStruct));
const jsonMap = () => optionalStringMap();

/** One row of `incident_summary` (INC-01). */
export const IncidentSummaryStruct = type({
  id: string(),
  incident_id: optionalText(),
  title: optionalText(),
  severity: optionalText(),
  type: optionalText(),
  status: optionalText(),
  ...changeTimes,
  commander: person(),
  responders: people(),
  commenters: people(),
});
export type IncidentSummary = Infer<typeof IncidentSummaryStruct>;
export const IncidentSummariesStruct = array(IncidentSummaryStruct);

/** An evidence as INC-02 embeds it (`evidences(*,created_by(A))`). */
export const EvidenceStruct = type({
  id: string(),
  hypothesis_id: optionalText(),
  description: optionalText(),
  type: optionalText(),
  config_id: optionalText(),
  config_change_id: optionalText(),
  config_analysis_id: optionalText(),
  component_id: optionalText(),
  check_id: optionalText(),
  definition_of_done: optionalBoolean(),
  done: optionalBoolean(),
  evidence: maybe(unknown()),
  properties: jsonMap(),
  script: optionalText(),
  script_result: optionalText(),
  created_at: optionalText(),
  created_by: personOrId(),
});
export type Evidence = Infer<typeof EvidenceStruct>;
export const EvidencesStruct = array(EvidenceStruct);

/** A comment as INC-02 embeds it. */
export const CommentStruct = type({
  id: string(),
  comment: optionalText(),
  created_at: optionalText(),
  external_created_by: optionalText(),
  hypothesis_id: optionalText(),
  responder_id: maybe(unknown()),
  created_by: personOrId(),
});
export type Comment = Infer<typeof CommentStruct>;
export const CommentsStruct = array(CommentStruct);

/** A hypothesis row (INC-09..12) and, with its embeds, in INC-02. */
export const HypothesisStruct = type({
  id: string(),
  incident_id: optionalText(),
  parent_id: optionalText(),
  type: optionalText(),
  title: optionalText(),
  status: optionalText(),
  created_at: optionalText(),
  created_by: personOrId(),
  evidences: maybe(EvidencesStruct),
  comments: maybe(CommentsStruct),
});
export type Hypothesis = Infer<typeof HypothesisStruct>;
export const HypothesesStruct = array(HypothesisStruct);

/** The columns of an incident row every incident call answers. */
const incidentColumns = {
  id: string(),
  incident_id: optionalText(),
  title: optionalText(),
  description: optionalText(),
  severity: optionalText(),
  type: optionalText(),
  status: optionalText(),
  ...changeTimes,
  parent_id: optionalText(),
  created_by: personOrId(),
  communicator_id: personOrId(),
};

/** An incident row (INC-05, INC-06 answers). */
export const IncidentStruct = type({ ...incidentColumns, commander_id: optionalText() });
export type Incident = Infer<typeof IncidentStruct>;
export const IncidentsStruct = array(IncidentStruct);

/** INC-02: the incident with its people and hypotheses. */
export const IncidentDetailStruct = type({
  ...incidentColumns,
  commander: person(),
  responders: maybe(array(type({ created_by: person() }))),
  hypotheses: maybe(HypothesesStruct),
});
export type IncidentDetail = Infer<typeof IncidentDetailStruct>;
export const IncidentDetailsStruct = array(IncidentDetailStruct);

/** INC-03: an incident found by title, with its hypotheses' ids and types. */
export const IncidentSearchResultStruct = type({
  id: string(),
  incident_id: optionalText(),
  title: optionalText(),
  status: optionalText(),
  type: optionalText(),
  severity: optionalText(),
  created_at: optionalText(),
  hypotheses: maybe(array(type({ id: string(), type: optionalText(), title: optionalText() }))),
});
export type IncidentSearchResult = Infer<typeof IncidentSearchResultStruct>;
export const IncidentSearchResultsStruct = array(IncidentSearchResultStruct);

const named = () =>
  maybe(
    type({
      id: optionalText(),
      name: optionalText(),
      icon: optionalText(),
      avatar: optionalText(),
    }),
  );

/** One changelog entry of INC-07. */
export const IncidentHistoryStruct = type({
  id: string(),
  incident_id: optionalText(),
  type: optionalText(),
  description: optionalText(),
  hypothesis_id: optionalText(),
  created_at: optionalText(),
  created_by: person(),
  evidence: maybe(
    type({
      id: optionalText(),
      description: optionalText(),
      type: optionalText(),
      components: named(),
      configs: named(),
      config_changes: maybe(type({ id: optionalText(), change_type: optionalText() })),
      config_analysis: maybe(
        type({ id: optionalText(), analyzer: optionalText(), message: optionalText() }),
      ),
      checks: named(),
    }),
  ),
  hypothesis: maybe(type({ id: optionalText(), title: optionalText() })),
  responder: maybe(type({ id: optionalText(), person: named(), team: named() })),
  comment: maybe(type({ id: optionalText(), comment: optionalText() })),
});
export type IncidentHistory = Infer<typeof IncidentHistoryStruct>;
export const IncidentHistoriesStruct = array(IncidentHistoryStruct);

/** A responder of INC-19 (and the row INC-20 answers, without the embeds). */
export const ResponderStruct = type({
  id: string(),
  incident_id: optionalText(),
  type: optionalText(),
  person_id: optionalText(),
  team_id: optionalText(),
  external_id: optionalText(),
  properties: jsonMap(),
  created_by: personOrId(),
  acknowledged: optionalText(),
  resolved: optionalText(),
  closed: optionalText(),
  created_at: optionalText(),
  team: maybe(
    type({ id: optionalText(), name: optionalText(), icon: optionalText(), spec: jsonMap() }),
  ),
  person: named(),
});
export type Responder = Infer<typeof ResponderStruct>;
export const RespondersStruct = array(ResponderStruct);

/** AUTH-02: people by id (the creator of an incident when no embed names them). */
export const IncidentPeopleStruct = array(IncidentPersonStruct);

/** AUTH-18: a team, whose `spec.responder_clients` names the channels it is reached through. */
export const IncidentTeamStruct = type({ ...idAndName, icon: optionalText(), spec: jsonMap() });
export type IncidentTeam = Infer<typeof IncidentTeamStruct>;
export const IncidentTeamsStruct = array(IncidentTeamStruct);

/** Rows of `incidents_by_component` used to filter the list by component (api.md §23). */
export const IncidentIdsStruct = array(type({ id: string() }));

/**
 * INC-04: an incident of a component or a config item (a row of `incidents_by_component` or
 * `incidents_by_config`). Older incidents have a number for a severity.
 */
export const ResourceIncidentStruct = type({
  id: string(),
  title: optionalText(),
  severity: maybe(union([string(), number()])),
  status: optionalText(),
  type: optionalText(),
  created_at: optionalText(),
});
export type ResourceIncident = Infer<typeof ResourceIncidentStruct>;
export const ResourceIncidentsStruct = array(ResourceIncidentStruct);
