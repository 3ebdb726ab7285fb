import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { waitFor } from 'xstate';
import type {
  IntegrationOption,
  IntegrationSave,
} from '../../../machines/integrations/addIntegration';
import { addIntegrationMachine } from '../../../machines/integrations/addIntegration';
import { baseApi } from '../../api/baseApi';
import { integrationTags } from '../../api/endpoints/integrations';
import { logBackendsApi } from '../../api/endpoints/logBackends';
import { RESOURCE_MESSAGES, settingsResourcesApi } from '../../api/endpoints/settingsResources';
import { fromRequest } from '../../api/machineRequest';
import { outcomeAnnounced } from '../../api/outcomes';
import { useAppDispatch } from '../../shell/hooks';
import type { AppDispatch } from '../../shell/rootReducer';
import { useInspect } from '../../ui/inspect';
import { scraperCreateValues, topologyCreateValues } from './model/records';
import type { SpecFormOutput } from './model/specForm';
import type { TypedValues } from '../../widgets/slots/slotTypes';

/** The display names the writes' toasts use. */
export const DISPLAY_NAMES = { topology: 'Topology', scraper: 'Catalog Scraper' } as const;

/** The success toast's follow-up for each option with a return target. */
export const RETURN_ACTIONS = { scraper: 'View catalog', topology: 'View topology' } as const;

/** A settings resource created quietly: the wizard announces the success itself. */
const createQuietly = (table: string, displayName: string, values: Record<string, unknown>) =>
  settingsResourcesApi.endpoints.createSettingsResource.initiate({
    table,
    displayName,
    values,
    quiet: true,
  });

/** The request of a direct option's save. */
function startSave(dispatch: AppDispatch, { option, values }: IntegrationSave) {
  switch (option) {
    case 'topology':
      return dispatch(
        createQuietly(
          'topologies',
          DISPLAY_NAMES.topology,
          topologyCreateValues(values as unknown as SpecFormOutput),
        ),
      );
    case 'scraper':
      return dispatch(
        createQuietly(
          'config_scrapers',
          DISPLAY_NAMES.scraper,
          scraperCreateValues(values as unknown as TypedValues),
        ),
      );
    case 'log-backend':
      return dispatch(logBackendsApi.endpoints.saveLogBackend.initiate({ values }));
  }
}

function createLogic(dispatch: AppDispatch) {
  return addIntegrationMachine.provide({
    actors: {
      save: fromRequest<unknown, IntegrationSave>((input) => startSave(dispatch, input)),
    },
    actions: {
      saved: (_, { option, returnTo }) => {
        dispatch(baseApi.util.invalidateTags([...integrationTags]));
        // A scraper or topology saved here is announced with the way to its return target.
        if (returnTo && (option === 'scraper' || option === 'topology')) {
          dispatch(
            outcomeAnnounced({
              kind: 'success',
              message: RESOURCE_MESSAGES.created(DISPLAY_NAMES[option]),
              action: { text: RETURN_ACTIONS[option], href: returnTo },
            }),
          );
        }
      },
    },
  });
}

/** Where the wizard stands. */
export type AddIntegrationPhase =
  'choosing' | 'configuring' | 'editing' | 'saving' | 'failed' | 'done' | 'closed';

export interface AddIntegrationView {
  phase: AddIntegrationPhase;
  option: IntegrationOption | undefined;
  pick: (option: IntegrationOption) => void;
  back: () => void;
  close: () => void;
  /**
   * Saves a direct form's values through the machine; resolves once saved, rejects with the
   * server's reason (for the form to show).
   */
  submit: (values: Record<string, unknown>) => Promise<void>;
}

/**
 * Runs the Add Integration machine: saves through RTK Query (aborted when the dialog closes),
 * refreshes the integrations once saved (a scraper's or topology's toast offering its return
 * target), and calls `onClose` when the wizard ends (saved or
 * closed).
 */
export function useAddIntegration(onClose: () => void): AddIntegrationView {
  const dispatch = useAppDispatch();
  const [logic] = useState(() => createLogic(dispatch));
  const inspect = useInspect();
  const actor = useActorRef(logic, { inspect });
  const phase = useSelector(actor, (state) => state.value as AddIntegrationPhase);
  const option = useSelector(actor, (state) => state.context.option);
  const ended = useSelector(actor, (state) => state.status === 'done');

  useEffect(() => {
    if (ended) onClose();
  }, [ended, onClose]);

  const submit = useCallback(
    async (values: Record<string, unknown>) => {
      actor.send({ type: 'form.submit', values });
      const settled = await waitFor(
        actor,
        (state) => state.status === 'done' || state.matches('failed'),
      );
      if (settled.matches('failed')) throw new Error(settled.context.error);
    },
    [actor],
  );

  return {
    phase,
    option,
    pick: (next) => actor.send({ type: 'option.pick', option: next }),
    back: () => actor.send({ type: 'back' }),
    close: () => actor.send({ type: 'close' }),
    submit,
  };
}
