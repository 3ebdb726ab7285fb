import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useState } from 'react';
import type {
  RunScraperActorInput,
  RunScraperActorOutput,
  ScrapeRunChoices,
} from '../../../../machines/scrapers/runScraper';
import { runScraperMachine } from '../../../../machines/scrapers/runScraper';
import { scrapersApi } from '../../../api/endpoints/scrapers';
import { toErrorMessage } from '../../../api/errors';
import { fromRequest } from '../../../api/machineRequest';
import { useAppDispatch } from '../../../shell/hooks';
import type { AppDispatch } from '../../../shell/rootReducer';
import { useInspect } from '../../../ui/inspect';

/** A failure already in the user's words, for the machine to show. */
class RunScraperFailure extends Error {
  override readonly name = 'RunScraperFailure';
}

/** The machine's actor on RTK Query: `runScraper` is the run-now mutation. */
function createLogic(dispatch: AppDispatch) {
  return runScraperMachine.provide({
    actors: {
      runScraper: fromRequest<RunScraperActorOutput, RunScraperActorInput>(
        ({ scraperId, ...choices }) =>
          dispatch(scrapersApi.endpoints.runScraper.initiate({ scraperId, ...choices })),
        (error) => new RunScraperFailure(toErrorMessage(error)),
      ),
    },
  });
}

export interface RunScraper {
  choices: ScrapeRunChoices;
  /** The run is being asked for. */
  running: boolean;
  /** Why the last attempt failed, in the user's words. */
  error: string | undefined;
  /** The started run's id, once there is one. */
  runId: string | undefined;
  change: (choices: Partial<ScrapeRunChoices>) => void;
  run: () => void;
}

/** Run Now for one scraper: the run-scraper machine with its actor on RTK Query. */
export function useRunScraper(scraperId: string): RunScraper {
  const dispatch = useAppDispatch();
  const [logic] = useState(() => createLogic(dispatch));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input: { scraperId }, inspect });
  const choices = useActorSelector(actor, (snapshot) => snapshot.context.choices);
  const running = useActorSelector(actor, (snapshot) => snapshot.matches('running'));
  const error = useActorSelector(actor, (snapshot) => snapshot.context.error);
  const runId = useActorSelector(actor, (snapshot) => snapshot.context.runId);
  return {
    choices,
    running,
    error,
    runId,
    change: (next) => actor.send({ type: 'choices.change', choices: next }),
    run: () => actor.send({ type: 'run.start' }),
  };
}
