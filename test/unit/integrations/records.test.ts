import {
  INTEGRATION_TABLES,
  integrationTypeLabel,
  isManagedElsewhere,
} from '../../../src/features/integrations/model/integrationRow';
import {
  mergedRecord,
  scraperCreateValues,
  toScraperValues,
  topologyCreateValues,
} from '../../../src/features/integrations/model/records';
import {
  fromSpecFormValues,
  toSpecFormValues,
} from '../../../src/features/integrations/model/specForm';
import { integrationsRequest } from '../../../src/api/endpoints/integrations';
import { expectAnswers } from '../../support/answers';

describe('integration kinds', () => {
  it('labels the list types and maps them to their tables', () => {
    expectAnswers(integrationTypeLabel, [
      ['scrapers', 'Scraper'],
      ['topologies', 'Topology'],
      ['logging_backends', 'Log Backend'],
      ['other', 'other'],
    ]);
    expect(INTEGRATION_TABLES.scrapers).toBe('config_scrapers');
  });

  it('treats any source but UI as managed elsewhere', () => {
    expect(isManagedElsewhere('KubernetesCRD')).toBe(true);
    expect(isManagedElsewhere('UI')).toBe(false);
    expect(isManagedElsewhere(null)).toBe(false);
  });
});

describe('INT-01 request', () => {
  it('sends the reference’s parameters, and the user’s sort as a second order', () => {
    expect(integrationsRequest({ pageIndex: 2, pageSize: 25 })).toEqual({
      url: '/api/db/integrations_with_status?order=created_at.desc&select=*&deleted_at=is.null&limit=25&offset=50',
      prefer: 'count=exact',
    });
    const sorted = integrationsRequest({
      pageIndex: 0,
      pageSize: 50,
      sortBy: 'job_status',
      sortOrder: 'desc',
    });
    expect(new URL(sorted.url, 'http://x').searchParams.getAll('order')).toEqual([
      'created_at.desc',
      'job_status.desc',
    ]);
  });
});

describe('spec forms', () => {
  it('starts a new topology in the default namespace, an existing one in its own', () => {
    expect(toSpecFormValues(undefined, { namespace: 'default' })).toEqual({
      name: '',
      namespace: 'default',
      labels: [],
      spec: '',
    });
    expect(
      toSpecFormValues(
        { id: 't', name: 'a', namespace: 'prod', labels: { b: '2', a: 1 }, spec: { type: 'App' } },
        { namespace: 'default' },
      ),
    ).toEqual({
      name: 'a',
      namespace: 'prod',
      labels: [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
      ],
      spec: 'type: App\n',
    });
  });

  it('reads the values back: trimmed name, labels as a map, spec parsed', () => {
    expect(
      fromSpecFormValues({
        name: ' checkout ',
        labels: [
          { key: 'team', value: 'core' },
          { key: ' ', value: 'dropped' },
        ],
        spec: 'type: App\n',
      }),
    ).toEqual({ name: 'checkout', labels: { team: 'core' }, spec: { type: 'App' } });
    expect(fromSpecFormValues({ name: 'x', labels: [], spec: '' }).spec).toEqual({});
  });
});

describe('record bodies', () => {
  it('marks new records as the console’s', () => {
    expect(topologyCreateValues({ name: 'a', labels: {}, spec: {} })).toEqual({
      name: 'a',
      labels: {},
      spec: {},
      source: 'UI',
    });
    expect(
      scraperCreateValues({ name: 'k', spec: { kubernetes: [] }, labels: { a: 'b' } }),
    ).toEqual({ name: 'k', spec: { kubernetes: [] }, source: 'UI' });
  });

  it('overlays the stored row without its embeds', () => {
    expect(
      mergedRecord(
        { id: '1', name: 'a', agent: { id: 'x' }, created_by: 'u', schedule: '@hourly' },
        { name: 'b' },
      ),
    ).toEqual({ id: '1', name: 'b', created_by: 'u', schedule: '@hourly' });
  });

  it('gives the scraper editor the stored scraper', () => {
    expect(
      toScraperValues({ id: 's', name: 'k', namespace: 'ns', spec: { file: [] }, source: 'UI' }),
    ).toEqual({ id: 's', name: 'k', namespace: 'ns', spec: { file: [] }, source: 'UI' });
  });
});
