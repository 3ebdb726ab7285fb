import { Callout, HTMLTable } from '@blueprintjs/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ScrapeRun } from '../../api/schemas/scrapeRuns';
import { runDuration } from '../../lib/durations';
import { paths } from '../../shell/paths';
import { useFormatDate } from '../../shell/useFormatDate';
import { DetailField } from '../../ui/DetailField';
import { Collapsible } from '../../ui/form/Collapsible';
import { JobStatusTag } from '../../ui/JobStatusTag';
import { COUNT_KEYS, configTypeSummary, runErrors } from './model/summary';

/** The words of the counts, in the order the header shows them. */
const COUNT_LABELS: Record<(typeof COUNT_KEYS)[number], string> = {
  added: 'Added',
  updated: 'Updated',
  unchanged: 'Unchanged',
  deleted: 'Deleted',
  changes: 'Changes',
};

/** The counts by type are shown open up to this many types, behind their toggle beyond. */
const OPEN_TYPES = 3;

export interface RunHeaderProps {
  run: ScrapeRun;
  scraperId: string;
  /** The scraper's name once known; its id until then. */
  scraperName: string | undefined;
}

/**
 * The run at a glance: the scraper (linking back to it), status, start, duration, what the run
 * did to the config types (summed, then by type: behind a toggle when there are more than a
 * few types) and its errors in a callout.
 */
export function RunHeader({ run, scraperId, scraperName }: RunHeaderProps) {
  const formatDate = useFormatDate();
  const summary = useMemo(() => configTypeSummary(run.details?.scrape_summary), [run.details]);
  const errors = useMemo(() => runErrors(run.details?.errors), [run.details]);
  return (
    <section className="mc-scrape-run-header" aria-label="Run summary">
      <dl className="mc-detail-list mc-scrape-run-fields">
        <DetailField term="Scraper">
          <Link to={paths.catalogScraper.getHref(scraperId)}>{scraperName || scraperId}</Link>
        </DetailField>
        <DetailField term="Status">
          <JobStatusTag status={run.status} />
        </DetailField>
        <DetailField term="Started">
          {run.time_start ? formatDate(run.time_start) : null}
        </DetailField>
        <DetailField term="Duration">
          {run.time_start ? runDuration(run.time_start, run.time_end) : null}
        </DetailField>
        {COUNT_KEYS.map((key) => (
          <DetailField key={key} term={COUNT_LABELS[key]}>
            {String(summary.total[key])}
          </DetailField>
        ))}
      </dl>
      {summary.types.length > 0 && (
        <Collapsible
          title={`Counts by config type (${summary.types.length})`}
          defaultOpen={summary.types.length <= OPEN_TYPES}
        >
          <div className="mc-scrape-run-scroll">
            <HTMLTable compact striped aria-label="Counts by config type">
              <thead>
                <tr>
                  <th scope="col">Config type</th>
                  {COUNT_KEYS.map((key) => (
                    <th key={key} scope="col" className="mc-scrape-run-number">
                      {COUNT_LABELS[key]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {summary.types.map((type) => (
                  <tr key={type.type}>
                    <th scope="row">{type.type}</th>
                    {COUNT_KEYS.map((key) => (
                      <td key={key} className="mc-scrape-run-number">
                        {type[key]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </Collapsible>
      )}
      {errors.length > 0 && (
        <Callout
          intent="danger"
          icon="error"
          title={errors.length === 1 ? '1 error' : `${errors.length} errors`}
          className="mc-scrape-run-errors"
        >
          <ul aria-label="Run errors">
            {errors.map((error, index) => (
              <li key={index}>
                {error.item && <strong>{error.item}: </strong>}
                {error.message}
              </li>
            ))}
          </ul>
        </Callout>
      )}
    </section>
  );
}
