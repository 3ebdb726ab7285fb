import type { SpecCodec } from '../../../../machines/editors/typePicker';
import { loadOnce } from '../../../lib/loadOnce';

/**
 * The spec's YAML (`./specYaml`, js-yaml with it), loaded once: the editor loads it on the way to
 * the code, so a visit that stays on the form never downloads it.
 */
export const loadSpecYaml = loadOnce(() => import('./specYaml'));

function loadedSpecYaml() {
  const loaded = loadSpecYaml.now();
  if (!loaded) throw new Error('The spec YAML is used before it has loaded');
  return loaded;
}

/** The `typePicker` machine's codec: the loaded `specYamlCodec`, asked only once it is there. */
export const lazySpecCodec: SpecCodec = {
  toYaml: (spec) => loadedSpecYaml().specYamlCodec.toYaml(spec),
  parse: (text) => loadedSpecYaml().specYamlCodec.parse(text),
};
