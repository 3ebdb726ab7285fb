import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import type {
  AttachEvidenceInput,
  CreateHypothesisInput,
  CreateIncidentInput,
  EvidenceDraft,
  HypothesisOption,
  LinkToIncidentContext,
} from '../../../../machines/incidents/linkToIncident';
import { linkToIncidentMachine } from '../../../../machines/incidents/linkToIncident';
import { incidentsApi } from '../../../api/endpoints/incidents';
import { toErrorMessage } from '../../../api/errors';
import type { StartedRequest } from '../../../api/machineRequest';
import { fromRequest } from '../../../api/machineRequest';
import { outcomeAnnounced } from '../../../api/outcomes';
import type { Hypothesis, Incident } from '../../../api/schemas/incidents';
import { selectSession } from '../../../auth/sessionSlice';
import { useAppDispatch } from '../../../shell/hooks';
import type { AppDispatch } from '../../../shell/rootReducer';
import { useInspect } from '../../../ui/inspect';
import { DEFAULT_HYPOTHESIS_STATUS, DEFAULT_INCIDENT_STATUS } from '../model/incidentValues';
import { linkedOutcome } from './linkedOutcome';

/** A failure in the user's words, for the machine to show (it reads `message`). */
class LinkStepFailure extends Error {
  override readonly name = 'LinkStepFailure';
}

const inUserWords = (error: unknown) => new LinkStepFailure(toErrorMessage(error));

/** A started request whose result is read through `map`. */
function mapped<T, U>(request: StartedRequest<T>, map: (value: T) => U): StartedRequest<U> {
  return { abort: () => request.abort(), unwrap: () => request.unwrap().then(map) };
}

/** INC-09's rows as the machine lists them. */
export function hypothesisOptions(rows: readonly Hypothesis[]): HypothesisOption[] {
  return rows.map((row) => ({
    id: row.id,
    title: row.title ?? '',
    ...(row.type ? { type: row.type } : {}),
  }));
}

/**
 * The machine's actors on RTK Query, for the signed-in user: INC-09, INC-05 (the attach
 * dialog's body), INC-10 (a root, possible), INC-15, INC-13 and the incident's removal. Each
 * request is aborted when the machine leaves its state (the dialog closed). The incident of
 * each hypothesis met is remembered, so that attaching evidence and removing a hypothesis
 * refresh that incident's cached data.
 */
export function createLinkLogic(dispatch: AppDispatch, userId: string) {
  const incidentOf = new Map<string, string>();
  const endpoints = incidentsApi.endpoints;
  return linkToIncidentMachine.provide({
    actors: {
      loadHypotheses: fromRequest<HypothesisOption[], { incidentId: string }>(
        ({ incidentId }) =>
          mapped(
            dispatch(
              endpoints.searchHypotheses.initiate(
                { incidentId },
                { subscribe: false, forceRefetch: true },
              ),
            ),
            (rows) => {
              for (const row of rows) incidentOf.set(row.id, incidentId);
              return hypothesisOptions(rows);
            },
          ),
        inUserWords,
      ),
      createIncident: fromRequest<Incident, CreateIncidentInput>(
        ({ title, type, severity }) =>
          dispatch(
            endpoints.createIncident.initiate({
              title,
              severity,
              type,
              description: '',
              status: DEFAULT_INCIDENT_STATUS,
              created_by: userId,
              commander_id: userId,
              communicator_id: userId,
            }),
          ),
        inUserWords,
      ),
      createHypothesis: fromRequest<Hypothesis, CreateHypothesisInput>(
        ({ incidentId, title }) =>
          mapped(
            dispatch(
              endpoints.createHypothesis.initiate({
                incident_id: incidentId,
                type: 'root',
                title,
                status: DEFAULT_HYPOTHESIS_STATUS,
                created_by: userId,
              }),
            ),
            (row) => {
              incidentOf.set(row.id, incidentId);
              return row;
            },
          ),
        inUserWords,
      ),
      attachEvidence: fromRequest<unknown, AttachEvidenceInput>(
        ({ hypothesisId, evidence: draft, description }) => {
          const { type, evidence, ...ids } = draft;
          const incidentId = incidentOf.get(hypothesisId);
          return dispatch(
            endpoints.createEvidence.initiate({
              ...ids,
              hypothesis_id: hypothesisId,
              created_by: userId,
              type,
              description,
              evidence: evidence ?? {},
              ...(incidentId ? { incidentId } : {}),
            }),
          );
        },
        inUserWords,
      ),
      deleteHypothesis: fromRequest<unknown, { id: string }>(
        ({ id }) =>
          dispatch(
            endpoints.deleteHypothesis.initiate({
              id,
              incidentId: incidentOf.get(id) ?? '',
              quiet: true,
            }),
          ),
        inUserWords,
      ),
      deleteIncident: fromRequest<unknown, { id: string }>(
        ({ id }) => dispatch(endpoints.deleteIncident.initiate(id)),
        inUserWords,
      ),
    },
  });
}

