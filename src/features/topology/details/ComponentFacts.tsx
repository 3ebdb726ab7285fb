import { Classes, Spinner } from '@blueprintjs/core';
import { useGetComponentTeamsQuery } from '../../../api/endpoints/topology';
import type { TopologyComponent } from '../../../api/schemas/topology';
import { useFormatDate } from '../../../shell/useFormatDate';
import { DetailField } from '../../../ui/DetailField';
import { TagList } from '../../../ui/TagList';
import { PropertyList } from '../components/PropertyValue';
import { visibleProperties } from '../model/properties';
import { SectionLoadError, PanelSection } from './PanelSection';
import { CostField } from '../../../ui/CostField';
import { teamViews, word } from './model';

/** The teams owning the component (TOPO-09), each with its role; nothing when none. */
function Teams({ componentId }: { componentId: string }) {
  const query = useGetComponentTeamsQuery(componentId);
  if (query.isLoading) {
    return (
      <DetailField term="Teams">
        <Spinner size={16} aria-label="Loading teams" />
      </DetailField>
    );
  }
  if (query.error) {
    return (
      <DetailField term="Teams">
        <SectionLoadError query={query} what="teams" />
      </DetailField>
    );
  }
  const teams = teamViews(query.data ?? []);
  if (teams.length === 0) return null;
  return (
    <DetailField term="Teams">
      <ul className={`${Classes.LIST_UNSTYLED} mc-component-list`}>
        {teams.map((team) => (
          <li key={team.id}>
            {team.name}
            {team.role && <span className={Classes.TEXT_MUTED}> ({word(team.role)})</span>}
          </li>
        ))}
      </ul>
    </DetailField>
  );
}

/**
 * The Details section: every visible property (hidden ones never), then labels, teams,
 * owner, namespace, external id, costs and dates in the user's format.
 */
export function ComponentFacts({ component }: { component: TopologyComponent }) {
  const formatDate = useFormatDate();
  const properties = visibleProperties(component.properties);
  const labelCount = Object.keys(component.labels ?? {}).length;
  return (
    <PanelSection title="Details" icon="properties">
      <PropertyList views={properties} className="mc-component-properties" />
      <dl className="mc-component-facts">
        {labelCount > 0 && (
          <DetailField term="Labels">
            <div className="mc-component-tags">
              <TagList tags={component.labels} collapsedCount={labelCount} noun="labels" />
            </div>
          </DetailField>
        )}
        <Teams componentId={component.id} />
        <DetailField term="Owner">{component.owner}</DetailField>
        <DetailField term="Namespace">{component.namespace}</DetailField>
        <DetailField term="External ID">
          {component.external_id && (
            <span className="mc-component-code">{component.external_id}</span>
          )}
        </DetailField>
        <CostField item={component} />
        <DetailField term="Created">{formatDate(component.created_at)}</DetailField>
        <DetailField term="Updated">{formatDate(component.updated_at)}</DetailField>
      </dl>
    </PanelSection>
  );
}
