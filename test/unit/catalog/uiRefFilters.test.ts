import {
  catalogFiltersOf,
  changesFiltersOf,
  selectionOf,
  timeRangeOf,
} from '../../../src/features/catalog/model/uiRefFilters';

describe("a view section's uiRef filters as the console's", () => {
  it('reads comma lists with - or ! before the excluded items', () => {
    expect(selectionOf('Running, -Stopped,!Failed,,')).toEqual({
      Running: 1,
      Stopped: -1,
      Failed: -1,
    });
    expect(selectionOf(undefined)).toEqual({});
  });

  it("turns configs filters into the catalog's (labels k=v as k:v items)", () => {
    const filters = catalogFiltersOf({
      search: ' nginx ',
      configType: 'AWS::RDS::Instance',
      labels: 'app=nginx,!team=dev',
      status: 'Running,-Stopped',
      health: '-healthy,warning',
    });
    expect(filters).toMatchObject({
      search: 'nginx',
      configType: 'AWS::RDS::Instance',
      labels: { 'app:nginx': 1, 'team:dev': -1 },
      status: { Running: 1, Stopped: -1 },
      health: { healthy: -1, warning: 1 },
    });
    expect(catalogFiltersOf({}).configType).toBeUndefined();
  });

  it("turns changes filters into the changes page's", () => {
    const filters = changesFiltersOf({
      configTypes: 'AWS::Account,-Kubernetes::Pod',
      changeType: 'diff,-BackOff',
      severity: 'high',
      from: '7d',
      tags: 'env=production,!env=staging',
      source: 'kubernetes,-github',
      summary: '-Failed',
      createdBy: '018f4b8e-7777-7000-8000-000000000001,-bot',
    });
    expect(filters).toMatchObject({
      configTypes: { AWS__Account: 1, Kubernetes__Pod: -1 },
      changeTypes: { diff: 1, BackOff: -1 },
      severity: 'high',
      timeRange: { type: 'relative', range: 'now-7d' },
      tags: { 'env=production': 1, 'env=staging': -1 },
      source: { kubernetes: 1, github: -1 },
      summary: { Failed: -1 },
      createdBy: { '018f4b8e-7777-7000-8000-000000000001': 1 },
      externalCreatedBy: { bot: -1 },
    });
    // Without `from`, the page's own default range.
    expect(changesFiltersOf({}).timeRange).toEqual({ type: 'relative', range: 'now-2d' });
  });

  it('reads the time range as upstream writes it', () => {
    expect(timeRangeOf('24h', undefined)).toEqual({ type: 'relative', range: 'now-24h' });
    expect(timeRangeOf('now-1h', 'now')).toEqual({ type: 'relative', range: 'now-1h' });
    expect(timeRangeOf('2024-05-01T00:00:00Z', '2024-05-02T00:00:00Z')).toEqual({
      type: 'absolute',
      from: '2024-05-01T00:00:00Z',
      to: '2024-05-02T00:00:00Z',
    });
    expect(timeRangeOf('', undefined)).toBeUndefined();
    expect(timeRangeOf('yesterday-ish', undefined)).toBeUndefined();
  });
});