/** The form fields `field.set` changes. */
export type LinkTextField = 'type' | 'severity' | 'description';

export interface LinkToIncident {
  context: LinkToIncidentContext;
  /** The chosen incident's hypotheses are being read. */
  loadingHypotheses: boolean;
  /** The steps run, or what a failed attempt made is being removed. */
  busy: boolean;
  selectIncident: (id: string, title: string) => void;
  createIncident: (title: string) => void;
  selectHypothesis: (id: string) => void;
  createHypothesis: (title: string) => void;
  setField: (field: LinkTextField, value: string) => void;
  retryHypotheses: () => void;
  submit: () => void;
  /** Resets the form (while editing; a running link is not interrupted). */
  close: () => void;
}

export interface UseLinkToIncidentOptions {
  /** After the success toast, with the incident the evidence went to. */
  onLinked: (incidentId: string) => void;
}

/**
 * Link to Incident for one evidence: the `linkToIncident` machine with its actors on RTK Query.
 * A success shows the toast with the incident's link for 5000 ms and calls `onLinked`; the
 * mutations themselves refresh the incidents' cached data. A failure stays in the machine's
 * `failure`, with the form as it was typed.
 */
export function useLinkToIncident(
  evidence: EvidenceDraft,
  { onLinked }: UseLinkToIncidentOptions,
): LinkToIncident {
  const dispatch = useAppDispatch();
  const userId = useSelector(selectSession).user?.id ?? '';
  const [logic] = useState(() => createLinkLogic(dispatch, userId));
  const [input] = useState(() => ({ evidence }));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input, inspect });
  const context = useActorSelector(actor, (snapshot) => snapshot.context);
  const loadingHypotheses = useActorSelector(actor, (snapshot) =>
    snapshot.matches({ editing: 'loadingHypotheses' }),
  );
  const busy = useActorSelector(
    actor,
    (snapshot) => snapshot.matches('submitting') || snapshot.matches('compensating'),
  );

  const latest = useRef({ onLinked });
  useEffect(() => {
    latest.current = { onLinked };
  });

  useEffect(() => {
    const linked = actor.on('link.succeeded', ({ incidentId }) => {
      const { incident } = actor.getSnapshot().context;
      const title = incident.kind === 'none' ? '' : incident.title;
      dispatch(outcomeAnnounced(linkedOutcome(incidentId, title)));
      latest.current.onLinked(incidentId);
    });
    return () => linked.unsubscribe();
  }, [actor, dispatch]);

  return useMemo(
    () => ({
      context,
      loadingHypotheses,
      busy,
      selectIncident: (id, title) => actor.send({ type: 'incident.select', id, title }),
      createIncident: (title) => actor.send({ type: 'incident.create', title }),
      selectHypothesis: (id) => actor.send({ type: 'hypothesis.select', id }),
      createHypothesis: (title) => actor.send({ type: 'hypothesis.create', title }),
      setField: (field, value) => actor.send({ type: 'field.set', field, value }),
      retryHypotheses: () => actor.send({ type: 'hypotheses.retry' }),
      submit: () => actor.send({ type: 'submit' }),
      close: () => actor.send({ type: 'close' }),
    }),
    [actor, context, loadingHypotheses, busy],
  );
}
