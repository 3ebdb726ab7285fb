import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Switch,
} from '@blueprintjs/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ScrapeRunChoices } from '../../../../machines/scrapers/runScraper';
import { SCRAPE_LOG_LEVELS } from '../../../api/endpoints/scrapers';
import type { ScrapeLogLevel } from '../../../api/endpoints/scrapers';
import { paths } from '../../../shell/paths';
import { AppDialog } from '../../../ui/AppDialog';
import { useRunScraper } from './useRunScraper';

/** The words of the dialog. */
export const RUN_SCRAPER_TEXT = {
  title: (name: string) => `Run ${name} now`,
  intro:
    'The scraper runs once now, besides its schedule. Its run opens when it starts, and fills in as it goes.',
  captureHAR: 'Capture HTTP traffic (HAR)',
  captureLogs: 'Capture logs',
  captureSnapshots: 'Capture snapshots: the catalog’s counts before and after',
  logLevel: 'Log level',
  cancel: 'Cancel',
  run: 'Run',
  retry: 'Try again',
} as const;

const SWITCHES: ReadonlyArray<[keyof ScrapeRunChoices, string]> = [
  ['captureHAR', RUN_SCRAPER_TEXT.captureHAR],
  ['captureLogs', RUN_SCRAPER_TEXT.captureLogs],
  ['captureSnapshots', RUN_SCRAPER_TEXT.captureSnapshots],
];

export interface RunScraperDialogProps {
  isOpen: boolean;
  scraperId: string;
  /** The scraper's name, for the title. */
  name: string;
  onClose: () => void;
}

/**
 * Run a scraper now (the `runScraper` machine): what the run captures and its log level, then
 * Run. A refusal stays in the dialog with the server's reason and the choices kept; a started
 * run opens its page (`/catalog/scrapers/{id}/runs/{run}`).
 */
export function RunScraperDialog({ isOpen, scraperId, name, onClose }: RunScraperDialogProps) {
  const runner = useRunScraper(scraperId);
  const navigate = useNavigate();
  const { runId, running, error, choices } = runner;
  useEffect(() => {
    if (runId) navigate(paths.catalogScrapeRun.getHref(scraperId, runId));
  }, [navigate, runId, scraperId]);

  return (
    <AppDialog
      isOpen={isOpen}
      onClose={running ? () => undefined : onClose}
      size="small"
      icon="play"
      title={RUN_SCRAPER_TEXT.title(name)}
    >
      <DialogBody>
        <p>{RUN_SCRAPER_TEXT.intro}</p>
        {SWITCHES.map(([key, label]) => (
          <Switch
            key={key}
            label={label}
            checked={choices[key] as boolean}
            disabled={running}
            onChange={(event) => runner.change({ [key]: event.currentTarget.checked })}
          />
        ))}
        <FormGroup label={RUN_SCRAPER_TEXT.logLevel} labelFor="mc-run-scraper-log-level" inline>
          <HTMLSelect
            id="mc-run-scraper-log-level"
            value={choices.logLevel}
            disabled={running}
            options={[...SCRAPE_LOG_LEVELS]}
            onChange={(event) =>
              runner.change({ logLevel: event.currentTarget.value as ScrapeLogLevel })
            }
          />
        </FormGroup>
        {error && (
          <Callout intent="danger" role="alert">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={RUN_SCRAPER_TEXT.cancel} onClick={onClose} disabled={running} />
            <Button
              intent="primary"
              icon="play"
              text={error ? RUN_SCRAPER_TEXT.retry : RUN_SCRAPER_TEXT.run}
              loading={running}
              onClick={runner.run}
            />
          </>
        }
      />
    </AppDialog>
  );
}
