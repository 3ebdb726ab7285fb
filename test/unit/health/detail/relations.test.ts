import type { CheckDetail } from '../../../../src/api/schemas/checks';
import { checkRelations } from '../../../../src/features/health/detail/relations';

const base: CheckDetail = { id: 'c1', canary_id: 'k1', name: 'api', spec: null };

describe('checkRelations', () => {
  it('takes components and configs out of their junction rows', () => {
    const check: CheckDetail = {
      ...base,
      components: [
        { components: { id: 'comp-1', name: 'payments', icon: 'server' } },
        { components: null },
      ],
      configs: [{ configs: { id: 'cfg-1', name: 'api', type: 'Kubernetes::Deployment' } }, {}],
    };
    expect(checkRelations(check)).toEqual({
      components: [{ id: 'comp-1', name: 'payments', icon: 'server' }],
      configs: [{ id: 'cfg-1', name: 'api', type: 'Kubernetes::Deployment' }],
    });
  });

  it.each([null, undefined, base, { ...base, components: null, configs: null }])(
    'is empty for %p',
    (check) => {
      expect(checkRelations(check)).toEqual({ components: [], configs: [] });
    },
  );
});
