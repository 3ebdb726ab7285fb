import type { RelatedConfigsArgs } from '../../../src/api/endpoints/configItem';
import {
  linkComponentRequest,
  manualComponentLinksRequest,
  relatedConfigsRequest,
  unlinkComponentRequest,
} from '../../../src/api/endpoints/configItem';
import { queryPairs as query } from '../support/requests';

const ID = '018f4b8e-1111-7000-8000-000000000001';
const PATH = '/api/db/rpc/related_configs_recursive';

const both: RelatedConfigsArgs = {
  configId: ID,
  incoming: true,
  outgoing: true,
  soft: false,
  includeDeletedConfigs: false,
};

describe('CAT-30 request', () => {
  it('sends the tri-state filters after max_depth and before the direction', () => {
    expect(
      query(
        relatedConfigsRequest({
          ...both,
          type: 'Kubernetes::Pod,!Kubernetes::Node',
          status: 'Running,!Pending',
          health: 'unhealthy,warning',
        }).url,
        PATH,
      ),
    ).toEqual([
      ['config_id', ID],
      ['include_deleted_configs', 'false'],
      ['max_depth', '10'],
      ['type.filter', 'Kubernetes::Pod,!Kubernetes::Node'],
      ['status.filter', 'Running,!Pending'],
      ['health.filter', 'unhealthy,warning'],
      ['type_filter', 'all'],
      ['incoming_relation', 'hard'],
      ['outgoing_relation', 'hard'],
    ]);
  });

  it("turns the address's __ into :: in type.filter only", () => {
    const sent = query(
      relatedConfigsRequest({
        ...both,
        type: 'AWS__EC2__Instance,!Kubernetes__Pod',
        status: 'a__b',
      }).url,
      PATH,
    );
    expect(sent).toContainEqual(['type.filter', 'AWS::EC2::Instance,!Kubernetes::Pod']);
    expect(sent).toContainEqual(['status.filter', 'a__b']);
  });

  it('leaves out empty filters and keeps each direction its own relation', () => {
    expect(
      query(
        relatedConfigsRequest({
          ...both,
          incoming: false,
          soft: true,
          includeDeletedConfigs: true,
          type: '',
          health: 'healthy',
        }).url,
        PATH,
      ),
    ).toEqual([
      ['config_id', ID],
      ['include_deleted_configs', 'true'],
      ['max_depth', '10'],
      ['health.filter', 'healthy'],
      ['type_filter', 'outgoing'],
      ['outgoing_relation', 'both'],
    ]);
    expect(query(relatedConfigsRequest({ ...both, outgoing: false }).url, PATH).slice(3)).toEqual([
      ['type_filter', 'incoming'],
      ['incoming_relation', 'hard'],
    ]);
    // Neither direction: the backend's default, outgoing.
    expect(
      query(relatedConfigsRequest({ ...both, incoming: false, outgoing: false }).url, PATH).slice(
        3,
      ),
    ).toEqual([
      ['type_filter', 'outgoing'],
      ['outgoing_relation', 'hard'],
    ]);
  });
});

describe('links to components made by hand', () => {
  const link = { configId: ID, componentId: 'comp-1' };

  it('reads the manual links of a config', () => {
    expect(
      query(manualComponentLinksRequest(ID).url, '/api/db/config_component_relationships'),
    ).toEqual([
      ['config_id', `eq.${ID}`],
      ['selector_id', 'eq.manual'],
      ['select', 'component_id'],
    ]);
  });

  it('CAT-34 posts the link with selector manual', () => {
    expect(linkComponentRequest(link)).toEqual({
      url: '/api/db/config_component_relationships',
      method: 'POST',
      body: { component_id: 'comp-1', config_id: ID, selector_id: 'manual' },
    });
  });

  it('CAT-35 deletes the manual link by component, config and selector', () => {
    const request = unlinkComponentRequest(link);
    expect(request.method).toBe('DELETE');
    expect(query(request.url, '/api/db/config_component_relationships')).toEqual([
      ['component_id', 'eq.comp-1'],
      ['config_id', `eq.${ID}`],
      ['selector_id', 'eq.manual'],
    ]);
  });
});
