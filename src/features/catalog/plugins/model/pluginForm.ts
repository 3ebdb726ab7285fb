/**
 * A scrape plugin's form values (name, namespace and the spec as YAML) to and from the stored
 * row and what is written. Pure.
 */
import type { ScrapePluginValues } from '../../../../api/endpoints/scrapePlugins';
import type { ScrapePluginRow } from '../../../../api/schemas/scrapePlugins';
import type { SpecRecordValues } from '../../../../ui/form/specRecord';
import { specToYaml, yamlToSpec } from '../../../../ui/form/specRecord';

/** The namespace of a new plugin unless the user says otherwise. */
export const DEFAULT_PLUGIN_NAMESPACE = 'default';

/** The form's values of a stored plugin, or of a new one. */
export function pluginFormValues(plugin: ScrapePluginRow | undefined): SpecRecordValues {
  return {
    name: plugin?.name ?? '',
    namespace: plugin ? (plugin.namespace ?? '') : DEFAULT_PLUGIN_NAMESPACE,
    spec: specToYaml(plugin?.spec),
  };
}

/** What the form writes: the name and namespace trimmed (a blank namespace is none), the spec parsed. */
export function pluginValues(values: SpecRecordValues): ScrapePluginValues {
  const namespace = values.namespace?.trim() ?? '';
  return {
    name: (values.name ?? '').trim(),
    namespace: namespace === '' ? null : namespace,
    spec: yamlToSpec(values.spec),
  };
}
