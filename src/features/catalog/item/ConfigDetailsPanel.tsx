import { Classes, Icon } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { useGetConfigItemComponentsQuery } from '../../../api/endpoints/configItem';
import type { ConfigDetail } from '../../../api/schemas/configItem';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import { TagList } from '../../../ui/TagList';
import { configClassOf } from '../../../widgets/ConfigIcon';
import { OwnerLink, useOwner } from '../../../widgets/OwnerLink';
import { externalIds } from './model/format';
import { scraperHref } from './model/links';
import { CostField } from '../../../ui/CostField';
import { DetailField } from '../../../ui/DetailField';

/** A tag map fully expanded (the panel has room for all of them); nothing when empty. */
function AllTags({ term, tags, noun }: { term: string; tags: ConfigDetail['tags']; noun: string }) {
  const count = Object.keys(tags ?? {}).length;
  if (count === 0) return null;
  return (
    <DetailField term={term}>
      <div className="mc-config-detail-tags">
        <TagList tags={tags} collapsedCount={count} noun={noun} />
      </div>
    </DetailField>
  );
}

/** The topology components linked to the item (CAT-33), each a link to the component. */
function LinkedComponents({ configId }: { configId: string }) {
  const { data: components = [] } = useGetConfigItemComponentsQuery(configId);
  if (components.length === 0) return null;
  return (
    <DetailField term="Linked components">
      <ul className={Classes.LIST_UNSTYLED}>
        {components.map((component) => (
          <li key={component.id}>
            <Icon icon="cube" aria-hidden />{' '}
            <Link to={paths.topologyComponent.getHref(component.id)}>
              {component.name || component.id}
            </Link>
          </li>
        ))}
      </ul>
    </DetailField>
  );
}

/**
 * What the catalog knows about the item: type and class, owner team, description, agent and scraper,
 * external ids and path, its dates in the user's format and zone, labels, tags, costs and
 * the components it is linked to.
 */
export function ConfigDetailsPanel({ item }: { item: ConfigDetail }) {
  const formatDate = useFormatDate();
  const ids = externalIds(item.external_id);
  const owner = useOwner(item.labels);
  return (
    <dl className="mc-config-details">
      <DetailField term="Type">{item.type}</DetailField>
      <DetailField term="Class">{item.config_class || configClassOf(item.type)}</DetailField>
      <DetailField term="Owner">{owner && <OwnerLink team={owner} />}</DetailField>
      <DetailField term="Description">{item.description}</DetailField>
      <DetailField term="Agent">{item.agent_name}</DetailField>
      <DetailField term="Scraper">
        {item.scraper && (
          <Link to={scraperHref(item.scraper.id)}>{item.scraper.name || item.scraper.id}</Link>
        )}
      </DetailField>
      <DetailField term="External IDs">
        {ids.length > 0 && (
          <ul className={`${Classes.LIST_UNSTYLED} mc-config-detail-code`}>
            {ids.map((id) => (
              <li key={id}>{id}</li>
            ))}
          </ul>
        )}
      </DetailField>
      <DetailField term="Path">
        {item.path && <span className="mc-config-detail-code">{item.path}</span>}
      </DetailField>
      <DetailField term="Created">{formatDate(item.created_at)}</DetailField>
      <DetailField term="Updated">{formatDate(item.updated_at)}</DetailField>
      <DetailField term="Deleted">{formatDate(item.deleted_at)}</DetailField>
      <DetailField term="Last scraped">{formatDate(item.last_scraped_time)}</DetailField>
      <AllTags term="Labels" tags={item.labels} noun="labels" />
      <AllTags term="Tags" tags={item.tags} noun="tags" />
      <CostField item={item} />
      <LinkedComponents configId={item.id} />
    </dl>
  );
}
