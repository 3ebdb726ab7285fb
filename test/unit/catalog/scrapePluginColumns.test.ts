import type { ScrapePluginRow } from '../../../src/api/schemas/scrapePlugins';
import {
  pluginCreator,
  pluginName,
  pluginSortValue,
  pluginTransforms,
} from '../../../src/features/catalog/plugins/scrapePluginColumns';
import {
  pluginFormValues,
  pluginValues,
} from '../../../src/features/catalog/plugins/model/pluginForm';

const plugin = (fields: Partial<ScrapePluginRow>): ScrapePluginRow => ({
  id: 'p-1',
  spec: null,
  ...fields,
});

describe('scrape plugin columns', () => {
  it('name the parts of the spec that do something, in the spec’s order', () => {
    expect(
      pluginTransforms({
        aliases: [{ type: 'Kubernetes::Pod' }],
        changes: { exclude: ['true'] },
        retention: {},
        relationship: [],
        properties: [{ name: 'Runbook' }],
      }),
    ).toBe('Changes, Properties, Aliases');
    expect(pluginTransforms({})).toBe('');
    expect(pluginTransforms(null)).toBe('');
    expect(pluginTransforms(['changes'])).toBe('');
  });

  it('name the creator, the plugin and sort values', () => {
    expect(pluginCreator(plugin({ created_by: { name: 'Ada', email: 'a@x' } }))).toBe('Ada');
    expect(pluginCreator(plugin({ created_by: { name: null, email: 'a@x' } }))).toBe('a@x');
    expect(pluginCreator(plugin({ created_by: 'p-9' }))).toBe('');
    expect(pluginName(plugin({ name: null }))).toBe('p-1');
    const row = plugin({ name: 'b', namespace: 'ns', created_at: '2026-01-01', updated_at: null });
    expect(pluginSortValue(row, 'namespace')).toBe('ns');
    expect(pluginSortValue(row, 'updated_at')).toBe('2026-01-01');
    expect(pluginSortValue(row, 'name')).toBe('b');
  });
});

describe('scrape plugin form values', () => {
  it('start a new plugin in the default namespace with an empty spec', () => {
    expect(pluginFormValues(undefined)).toEqual({ name: '', namespace: 'default', spec: '' });
  });

  it('show a stored plugin’s spec as YAML, and write it back trimmed and parsed', () => {
    const values = pluginFormValues(
      plugin({ name: 'noise', namespace: null, spec: { changes: { exclude: ['true'] } } }),
    );
    expect(values).toEqual({
      name: 'noise',
      namespace: '',
      spec: "changes:\n  exclude:\n    - 'true'\n",
    });
    expect(pluginValues({ ...values, name: ' noise ', namespace: '  ' })).toEqual({
      name: 'noise',
      namespace: null,
      spec: { changes: { exclude: ['true'] } },
    });
    expect(pluginValues({ name: 'x', namespace: ' platform ', spec: '# nothing yet\n' })).toEqual({
      name: 'x',
      namespace: 'platform',
      spec: {},
    });
  });
});
