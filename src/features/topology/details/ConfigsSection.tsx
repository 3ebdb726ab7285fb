import { Classes } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useGetComponentConfigsQuery } from '../../../api/endpoints/topology';
import { paths } from '../../../shell/paths';
import { ConfigLabel } from './ConfigLabel';
import { PanelSection, SectionQueryView } from './PanelSection';
import { linkedConfigs } from './model';

/** The configs linked to the component (CAT-32, deleted ones left out), by name. */
export function ConfigsSection({ componentId }: { componentId: string }) {
  const query = useGetComponentConfigsQuery(componentId);
  const configs = linkedConfigs(query.data ?? []);
  return (
    <PanelSection title="Configs" count={query.data ? configs.length : undefined} icon="settings">
      <SectionQueryView
        query={query}
        what="configs"
        empty={configs.length === 0}
        emptyText="No configs"
      >
        <ul className={`${Classes.LIST_UNSTYLED} mc-component-list`}>
          {configs.map((config) => (
            <li key={config.id} className="mc-component-row">
              <Link to={paths.catalogItem.getHref(config.id)} className="mc-component-row-main">
                <ConfigLabel config={config} />
              </Link>
              {config.type && (
                <span className={`${Classes.TEXT_MUTED} mc-meta-text`}>{config.type}</span>
              )}
            </li>
          ))}
        </ul>
      </SectionQueryView>
    </PanelSection>
  );
}
