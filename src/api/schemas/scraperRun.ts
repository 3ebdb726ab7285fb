/**
 * The answer of a scraper's Run Now (`POST /api/config/run/{id}`, config-db's run-now handler):
 * the `Scraper` job_history row the run writes and its status when the answer was sent.
 */
import { type } from 'superstruct';
import type { Infer } from 'superstruct';
import { optionalText } from './fields';

export const RunScraperResultStruct = type({
  job_history_id: optionalText(),
  status: optionalText(),
});
export type RunScraperResult = Infer<typeof RunScraperResultStruct>;
