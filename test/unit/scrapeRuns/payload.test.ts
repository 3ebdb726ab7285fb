import type { ScrapeRunPayload, ScrapeSnapshot } from '../../../src/api/schemas/scrapeRuns';
import {
  accessNames,
  bodyText,
  entitySummaryText,
  grantee,
  hasCapture,
  httpStatusIntent,
  runLogText,
  signed,
  snapshotLines,
} from '../../../src/features/scrapeRuns/model/payload';

describe('hasCapture', () => {
  it('says which parts a payload holds', () => {
    const payload: ScrapeRunPayload = { results: {}, logs: 'x' };
    expect(hasCapture(payload, 'results')).toBe(true);
    expect(hasCapture(payload, 'logs')).toBe(true);
    expect(hasCapture(payload, 'har')).toBe(false);
    expect(hasCapture(payload, 'snapshots')).toBe(false);
    expect(hasCapture(undefined, 'results')).toBe(false);
    expect(hasCapture({ har: [] }, 'har')).toBe(true);
  });
});

describe('HTTP', () => {
  it('colours statuses by class', () => {
    expect([200, 304, 404, 503, 0].map(httpStatusIntent)).toEqual([
      'success',
      'primary',
      'warning',
      'danger',
      'danger',
    ]);
  });

  it('indents JSON bodies and leaves other text alone', () => {
    expect(bodyText('{"a":1}', 'application/json')).toEqual({
      text: '{\n  "a": 1\n}',
      language: 'json',
    });
    expect(bodyText('{broken', 'application/json')).toEqual({
      text: '{broken',
      language: 'plaintext',
    });
    expect(bodyText('<html/>', 'text/html').language).toBe('plaintext');
  });
});

describe('snapshotLines', () => {
  it('lines each config type then each access table, before → after with the change', () => {
    const before: ScrapeSnapshot = {
      per_config_type: { 'Kubernetes::Pod': { total: 10 } },
      external_users: { total: 3 },
    };
    const after: ScrapeSnapshot = {
      per_config_type: {
        'Kubernetes::Pod': { total: 12, updated_last: 4 },
        'AWS::S3::Bucket': { total: 1 },
      },
      external_users: { total: 2, deleted_last: 1 },
    };
    const lines = snapshotLines(before, after);
    expect(lines.slice(0, 3)).toEqual([
      {
        kind: 'AWS::S3::Bucket',
        group: 'Config type',
        before: 0,
        after: 1,
        change: 1,
        updated: 0,
        deleted: 0,
      },
      {
        kind: 'Kubernetes::Pod',
        group: 'Config type',
        before: 10,
        after: 12,
        change: 2,
        updated: 4,
        deleted: 0,
      },
      { kind: 'Users', group: 'Access', before: 3, after: 2, change: -1, updated: 0, deleted: 1 },
    ]);
    expect(lines).toHaveLength(2 + 6);
    expect([signed(2), signed(-1), signed(0)]).toEqual(['+2', '-1', '0']);
  });
});

describe('access', () => {
  it('names the grantee and says the summary', () => {
    const names = accessNames({
      results: {
        external_users: [{ id: 'u1', name: 'alice' }],
        external_groups: [{ id: 'g1', name: 'admins' }],
      },
    });
    expect(grantee({ external_user_id: 'u1' }, names)).toBe('alice');
    expect(grantee({ external_group_id: 'g1' }, names)).toBe('admins');
    expect(grantee({ external_user_id: 'u9' }, names)).toBe('u9');
    expect(entitySummaryText({ scraped: 4, saved: 3, deleted: 1 })).toBe(
      '4 scraped, 3 saved, 1 deleted',
    );
  });
});

describe('runLogText', () => {
  it("joins the row's log lines, text or level and message", () => {
    expect(runLogText(['plain', { level: 'warn', message: 'slow' }, { message: 'bare' }])).toBe(
      'plain\nWARN slow\nbare',
    );
    expect(runLogText(null)).toBe('');
  });
});
