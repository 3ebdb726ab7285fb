import { jsonSchemasApi } from '../../../api/endpoints/jsonSchemas';
import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type {
  LoadParametersInput,
  RunResource,
  RunValue,
  StartRunInput,
} from '../../../../machines/playbooks/runPlaybook';
import {
  canRun,
  runParameterActions,
  runPlaybookMachine,
  visibleErrors,
} from '../../../../machines/playbooks/runPlaybook';
import { playbooksApi } from '../../../api/endpoints/playbooks';
import { fromRequest } from '../../../api/machineRequest';
import type { PlaybookParameter, PlaybookRunStarted } from '../../../api/schemas/playbooks';
import { useAppDispatch } from '../../../shell/hooks';
import type { AppDispatch } from '../../../shell/rootReducer';
import { useInspect } from '../../../ui/inspect';
import type { ParameterSchemas } from '../model/parameters';
import { parameterRulesWith, parameterSchemaUrl } from '../model/parameters';

/**
 * The machine's actors on RTK Query: `loadParameters` is PB-08 (always asked afresh),
 * `runPlaybook` PB-09 (whose failure the endpoint also toasts in the server's words). A failure
 * reaches the machine as the API error (`status` tells a 403, `message` is in the user's words);
 * each request is aborted when the machine leaves its state or the dialog closes. The parameter
 * rules (model/parameters.ts) are its `applyDefaults` and `checkValues` actions.
 */
export function createRunLogic(
  dispatch: AppDispatch,
  schemas: () => ParameterSchemas = () => ({}),
) {
  const endpoints = playbooksApi.endpoints;
  return runPlaybookMachine.provide({
    actions: runParameterActions(parameterRulesWith(schemas)),
    actors: {
      loadParameters: fromRequest<PlaybookParameter[], LoadParametersInput>(
        ({ playbookId, resource }) =>
          dispatch(
            endpoints.getPlaybookParams.initiate(
              { playbookId, ...(resource ? { resource } : {}) },
              { subscribe: false, forceRefetch: true },
            ),
          ),
      ),
      runPlaybook: fromRequest<PlaybookRunStarted, StartRunInput>(
        ({ playbookId, resource, params }) =>
          dispatch(
            endpoints.runPlaybook.initiate({
              playbookId,
              params,
              ...(resource ? { resource } : {}),
            }),
          ),
      ),
    },
  });
}

/** Where the dialog stands, from the machine's state. */
export type RunPhase =
  'choosingResource' | 'loading' | 'forbidden' | 'loadFailed' | 'editing' | 'submitting' | 'done';

export interface UseRunPlaybookOptions {
  playbookId: string;
  /** The playbook runs on a resource (`needsResource` of model/resources.ts). */
  needsResource: boolean;
  /** A resource chosen before the dialog opened. */
  resource?: RunResource;
  /** An earlier run's `params` the form starts from (Resubmit). */
  initialParams?: Readonly<Record<string, string>>;
  /** The run started (PB-09 answered its id). */
  onStarted: (runId: string) => void;
}

export interface RunPlaybook {
  phase: RunPhase;
  resource: RunResource | undefined;
  /** The parameters PB-08 resolved for the resource. */
  parameters: PlaybookParameter[];
  values: Record<string, RunValue>;
  /** The messages to show now (touched fields, or every field after a Run). */
  errors: Record<string, string>;
  /** Run may be pressed: the form is valid, a resource chosen if needed, no run pending. */
  runnable: boolean;
  /** Why PB-08 failed (`loadFailed`). */
  loadError: string | undefined;
  /** Why the last PB-09 failed; the values are kept. */
  failure: string | undefined;
  selectResource: (resource: RunResource) => void;
  setField: (name: string, value: RunValue) => void;
  touchField: (name: string) => void;
  retry: () => void;
  run: () => void;
}

/**
 * The run dialog's state: the `runPlaybook` machine (machines/playbooks/runPlaybook.ts) with
 * its actors on RTK Query and the console's parameter rules (model/parameters.ts).
 */
export function useRunPlaybook({
  playbookId,
  needsResource,
  resource,
  initialParams,
  onStarted,
}: UseRunPlaybookOptions): RunPlaybook {
  const dispatch = useAppDispatch();
  // The schemas loaded so far, read by the machine's checks whenever they run.
  const [schemas] = useState<{ loaded: ParameterSchemas }>(() => ({ loaded: {} }));
  const [logic] = useState(() => createRunLogic(dispatch, () => schemas.loaded));
  const [input] = useState(() => ({
    playbookId,
    needsResource,
    ...(resource ? { resource } : {}),
    ...(initialParams ? { initialParams } : {}),
  }));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input, inspect });
  const context = useActorSelector(actor, (snapshot) => snapshot.context);
  const phase = useActorSelector(actor, (snapshot): RunPhase => {
    if (snapshot.matches('choosingResource')) return 'choosingResource';
    if (snapshot.matches('forbidden')) return 'forbidden';
    if (snapshot.matches('loadFailed')) return 'loadFailed';
    if (snapshot.matches('editing')) return 'editing';
    if (snapshot.matches('submitting')) return 'submitting';
    if (snapshot.matches('done')) return 'done';
    return 'loading';
  });

  const started = useRef(onStarted);
  useEffect(() => {
    started.current = onStarted;
  });
  useEffect(() => {
    const subscription = actor.on('run.started', ({ runId }) => started.current(runId));
    return () => subscription.unsubscribe();
  }, [actor]);

  // Code parameters with `properties.jsonSchemaUrl`: their schemas are loaded, and each value
  // is checked again once its schema is there (the server still checks what it cannot).
  const parameters = context.parameters as PlaybookParameter[];
  const schemaUrls = useMemo(
    () => [...new Set(parameters.map(parameterSchemaUrl).filter((url) => url !== undefined))],
    [parameters],
  );
  useEffect(() => {
    const requests = schemaUrls.map((url) => {
      const request = dispatch(jsonSchemasApi.endpoints.getJsonSchemaAt.initiate(url));
      void request.then((result) => {
        if (!result.data) return;
        schemas.loaded = { ...schemas.loaded, [url]: result.data };
        const { values } = actor.getSnapshot().context;
        for (const parameter of parameters) {
          const value = values[parameter.name];
          if (parameterSchemaUrl(parameter) === url && value !== undefined) {
            actor.send({ type: 'field.set', name: parameter.name, value });
          }
        }
      });
      return request;
    });
    return () => requests.forEach((request) => request.unsubscribe());
  }, [actor, dispatch, parameters, schemaUrls, schemas]);

  return useMemo(
    () => ({
      phase,
      resource: context.resource,
      parameters: context.parameters as PlaybookParameter[],
      values: context.values,
      errors: visibleErrors(context),
      runnable: phase === 'editing' && canRun(context),
      loadError: context.loadError,
      failure: context.failure,
      selectResource: (next) => actor.send({ type: 'resource.select', resource: next }),
      setField: (name, value) => actor.send({ type: 'field.set', name, value }),
      touchField: (name) => actor.send({ type: 'field.touch', name }),
      retry: () => actor.send({ type: 'parameters.retry' }),
      run: () => actor.send({ type: 'run' }),
    }),
    [actor, context, phase],
  );
}
