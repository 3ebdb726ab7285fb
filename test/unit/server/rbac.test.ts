import { actionOfMethod, ownerColumnOf, resourceOfRelation } from '../../../server/demo/auth/rbac';
import { expectAnswers } from '../../support/answers';

describe('relations to resource groups', () => {
  it.each([
    ['scopes', 'scopes'],
    ['permissions_summary', 'permissions'],
    ['checks', 'canaries'],
    ['check_statuses', 'canaries'],
    ['canaries_with_status', 'canaries'],
    ['components', 'topologies'],
    ['incident_summary', 'incident'],
    ['hypotheses', 'incident'],
    ['evidences', 'evidences'],
    ['responders', 'responder'],
    ['playbook_names', 'playbooks'],
    ['playbook_runs', 'playbook_runs'],
    ['notifications_summary', 'notifications'],
    ['views_summary', 'views'],
    ['view_default_pods', 'views'],
    ['configs', 'database'],
    ['rpc/related_configs_recursive', 'database'],
    ['connections', 'connections'],
    ['properties', 'feature_flags'],
    ['person', 'teams'],
    ['config_item', 'database'],
    ['person_analytics', 'teams'],
    ['plugins', 'database'],
    ['scrape_plugins', 'database'],
    ['artifacts', 'playbook_runs'],
    ['artifact_summary', 'playbook_runs'],
  ])('%s is guarded by %s', (relation, resource) => {
    expect(resourceOfRelation(relation)).toBe(resource);
  });

  it('names the owner column of relations whose rows belong to people, and only those', () => {
    expect(ownerColumnOf('person_analytics')).toBe('person_id');
    expect(ownerColumnOf('people')).toBeUndefined();
    expect(ownerColumnOf('plugins')).toBeUndefined();
  });

  it('maps methods to actions', () => {
    expectAnswers(actionOfMethod, [
      ['GET', 'read'],
      ['HEAD', 'read'],
      ['POST', 'write'],
      ['PATCH', 'write'],
      ['DELETE', 'write'],
    ]);
  });
});
