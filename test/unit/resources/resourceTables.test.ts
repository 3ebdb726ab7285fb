import {
  listSettingsResourcesRequest,
  pagedSettingsResourcesRequest,
} from '../../../src/api/endpoints/settingsResources';
import {
  NEW_RECORD_ID,
  RESOURCE_TABLES,
  RESOURCE_TABLE_NAMES,
  resourceTable,
} from '../../../src/features/resources/resourceTables';

function decoded(url: string) {
  const [path, query = ''] = url.split('?');
  return { path, params: [...new URLSearchParams(query).entries()] };
}

describe('resource tables', () => {
  it('names each table, its list relation and who may write it (api.md §21)', () => {
    expect(
      RESOURCE_TABLE_NAMES.map((name) => {
        const t = RESOURCE_TABLES[name];
        return [t.table, t.displayName, t.listRelation, t.accessResource, t.jobResourceType];
      }),
    ).toEqual([
      ['teams', 'Teams', 'teams_with_status', 'teams', 'team'],
      ['incident_rules', 'Rules', 'incident_rules', 'incident', 'incident_rule'],
      ['canaries', 'Health Check', 'canaries_with_status', 'canaries', 'canary'],
      ['topologies', 'Topology', 'topologies_with_status', 'topologies', 'topology'],
      [
        'config_scrapers',
        'Catalog Scraper',
        'config_scrapers_with_status',
        'config_scrapers',
        'config_scraper',
      ],
      ['views', 'Views', 'views', 'views', 'view'],
    ]);
  });

  it('gives each table the schema file of its spec (MISC-06)', () => {
    expect(
      Object.fromEntries(RESOURCE_TABLE_NAMES.map((n) => [n, RESOURCE_TABLES[n].schemaFile])),
    ).toEqual({
      teams: 'team.schema.json',
      incident_rules: 'incident-rules.schema.json',
      canaries: 'canary.schema.json',
      topologies: 'topology.schema.json',
      config_scrapers: 'scrape_config.schema.json',
      views: 'view.schema.json',
    });
  });

  it('has the form fields and defaults of spec 002 §3.5', () => {
    expect(RESOURCE_TABLES.teams.fields).toEqual({
      namespace: false,
      icon: true,
      labels: false,
      schedule: false,
    });
    expect(RESOURCE_TABLES.teams.defaults).toEqual({ icon: 'group', spec: {} });
    expect(RESOURCE_TABLES.topologies.fields).toEqual({
      namespace: true,
      icon: false,
      labels: true,
      // Its own schedule, offering the medium kind's presets (spec 001 §3).
      schedule: 'medium',
    });
    expect(RESOURCE_TABLES.topologies.defaults.namespace).toBe('default');
    expect(RESOURCE_TABLES.canaries.defaults.namespace).toBe('default');
    expect(RESOURCE_TABLES.canaries.typedFamily).toBe('check');
    expect(RESOURCE_TABLES.config_scrapers.typedFamily).toBe('scraper');
    expect(RESOURCE_TABLES.teams.typedFamily).toBeUndefined();
  });

  it('only the topologies list embeds the agent, only views carry the job status', () => {
    expect(RESOURCE_TABLE_NAMES.filter((n) => RESOURCE_TABLES[n].withAgent)).toEqual([
      'topologies',
    ]);
    expect(RESOURCE_TABLE_NAMES.filter((n) => !RESOURCE_TABLES[n].withJobStatus)).toEqual([
      'incident_rules',
      'views',
    ]);
  });

  it('lists views a page at a time, deletes them for good and gives them no job history', () => {
    const paged = RESOURCE_TABLE_NAMES.filter((n) => RESOURCE_TABLES[n].listMode === 'paged');
    expect(paged).toEqual(['views']);
    expect(RESOURCE_TABLE_NAMES.filter((n) => RESOURCE_TABLES[n].hardDelete)).toEqual(['views']);
    expect(RESOURCE_TABLE_NAMES.filter((n) => !RESOURCE_TABLES[n].withJobHistory)).toEqual([
      'views',
    ]);
    expect(RESOURCE_TABLES.views.extraColumns).toEqual(['title', 'lastRan', 'error']);
    expect(RESOURCE_TABLES.views.listPath()).toBe('/settings/views');
    expect(RESOURCE_TABLES.views.itemPath('v1')).toBe('/settings/views/v1');
  });

  it('builds VIEW-01: a page of the views table with the count, default newest first', () => {
    const first = pagedSettingsResourcesRequest({ table: 'views', pageIndex: 0, pageSize: 50 });
    expect(decoded(first.url)).toEqual({
      path: '/api/db/views',
      params: [
        ['select', '*'],
        ['deleted_at', 'is.null'],
        ['limit', '50'],
        ['offset', '0'],
        ['order', 'created_at.desc'],
      ],
    });
    expect(first.prefer).toBe('count=exact');
    const sorted = pagedSettingsResourcesRequest({
      table: 'views',
      pageIndex: 2,
      pageSize: 25,
      sortBy: 'name',
      sortOrder: 'desc',
    });
    expect(decoded(sorted.url).params.slice(2)).toEqual([
      ['limit', '25'],
      ['offset', '50'],
      ['order', 'name.desc'],
    ]);
  });

  it('links scrapers under the catalog and the others under settings', () => {
    expect(RESOURCE_TABLES.config_scrapers.listPath()).toBe('/catalog/scrapers');
    expect(RESOURCE_TABLES.config_scrapers.itemPath('s1')).toBe('/catalog/scrapers/s1');
    expect(RESOURCE_TABLES.teams.listPath()).toBe('/settings/teams');
    expect(RESOURCE_TABLES.incident_rules.itemPath(NEW_RECORD_ID)).toBe(
      '/settings/incident_rules/new',
    );
    expect(RESOURCE_TABLES.topologies.itemPath('t 1')).toBe('/settings/topologies/t%201');
  });

  it('knows only its own tables', () => {
    expect(resourceTable('teams')?.displayName).toBe('Teams');
    expect(resourceTable('people')).toBeUndefined();
    expect(resourceTable('toString')).toBeUndefined();
    expect(resourceTable(undefined)).toBeUndefined();
  });
});

describe('the §21 list request', () => {
  it('reads the view newest first, with the creator, not deleted, at most 100', () => {
    const { path, params } = decoded(listSettingsResourcesRequest({ table: 'teams' }).url);
    expect(path).toBe('/api/db/teams_with_status');
    expect(params).toEqual([
      ['select', '*,created_by(id,name,avatar,email)'],
      ['order', 'created_at.desc'],
      ['deleted_at', 'is.null'],
      ['limit', '100'],
    ]);
  });

  it('embeds the agent for topologies and orders by the sorted column', () => {
    const { path, params } = decoded(
      listSettingsResourcesRequest({ table: 'topologies', sortBy: 'name', sortOrder: 'desc' }).url,
    );
    expect(path).toBe('/api/db/topologies_with_status');
    expect(params).toEqual([
      ['select', '*,created_by(id,name,avatar,email),agent:agent_id(id,name,description)'],
      ['order', 'name.desc'],
      ['deleted_at', 'is.null'],
      ['limit', '100'],
    ]);
  });

  it('lists rules from the table itself', () => {
    const { path } = decoded(
      listSettingsResourcesRequest({ table: 'incident_rules', sortBy: 'name' }).url,
    );
    expect(path).toBe('/api/db/incident_rules');
  });
});
