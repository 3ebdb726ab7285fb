import type { UrlStateOf } from '../../../lib/urlState';
import { defineUrlState, dialogId, list, oneOf, repeated, text } from '../../../lib/urlState';
import { isPair } from './model/queryText';

/** A `key=value` item of a labels, tags or properties field: one parameter each. */
const pairs = (param: string) =>
  repeated<string>({
    param,
    parse: (item) => (isPair(item) ? item : undefined),
    format: (item) => item,
    key: (item) => item,
  });

/**
 * The queries page in the address: the builder's fields (`type`, `health`, `status`, and one
 * `label=`, `tag=` or `property=` per `key=value`), the query whose rows are listed (`q`, as
 * sent to CAT-38) with the saved query it came from (`saved`), and the open dialog (`save=1`,
 * `rename={id}`). A link to `?q=…` (or `?saved=…&q=…`) reopens the same list.
 */
export const QUERY_PAGE_STATE = defineUrlState({
  type: text(),
  health: list(),
  status: text(),
  labels: pairs('label'),
  tags: pairs('tag'),
  properties: pairs('property'),
  q: text({ history: 'push' }),
  saved: text({ history: 'push' }),
  save: oneOf(['1'], { history: 'push' }),
  rename: dialogId(),
});

export type QueryPageState = UrlStateOf<typeof QUERY_PAGE_STATE.fields>;
