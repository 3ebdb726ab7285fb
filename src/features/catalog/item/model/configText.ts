import { dump } from 'js-yaml';

/** How the Spec tab writes the item's document. */
export type ConfigFormat = 'yaml' | 'json';

/**
 * The document as a value: JSON text is parsed; other text stays text. Missing, blank and
 * empty objects or arrays give undefined (nothing to show).
 */
export function configValue(config: unknown): unknown {
  let value = config;
  if (typeof config === 'string') {
    const text = config.trim();
    if (text === '') return undefined;
    try {
      value = JSON.parse(text);
    } catch {
      return config;
    }
  }
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value) && value.length === 0) return undefined;
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) {
    return undefined;
  }
  return value;
}

/** The document as YAML or as indented JSON; '' when there is nothing to show. */
export function configText(config: unknown, format: ConfigFormat): string {
  const value = configValue(config);
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (format === 'json') return JSON.stringify(value, null, 2);
  return dump(value, { noRefs: true, lineWidth: -1, sortKeys: false });
}
