import { assign, emit, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/** What is attached: one of the ids and the evidence's type (spec 002 §3.1, INC-15). */
export interface EvidenceDraft {
  type: string;
  check_id?: string;
  config_id?: string;
  config_change_id?: string;
  config_analysis_id?: string;
  component_id?: string;
  /** Extra detail kept with the evidence (e.g. a log excerpt). */
  evidence?: Record<string, unknown>;
}

export type IncidentChoice =
  | { kind: 'none' }
  | { kind: 'existing'; id: string; title: string }
  | { kind: 'new'; title: string };

export type HypothesisChoice =
  { kind: 'none' } | { kind: 'existing'; id: string } | { kind: 'new'; title: string };

/** A hypothesis of the chosen incident (INC-09). */
export interface HypothesisOption {
  id: string;
  title: string;
  type?: string;
}

/** The steps of a link, in the order they run; `cleanup` undoes what a failed attempt made. */
export type LinkStep = 'incident' | 'hypothesis' | 'evidence' | 'cleanup';

export interface LinkFailure {
  /** The step that failed. */
  step: Exclude<LinkStep, 'cleanup'>;
  message: string;
  /** Why removing what the attempt created failed, if it did. */
  cleanupMessage?: string;
}

export type LinkField = 'incident' | 'hypothesis' | 'type' | 'severity';

/** Spec 002 §5.1, word for word. */
export const LINK_MESSAGES = {
  incident: 'Must select or create an incident.',
  hypothesis: 'Must select or create a hypothesis.',
  severity: 'Please select incident severity.',
  type: 'Please select an incident type.',
} as const;

/** Defaults of a new incident (spec 002 §3.1): availability, Low. */
export const DEFAULT_INCIDENT_TYPE = 'availability';
export const DEFAULT_INCIDENT_SEVERITY = 'low';

export interface LinkToIncidentInput {
  evidence: EvidenceDraft;
}

export interface LinkToIncidentContext {
  evidence: EvidenceDraft;
  incident: IncidentChoice;
  hypothesis: HypothesisChoice;
  /** Type and severity of a new incident. */
  type: string;
  severity: string;
  description: string;
  /** Hypotheses of the chosen existing incident. */
  hypotheses: HypothesisOption[];
  /** Why the hypotheses could not be read. */
  hypothesesError: string | undefined;
  /** Messages of the fields that fail validation, after a submit. */
  errors: Partial<Record<LinkField, string>>;
  /** What this attempt created, to be removed again if a later step fails. */
  created: { incidentId?: string; hypothesisId?: string };
  failure: LinkFailure | undefined;
}

export type LinkToIncidentEvent =
  | { type: 'incident.select'; id: string; title: string }
  | { type: 'incident.create'; title: string }
  | { type: 'hypothesis.select'; id: string }
  | { type: 'hypothesis.create'; title: string }
  | { type: 'field.set'; field: 'type' | 'severity' | 'description'; value: string }
  | { type: 'hypotheses.retry' }
  | { type: 'submit' }
  | { type: 'close' };

export type LinkToIncidentEmitted =
  { type: 'link.succeeded'; incidentId: string } | { type: 'link.failed'; failure: LinkFailure };

/** What the actors are given. */
export interface CreateIncidentInput {
  title: string;
  type: string;
  severity: string;
}
export interface CreateHypothesisInput {
  incidentId: string;
  title: string;
}
export interface AttachEvidenceInput {
  hypothesisId: string;
  evidence: EvidenceDraft;
  description: string;
}

/** Said when a failure carries no message of its own. */
export const LINK_FAILED_MESSAGE = 'An error occurred';

/** The message of whatever an actor rejected with. */
export function failureMessage(error: unknown): string {
  return rejectionMessage(error, LINK_FAILED_MESSAGE);
}

/** The fields of a form that fail spec 002 §5.1. */
export function validateLink(
  context: Pick<LinkToIncidentContext, 'incident' | 'hypothesis' | 'type' | 'severity'>,
): Partial<Record<LinkField, string>> {
  const errors: Partial<Record<LinkField, string>> = {};
  const { incident } = context;
  if (incident.kind === 'none' || (incident.kind === 'new' && incident.title.trim() === '')) {
    errors.incident = LINK_MESSAGES.incident;
  }
  if (incident.kind === 'existing' && context.hypothesis.kind === 'none') {
    errors.hypothesis = LINK_MESSAGES.hypothesis;
  }
  if (incident.kind === 'new') {
    if (!context.severity) errors.severity = LINK_MESSAGES.severity;
    if (!context.type) errors.type = LINK_MESSAGES.type;
  }
  return errors;
}

function notProvided(name: string): never {
  throw new Error(`linkToIncident: provide the ${name} actor`);
}

function initialContext(evidence: EvidenceDraft): LinkToIncidentContext {
  return {
    evidence,
    incident: { kind: 'none' },
    hypothesis: { kind: 'none' },
    type: DEFAULT_INCIDENT_TYPE,
    severity: DEFAULT_INCIDENT_SEVERITY,
    description: '',
    hypotheses: [],
    hypothesesError: undefined,
    errors: {},
    created: {},
    failure: undefined,
  };
}

/** The incident the evidence goes to: the chosen one, or the one this attempt created. */
function incidentIdOf(context: LinkToIncidentContext): string {
  if (context.incident.kind === 'existing') return context.incident.id;
  return context.created.incidentId ?? '';
}

/**
 * Link to Incident (spec 002 §2.2, §4.1, §5.1):
 *
 * - `editing`: choose an existing incident (its hypotheses load: `loadingHypotheses`; exactly
 *   one is chosen for the user) or type a new one (which clears the hypothesis); choose or type
 *   a hypothesis, a type and severity (new incidents), a description. `submit` checks the form
 *   and stays with `errors` when it fails.
 * - `submitting`: the steps in order: `creatingIncident` when it is new (INC-05),
 *   `creatingHypothesis` when it is new or none was given (INC-10, titled by the incident when
 *   none was typed), `attachingEvidence` (INC-15).
 * - `linked` (final): `link.succeeded` with the incident's id.
 * - A failed step goes through `compensating`, which removes what this attempt created (the
 *   hypothesis, then the incident), and back to `editing` with `failure` (its step, the
 *   server's message, and the cleanup's if that failed too) and `link.failed`. The form keeps
 *   what was typed.
 * - `close` (while editing) resets the form.
 *
 * The console supplies the actors with `provide`.
 */
export const linkToIncidentMachine = setup({
  types: {
    input: {} as LinkToIncidentInput,
    context: {} as LinkToIncidentContext,
    events: {} as LinkToIncidentEvent,
    emitted: {} as LinkToIncidentEmitted,
  },
  actors: {
    loadHypotheses: fromPromise<HypothesisOption[], { incidentId: string }>(async () =>
      notProvided('loadHypotheses'),
    ),
    createIncident: fromPromise<{ id: string }, CreateIncidentInput>(async () =>
      notProvided('createIncident'),
    ),
    createHypothesis: fromPromise<{ id: string }, CreateHypothesisInput>(async () =>
      notProvided('createHypothesis'),
    ),
    attachEvidence: fromPromise<unknown, AttachEvidenceInput>(async () =>
      notProvided('attachEvidence'),
    ),
    deleteHypothesis: fromPromise<unknown, { id: string }>(async () =>
      notProvided('deleteHypothesis'),
    ),
    deleteIncident: fromPromise<unknown, { id: string }>(async () => notProvided('deleteIncident')),
  },
  guards: {
    valid: ({ context }) => Object.keys(validateLink(context)).length === 0,
    newIncident: ({ context }) => context.incident.kind === 'new',
    needsHypothesis: ({ context }) => context.hypothesis.kind !== 'existing',
    createdHypothesis: ({ context }) => context.created.hypothesisId !== undefined,
    createdIncident: ({ context }) => context.created.incidentId !== undefined,
  },
  actions: {
    reset: assign(({ context }) => initialContext(context.evidence)),
    checkForm: assign(({ context }) => ({ errors: validateLink(context) })),
    startAttempt: assign({ errors: {}, created: {}, failure: undefined }),
    fail: assign((_, params: { step: LinkFailure['step']; message: string }) => ({
      failure: { step: params.step, message: params.message },
    })),
    failCleanup: assign(({ context }, params: { message: string }) => ({
      failure: context.failure && {
        ...context.failure,
        cleanupMessage: context.failure.cleanupMessage ?? params.message,
      },
    })),
    announceFailure: emit(({ context }) => ({
      type: 'link.failed' as const,
      failure: context.failure ?? { step: 'evidence' as const, message: LINK_FAILED_MESSAGE },
    })),
    announceSuccess: emit(({ context }) => ({
      type: 'link.succeeded' as const,
      incidentId: incidentIdOf(context),
    })),
  },
}).createMachine({
  id: 'linkToIncident',
  initial: 'editing',
  context: ({ input }) => initialContext(input.evidence),
  states: {
    editing: {
      initial: 'ready',
      on: {
        close: { target: '#linkToIncident.editing', actions: 'reset' },
        'incident.select': {
          target: '.loadingHypotheses',
          actions: assign(({ event }) => ({
            incident: { kind: 'existing' as const, id: event.id, title: event.title },
            hypothesis: { kind: 'none' as const },
            hypotheses: [],
            hypothesesError: undefined,
            errors: {},
          })),
        },
        'incident.create': {
          target: '.ready',
          actions: assign(({ event }) => ({
            incident: { kind: 'new' as const, title: event.title },
            hypothesis: { kind: 'none' as const },
            hypotheses: [],
            hypothesesError: undefined,
            errors: {},
          })),
        },
        'hypothesis.select': {
          actions: assign(({ event }) => ({
            hypothesis: { kind: 'existing' as const, id: event.id },
            errors: {},
          })),
        },
        'hypothesis.create': {
          actions: assign(({ event }) => ({
            hypothesis: { kind: 'new' as const, title: event.title },
            errors: {},
          })),
        },
        'field.set': {
          actions: assign(({ event }) => ({ [event.field]: event.value, errors: {} })),
        },
        submit: [
          { guard: 'valid', target: 'submitting', actions: 'startAttempt' },
          { actions: 'checkForm' },
        ],
      },
      states: {
        ready: {
          on: {
            'hypotheses.retry': {
              guard: ({ context }) => context.incident.kind === 'existing',
              target: 'loadingHypotheses',
            },
          },
        },
        loadingHypotheses: {
          invoke: {
            id: 'loadHypotheses',
            src: 'loadHypotheses',
            input: ({ context }) => ({ incidentId: incidentIdOf(context) }),
            onDone: {
              target: 'ready',
              actions: assign(({ event, context }) => {
                const hypotheses = event.output;
                const only = hypotheses.length === 1 ? hypotheses[0] : undefined;
                return {
                  hypotheses,
                  hypothesesError: undefined,
                  hypothesis:
                    only && context.hypothesis.kind === 'none'
                      ? { kind: 'existing' as const, id: only.id }
                      : context.hypothesis,
                };
              }),
            },
            onError: {
              target: 'ready',
              actions: assign(({ event }) => ({ hypothesesError: failureMessage(event.error) })),
            },
          },
        },
      },
    },
    submitting: {
      initial: 'start',
      states: {
        start: {
          always: [
            { guard: 'newIncident', target: 'creatingIncident' },
            { target: 'choosingHypothesis' },
          ],
        },
        creatingIncident: {
          invoke: {
            id: 'createIncident',
            src: 'createIncident',
            input: ({ context }) => ({
              title: context.incident.kind === 'new' ? context.incident.title.trim() : '',
              type: context.type,
              severity: context.severity,
            }),
            onDone: {
              target: 'choosingHypothesis',
              actions: assign(({ event }) => ({ created: { incidentId: event.output.id } })),
            },
            onError: {
              target: '#linkToIncident.compensating',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ step: 'incident', message: failureMessage(event.error) }),
              },
            },
          },
        },
        choosingHypothesis: {
          always: [
            { guard: 'needsHypothesis', target: 'creatingHypothesis' },
            { target: 'attachingEvidence' },
          ],
        },
        creatingHypothesis: {
          invoke: {
            id: 'createHypothesis',
            src: 'createHypothesis',
            input: ({ context }) => ({
              incidentId: incidentIdOf(context),
              title:
                context.hypothesis.kind === 'new' && context.hypothesis.title.trim() !== ''
                  ? context.hypothesis.title.trim()
                  : context.incident.kind === 'none'
                    ? ''
                    : context.incident.title.trim(),
            }),
            onDone: {
              target: 'attachingEvidence',
              actions: assign(({ event, context }) => ({
                created: { ...context.created, hypothesisId: event.output.id },
              })),
            },
            onError: {
              target: '#linkToIncident.compensating',
              actions: {
                type: 'fail',
                params: ({ event }) => ({
                  step: 'hypothesis',
                  message: failureMessage(event.error),
                }),
              },
            },
          },
        },
        attachingEvidence: {
          invoke: {
            id: 'attachEvidence',
            src: 'attachEvidence',
            input: ({ context }) => ({
              hypothesisId:
                context.hypothesis.kind === 'existing'
                  ? context.hypothesis.id
                  : (context.created.hypothesisId ?? ''),
              evidence: context.evidence,
              description: context.description,
            }),
            onDone: { target: '#linkToIncident.linked', actions: 'announceSuccess' },
            onError: {
              target: '#linkToIncident.compensating',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ step: 'evidence', message: failureMessage(event.error) }),
              },
            },
          },
        },
      },
    },
    compensating: {
      initial: 'start',
      states: {
        start: {
          always: [
            { guard: 'createdHypothesis', target: 'removingHypothesis' },
            { target: 'incidentToRemove' },
          ],
        },
        incidentToRemove: {
          always: [{ guard: 'createdIncident', target: 'removingIncident' }, { target: 'done' }],
        },
        removingHypothesis: {
          invoke: {
            id: 'deleteHypothesis',
            src: 'deleteHypothesis',
            input: ({ context }) => ({ id: context.created.hypothesisId ?? '' }),
            onDone: 'incidentToRemove',
            onError: {
              target: 'incidentToRemove',
              actions: {
                type: 'failCleanup',
                params: ({ event }) => ({ message: failureMessage(event.error) }),
              },
            },
          },
        },
        removingIncident: {
          invoke: {
            id: 'deleteIncident',
            src: 'deleteIncident',
            input: ({ context }) => ({ id: context.created.incidentId ?? '' }),
            onDone: 'done',
            onError: {
              target: 'done',
              actions: {
                type: 'failCleanup',
                params: ({ event }) => ({ message: failureMessage(event.error) }),
              },
            },
          },
        },
        done: {
          always: {
            target: '#linkToIncident.editing',
            actions: [assign({ created: {} }), 'announceFailure'],
          },
        },
      },
    },
    linked: { type: 'final' },
  },
});
