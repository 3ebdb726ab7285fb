import { Classes, Tag } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useGetComponentInsightsQuery } from '../../../api/endpoints/topology';
import { ConfigLabel } from './ConfigLabel';
import { PanelSection, SectionQueryView } from './PanelSection';
import { insightHref, word } from './model';

const SEVERITY_INTENTS: Readonly<Record<string, Intent>> = {
  critical: 'danger',
  high: 'danger',
  medium: 'warning',
  low: 'primary',
};

/** A severity as a small coloured tag. */
function Severity({ severity }: { severity: string | null | undefined }) {
  if (!severity) return null;
  return (
    <Tag minimal intent={SEVERITY_INTENTS[severity.toLowerCase()] ?? 'none'}>
      {word(severity)}
    </Tag>
  );
}

/**
 * The insights of the configs linked to the component (CAT-28): type, severity, message and
 * config, each opening the insight on its config item. The first page only, said so.
 */
export function InsightsSection({ componentId }: { componentId: string }) {
  const query = useGetComponentInsightsQuery(componentId);
  const insights = query.data?.insights ?? [];
  const total = query.data?.total;
  return (
    <PanelSection title="Insights" count={total} icon="lightbulb">
      <SectionQueryView
        query={query}
        what="insights"
        empty={insights.length === 0}
        emptyText="No insights"
      >
        <ul className={`${Classes.LIST_UNSTYLED} mc-component-list`}>
          {insights.map((insight) => (
            <li key={insight.id} className="mc-component-insight">
              <Link to={insightHref(insight)} className="mc-component-insight-link mc-stack">
                <span className="mc-component-insight-head mc-row">
                  <span className="mc-component-ellipsis">
                    {word(insight.analysis_type) || insight.analyzer}
                  </span>
                  <Severity severity={insight.severity} />
                </span>
                <span
                  className="mc-component-ellipsis mc-component-insight-message"
                  title={insight.message ?? undefined}
                >
                  {insight.message}
                </span>
                <span className={Classes.TEXT_MUTED}>
                  <ConfigLabel config={insight.config} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {total !== undefined && total > insights.length && (
          <p className={`${Classes.TEXT_MUTED} mc-component-more`}>
            Showing {insights.length} of {total}
          </p>
        )}
      </SectionQueryView>
    </PanelSection>
  );
}
