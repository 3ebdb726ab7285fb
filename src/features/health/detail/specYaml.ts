import { dump } from 'js-yaml';

/**
 * A spec as YAML for the Spec tab. The backend stores specs as JSON (an object, or JSON text);
 * both are shown as YAML. Text that is not JSON is shown as it is; no spec gives ''.
 */
export function specAsYaml(spec: unknown): string {
  if (spec === null || spec === undefined) return '';
  let value: unknown = spec;
  if (typeof spec === 'string') {
    const text = spec.trim();
    if (text === '') return '';
    try {
      value = JSON.parse(text);
    } catch {
      return spec;
    }
    if (typeof value !== 'object' || value === null) return spec;
  }
  return dump(value, { noRefs: true, lineWidth: -1 });
}
