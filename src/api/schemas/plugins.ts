import { array, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { maybe, optionalText, rowTimes } from './fields';

/**
 * The parts of a plugin's spec (Mission Control's `PluginSpec`) the console shows: where its
 * binary comes from (`source`) or, for a remote plugin, the address it is dialled at; the
 * version asked for and a description. Other fields are tolerated.
 */
export const PluginSpecStruct = type({
  source: optionalText(),
  address: optionalText(),
  version: optionalText(),
  description: optionalText(),
});

/** A row of the `plugins` table (duty schema/plugins.hcl) as PostgREST returns it. */
export const PluginRowStruct = type({
  id: string(),
  name: string(),
  namespace: optionalText(),
  source: optionalText(),
  spec: maybe(PluginSpecStruct),
  installed_path: optionalText(),
  plugin_version: optionalText(),
  ...rowTimes,
});
export type PluginRow = Infer<typeof PluginRowStruct>;

export const PluginRowsStruct = array(PluginRowStruct);
