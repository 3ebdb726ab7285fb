import { demoSuite } from './support';

/**
 * Embedding from views, as api.md's requests do it: PostgREST finds a view's relationships
 * through the base-table keys its columns project (renamed or not, through joins), so each of
 * these answers 200 on the seeded estate with the embedded record filled in on some row.
 */
const EMBEDS: Array<[string, string, string]> = [
  // catalog
  [
    'analysis_by_component',
    'select=analysis_id,config:configs(id,name,analysis:config_analysis(id))',
    'config',
  ],
  ['config_analysis_items', 'select=id,config:configs(id,name,type)', 'config'],
  ['config_changes_items', 'select=id,config:config_names!inner(id,name,type)', 'config'],
  // topology
  ['changes_by_component', 'select=id,config:configs(id,name)', 'config'],
  ['topologies_with_status', 'select=id,created_by(id,name),agent:agent_id(id,name)', 'agent'],
  // notifications
  [
    'notifications_summary',
    'select=id,person:person_id(id,name),team:team_id(id,name,icon),created_by(id,name)',
    'created_by',
  ],
  ['notifications_summary', 'select=id,team:team_id(id,name,icon)', 'team'],
  // settings
  ['config_scrapers_with_status', 'select=id,created_by(id,name),agent:agent_id(id,name)', 'agent'],
  ['agents_summary', 'select=id,created_by(id,name)', 'created_by'],
  ['permissions_summary', 'select=id,created_by(id,name)', 'created_by'],
];

describe('embedding from views', () => {
  const demo = demoSuite(['admin']);

  it.each(EMBEDS)('%s?%s', async (view, select, filled) => {
    const answer = await demo.send('GET', `/api/db/${view}?${select}&limit=200`, demo.as('admin'));
    expect(answer.statusCode).toBe(200);
    const rows = answer.json<Array<Record<string, unknown>>>();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row[filled] !== null && row[filled] !== undefined)).toBe(true);
  });
});
