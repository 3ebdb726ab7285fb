import { Classes, Icon } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useGetComponentChecksQuery } from '../../../api/endpoints/topology';
import { StatusDot } from '../../../ui/StatusDot';
import { PanelSection, SectionQueryView } from './PanelSection';
import { paths } from '../../../shell/paths';
import { sortChecks, word } from './model';

/** The checks of the component (HEALTH-10), unhealthy first, each opening its detail. */
export function ChecksSection({ componentId }: { componentId: string }) {
  const query = useGetComponentChecksQuery(componentId);
  const checks = sortChecks(query.data ?? []);
  return (
    <PanelSection title="Checks" count={query.data?.length} icon="heart">
      <SectionQueryView
        query={query}
        what="checks"
        empty={checks.length === 0}
        emptyText="No checks"
      >
        <ul className={`${Classes.LIST_UNSTYLED} mc-component-list`}>
          {checks.map((check) => (
            <li key={check.id} className="mc-component-row">
              <Link to={paths.check.getHref(check.id)} className="mc-component-row-main">
                <StatusDot
                  status={check.status || 'unknown'}
                  title={word(check.status) || 'Unknown'}
                />
                <Icon icon="heart" aria-hidden />
                <span className="mc-component-ellipsis" title={check.name ?? undefined}>
                  {check.name || check.id}
                </span>
              </Link>
              <span className={`${Classes.TEXT_MUTED} mc-meta-text`}>
                {[check.type, word(check.severity)].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      </SectionQueryView>
    </PanelSection>
  );
}
