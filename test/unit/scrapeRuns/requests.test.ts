import {
  runArtifactsRequest,
  runConfigCountRequest,
  runConfigsRequest,
  scrapeRunRequest,
} from '../../../src/api/endpoints/scrapeRuns';
import { jobRunHref } from '../../../src/features/jobs/model/jobRow';

const START = '2026-01-02T10:00:00Z';
const END = '2026-01-02T10:01:00Z';
const window = { scraperId: 's1', start: START, end: END };

const query = (url: string) => decodeURIComponent(url.split('?')[1] ?? '');

describe('scrape run requests', () => {
  it('reads the run by id and its live artifacts without their content', () => {
    expect(scrapeRunRequest('r1').url).toBe('/api/db/job_history?id=eq.r1');
    expect(query(runArtifactsRequest('r1').url)).toBe(
      'job_history_id=eq.r1&deleted_at=is.null&select=id,filename,path,content_type,size,created_at&order=created_at.desc',
    );
  });

  it('classifies the items against the window, paged and counted', () => {
    const page = { pageIndex: 1, pageSize: 50 };
    const created = runConfigsRequest({ ...window, ...page, segment: 'created' });
    expect(created.prefer).toBe('count=exact');
    expect(query(created.url)).toBe(
      `scraper_id=eq.s1&and=(created_at.gte.${START},created_at.lte.${END})` +
        '&select=id,name,type,health,status,created_at,updated_at,deleted_at' +
        '&order=created_at.desc.nullslast,id.asc&limit=50&offset=50',
    );
    expect(query(runConfigsRequest({ ...window, ...page, segment: 'updated' }).url)).toContain(
      `and=(updated_at.gte.${START},updated_at.lte.${END},created_at.lt.${START})&or=(deleted_at.is.null,deleted_at.gt.${END})`,
    );
    expect(query(runConfigsRequest({ ...window, ...page, segment: 'deleted' }).url)).toContain(
      `and=(deleted_at.gte.${START},deleted_at.lte.${END})`,
    );
    expect(query(runConfigsRequest({ ...window, ...page, segment: 'unchanged' }).url)).toContain(
      `created_at=lt.${START}&or=(updated_at.is.null,updated_at.lt.${START})&deleted_at=is.null`,
    );
  });

  it('leaves the window open while the run has no end, and counts with one id', () => {
    const count = runConfigCountRequest({ scraperId: 's1', start: START, segment: 'created' });
    expect(count.prefer).toBe('count=exact');
    expect(query(count.url)).toBe(
      `scraper_id=eq.s1&and=(created_at.gte.${START})&select=id&limit=1`,
    );
  });
});

describe('jobRunHref', () => {
  it('links a Scraper run of a config scraper to its run page, and no other run', () => {
    const run = { id: 'r1', name: 'Scraper', resource_type: 'config_scraper', resource_id: 's1' };
    expect(jobRunHref(run)).toBe('/catalog/scrapers/s1/runs/r1');
    expect(jobRunHref({ ...run, name: 'CanaryCheck' })).toBeUndefined();
    expect(jobRunHref({ ...run, resource_type: 'canary' })).toBeUndefined();
    expect(jobRunHref({ ...run, resource_id: null })).toBeUndefined();
  });
});
