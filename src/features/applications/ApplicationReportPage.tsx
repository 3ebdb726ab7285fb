import { Button, Classes } from '@blueprintjs/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useGetApplicationReportQuery } from '../../api/endpoints/applications';
import type { ApplicationReport } from '../../api/schemas/applications';
import { paths } from '../../shell/paths';
import { useFormatDate } from '../../shell/useFormatDate';
import { usePageHeader } from '../../ui/pageHeader';
import { QueryView } from '../../ui/QueryView';
import { queryViewState } from '../../widgets/tableQueryState';
import { TagList } from '../../ui/TagList';
import { ReportPartBody } from './components/ReportParts';
import { REPORT_TITLES, reportParts } from './model/reportSections';
import './applications.css';

/** The report page's words. */
export const APPLICATION_REPORT = {
  title: (name: string) => `Application: ${name}`,
  loadError: 'Error loading the application',
  print: 'Print',
  back: 'Applications',
  name: 'Name',
  namespace: 'Namespace',
  type: 'Type',
  description: 'Description',
  created: 'Created',
  properties: 'Properties',
} as const;

/**
 * `/applications/:namespace/:name`: the application's audit report (MISC-05), part by part as
 * the response carries them, each under its heading. Print gives the report alone: the print
 * stylesheet drops the shell and the buttons, keeps tables whole and starts each part on a
 * new page.
 */
export function ApplicationReportPage() {
  const { namespace = '', name = '' } = useParams();
  usePageHeader({ title: APPLICATION_REPORT.title(name) });
  const query = useGetApplicationReportQuery(
    { namespace, name },
    { refetchOnMountOrArgChange: true },
  );
  const report = query.data;
  if (report && !query.isError) return <Report report={report} />;
  return (
    <div className="mc-page mc-application-report">
      {/* The report itself is drawn by `Report`: here only its loading and its failure. */}
      <QueryView
        {...queryViewState(query)}
        data={null}
        loading={!query.isError}
        loadingLabel="Loading"
        errorTitle={APPLICATION_REPORT.loadError}
      >
        {() => null}
      </QueryView>
    </div>
  );
}

function Report({ report }: { report: ApplicationReport }) {
  const formatDate = useFormatDate();
  const parts = useMemo(() => reportParts(report), [report]);
  return (
    <article className="mc-page mc-application-report" aria-label={report.name}>
      <div className="mc-report-actions">
        <Link to={paths.applications.getHref()}>{APPLICATION_REPORT.back}</Link>
        <Button icon="print" text={APPLICATION_REPORT.print} onClick={() => window.print()} />
      </div>
      <header className="mc-report-header">
        <h1 className="mc-report-title">{report.name}</h1>
        {report.description && <p className={Classes.TEXT_MUTED}>{report.description}</p>}
      </header>
      <section className="mc-report-section" aria-labelledby="report-overview">
        <h2 id="report-overview">{REPORT_TITLES.overview}</h2>
        <dl className="mc-report-summary">
          <dt>{APPLICATION_REPORT.name}</dt>
          <dd>{report.name}</dd>
          <dt>{APPLICATION_REPORT.namespace}</dt>
          <dd>{report.namespace}</dd>
          {report.type && (
            <>
              <dt>{APPLICATION_REPORT.type}</dt>
              <dd>{report.type}</dd>
            </>
          )}
          {report.createdAt && (
            <>
              <dt>{APPLICATION_REPORT.created}</dt>
              <dd>{formatDate(report.createdAt)}</dd>
            </>
          )}
          {report.properties && report.properties.length > 0 && (
            <>
              <dt>{APPLICATION_REPORT.properties}</dt>
              <dd>
                <TagList
                  tags={Object.fromEntries(
                    report.properties.map((p) => [p.label ?? p.name ?? '', p.text ?? p.value]),
                  )}
                  collapsedCount={20}
                  noun="properties"
                />
              </dd>
            </>
          )}
        </dl>
      </section>
      {parts.map((part) => (
        <section key={part.id} className="mc-report-section" aria-labelledby={`report-${part.id}`}>
          <h2 id={`report-${part.id}`}>{part.title}</h2>
          <ReportPartBody part={part} report={report} formatDate={formatDate} />
        </section>
      ))}
    </article>
  );
}
