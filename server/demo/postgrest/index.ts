export { PostgrestEngine } from './engine';
export type { PostgrestEngineOptions } from './engine';
export { postgrestPlugin } from './plugin';
export type { AuthorizeResult, PostgrestPluginOptions } from './plugin';
export { PostgrestError } from './errors';
export { applyFilterExtension, DATE_FILTER_FIELDS } from './filterExtension';
export type {
  PostgrestErrorBody,
  PostgrestMethod,
  PostgrestRequest,
  PostgrestResponse,
  RowNarrowing,
  SqlClient,
} from './types';
