import { HttpResponse, http } from 'msw';
import type { ConfigRef } from '../../../../src/api/schemas/catalogInsights';
import { server } from '../../../support/msw';
import { postgrestTable } from '../../../support/postgrestTable';
import { resourceSearch } from '../../../support/resourceSearch';
import { daysAgo } from '../../../support/time';

export const COMPONENT_ID = '018f4b8e-3333-7000-8000-000000000001';

export const CHECKOUT: ConfigRef = {
  id: '018f4b8e-1111-7000-8000-000000000001',
  name: 'checkout-api',
  config_class: 'Deployment',
  type: 'Kubernetes::Deployment',
};
export const CART_POD: ConfigRef = {
  id: '018f4b8e-1111-7000-8000-000000000002',
  name: 'cart-api-5d8',
  config_class: 'Pod',
  type: 'Kubernetes::Pod',
};
export const ORDERS_DB: ConfigRef = {
  id: '018f4b8e-1111-7000-8000-000000000003',
  name: 'orders-db',
  config_class: 'DBInstance',
  type: 'AWS::RDS::DBInstance',
};

/** An insight with every column the page's calls read (CAT-25, CAT-27, CAT-29). */
export interface InsightFixture {
  id: string;
  config_id: string;
  config_type: string;
  source: string;
  analyzer: string;
  analysis_type: string;
  severity: string;
  summary: string;
  status: string;
  message: string;
  analysis: unknown;
  properties: Array<{ name: string; text?: string; value?: number; unit?: string }> | null;
  first_observed: string;
  last_observed: string;
  config: ConfigRef;
}

function insight(
  id: string,
  config: ConfigRef,
  fields: Omit<InsightFixture, 'id' | 'config' | 'config_id' | 'config_type'>,
): InsightFixture {
  return { id, config, config_id: config.id, config_type: config.type!, ...fields };
}

export const CVE = insight('018f4b8e-5555-7000-8000-000000000001', CHECKOUT, {
  source: 'Trivy',
  analyzer: 'CVE-2025-0001',
  analysis_type: 'security',
  severity: 'critical',
  summary: 'Upgrade openssl to 3.0.14',
  status: 'open',
  message: 'openssl is vulnerable',
  analysis: { package: 'openssl', fixed: '3.0.14' },
  properties: [
    { name: 'Package', text: 'openssl' },
    { name: 'CVSS', value: 9.8 },
    { name: 'Image size', value: 120, unit: 'MB' },
  ],
  first_observed: daysAgo(1),
  last_observed: daysAgo(0.1),
});
export const LIMITS = insight('018f4b8e-5555-7000-8000-000000000002', CART_POD, {
  source: 'Kubernetes',
  analyzer: 'no-resource-limits',
  analysis_type: 'reliability',
  severity: 'medium',
  summary: 'Memory limit not set',
  status: 'open',
  message: 'Container has no memory limit',
  analysis: { container: 'cart' },
  properties: null,
  first_observed: daysAgo(2),
  last_observed: daysAgo(0.5),
});
export const OVERSIZED = insight('018f4b8e-5555-7000-8000-000000000003', ORDERS_DB, {
  source: 'AWS',
  analyzer: 'rds-oversized',
  analysis_type: 'cost',
  severity: 'low',
  summary: 'Downsize the instance',
  status: 'resolved',
  message: 'Instance is larger than its load needs',
  analysis: null,
  properties: null,
  first_observed: daysAgo(3),
  last_observed: daysAgo(1),
});
export const SNAPSHOT = insight('018f4b8e-5555-7000-8000-000000000004', ORDERS_DB, {
  source: 'AWS',
  analyzer: 'public-snapshot',
  analysis_type: 'security',
  severity: 'high',
  summary: 'Make the snapshot private',
  status: 'silenced',
  message: 'A snapshot is public',
  analysis: { snapshot: 'orders-2026-01' },
  properties: null,
  first_observed: daysAgo(4),
  last_observed: daysAgo(2),
});

export const INSIGHTS = [CVE, LIMITS, OVERSIZED, SNAPSHOT];

/** The configs linked to the component, whose insights CAT-29 answers. */
const COMPONENT_CONFIGS = new Set([CHECKOUT.id, CART_POD.id]);

/** A CAT-29 row: a `config_analysis` row, without an embedded config. */
function analysisRow({ config: _config, config_type: _type, ...row }: InsightFixture) {
  return row;
}

/**
 * The insights page's backend: PostgREST fakes for the list (CAT-27), the insight (CAT-25)
 * and the configs by id (CAT-05); the filter options RPC (its calls kept); the component's
 * insights (CAT-29) with the URLs it was asked with (it can be made to fail once); and the component search (MISC-03).
 */
export function insightsBackend() {
  const items = postgrestTable('config_analysis_items', INSIGHTS);
  const analysis = postgrestTable('config_analysis', INSIGHTS);
  const configs = postgrestTable<ConfigRef>('configs', [CHECKOUT, CART_POD, ORDERS_DB]);
  const componentReads: URL[] = [];
  const optionReads: URL[] = [];
  let componentFailures = 0;
  server.use(
    http.get('*/api/db/rpc/config_analysis_filter_options', ({ request }) => {
      optionReads.push(new URL(request.url));
      return HttpResponse.json({
        types: ['cost', 'reliability', 'security'],
        analyzers: ['CVE-2025-0001', 'no-resource-limits', 'public-snapshot', 'rds-oversized'],
        sources: ['AWS', 'Kubernetes', 'Trivy'],
        config_types: ['AWS::RDS::DBInstance', 'Kubernetes::Deployment', 'Kubernetes::Pod'],
        catalogs: [CART_POD, CHECKOUT, ORDERS_DB],
      });
    }),
    http.get('*/api/db/rpc/lookup_analysis_by_component', ({ request }) => {
      const url = new URL(request.url);
      componentReads.push(url);
      if (componentFailures > 0) {
        componentFailures -= 1;
        return HttpResponse.json({ message: 'function timed out' }, { status: 500 });
      }
      const id = url.searchParams.get('id');
      return HttpResponse.json(
        id === COMPONENT_ID
          ? INSIGHTS.filter((row) => COMPONENT_CONFIGS.has(row.config_id)).map(analysisRow)
          : [],
      );
    }),
  );
  const searches = resourceSearch({
    components: [{ id: COMPONENT_ID, name: 'Checkout service', type: 'Application' }],
  });
  return {
    items,
    analysis,
    optionReads,
    configs,
    componentReads,
    searches,
    /** The next CAT-29 call answers 500 "function timed out". */
    componentFailsOnce: () => {
      componentFailures = 1;
    },
  };
}
