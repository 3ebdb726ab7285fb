/**
 * The catalog changes request (CAT-19) the console sends for a page opened without any
 * parameter: the last two days, 50 rows, newest first, the configs alone, deleted ones left out.
 */
export const DEFAULT_CHANGES_BODY = {
  from: 'now-2d',
  to: 'now',
  page_size: 50,
  sort_by: '-created_at',
  recursive: 'none',
  include_deleted_configs: false,
};
