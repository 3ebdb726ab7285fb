import type * as JsYaml from 'js-yaml';
import { loadOnce } from './loadOnce';

/**
 * js-yaml (about 17 KB compressed), loaded when YAML is first read or written: a page that
 * only takes YAML from the user loads it when the user starts typing it.
 */
export const loadYaml = loadOnce<typeof JsYaml>(
  () => import(/* webpackChunkName: "js-yaml" */ 'js-yaml'),
);

/** Why `text` is not valid YAML (the parser's first line), or undefined when it parses. */
export function yamlSyntaxError(yaml: typeof JsYaml, text: string): string | undefined {
  try {
    yaml.load(text);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return `Invalid YAML: ${reason}`;
  }
}
