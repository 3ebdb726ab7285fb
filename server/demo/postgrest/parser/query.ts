import { parseError } from '../errors';
import type { Filter, LogicNode, OrderTerm, SelectItem } from './ast';
import { parseFieldText, splitDotted } from './field';
import { parseOperatorExpression } from './filter';
import { parseLogicTree } from './logic';
import { parseOrder } from './order';
import { SyntaxFailure } from './scanner';
import { parseSelect } from './select';

/** Path of embed names (aliases or relation names) from the root; [] is the root. */
export type EmbedPath = string[];

export interface ParsedQuery {
  /** Items of every `select` parameter, merged in order; null when none was given. */
  select: SelectItem[] | null;
  filters: Array<{ path: EmbedPath; filter: Filter }>;
  logic: Array<{ path: EmbedPath; tree: LogicNode }>;
  /** Per embed path (joined with '.'), the last `order` given. */
  order: Map<string, { path: EmbedPath; terms: OrderTerm[] }>;
  limit: Map<string, { path: EmbedPath; value: number }>;
  offset: Map<string, { path: EmbedPath; value: number }>;
  /** `columns=a,b` restricts the keys an insert uses. */
  columns: string[] | null;
  onConflict: string | null;
}

function unquote(segment: string, key: string): string {
  return wrap('embed path', key, () => {
    const field = parseFieldText(segment);
    if (field.path.length > 0) throw new SyntaxFailure('an embed path cannot hold a JSON path');
    return field.name;
  });
}

const MAX_RANGE_DIGITS = 15;

function parseCount(what: 'limit' | 'offset', value: string): number {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed) || trimmed.length > MAX_RANGE_DIGITS) {
    throw parseError(what, value, `${what} must be a non-negative integer`);
  }
  return Number(trimmed);
}

function wrap<T>(what: string, value: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof SyntaxFailure) throw parseError(what, value, error.message);
    throw error;
  }
}

/**
 * Sorts query parameters into select, filters, logic trees, order and ranges, the way
 * PostgREST reads them: `select` values are merged, and for `order`, `limit` and `offset` the
 * last occurrence wins; everything that is not reserved is a filter `[embed.]column=op.value`.
 */
export function parseQuery(params: Iterable<[string, string]>): ParsedQuery {
  const parsed: ParsedQuery = {
    select: null,
    filters: [],
    logic: [],
    order: new Map(),
    limit: new Map(),
    offset: new Map(),
    columns: null,
    onConflict: null,
  };
  for (const [key, value] of params) {
    if (key === 'select') {
      const items = wrap('select parameter', value, () => parseSelect(value));
      parsed.select = [...(parsed.select ?? []), ...items];
      continue;
    }
    if (key === 'columns') {
      parsed.columns = wrap('columns parameter', value, () =>
        value.split(',').map((part) => parseFieldText(part.trim()).name),
      );
      continue;
    }
    if (key === 'on_conflict') {
      parsed.onConflict = value;
      continue;
    }
    const segments = splitDotted(key);
    const last = segments[segments.length - 1] ?? '';
    if (last === 'order' || last === 'limit' || last === 'offset') {
      const path = segments.slice(0, -1).map((segment) => unquote(segment, key));
      const pathKey = path.join('.');
      if (last === 'order') {
        const terms = wrap('order parameter', value, () => parseOrder(value));
        parsed.order.set(pathKey, { path, terms });
      } else {
        parsed[last].set(pathKey, { path, value: parseCount(last, value) });
      }
      continue;
    }
    if (last === 'or' || last === 'and') {
      const negate = segments[segments.length - 2] === 'not';
      const path = segments.slice(0, negate ? -2 : -1).map((segment) => unquote(segment, key));
      const tree = wrap('logic tree', `${key}=${value}`, () => parseLogicTree(last, negate, value));
      parsed.logic.push({ path, tree });
      continue;
    }
    const jsonAt = segments.findIndex((segment) => segment.includes('->'));
    const fieldAt = jsonAt === -1 ? segments.length - 1 : jsonAt;
    const path = segments.slice(0, fieldAt).map((segment) => unquote(segment, key));
    const fieldText = segments.slice(fieldAt).join('.');
    const field = wrap('filter', key, () => parseFieldText(fieldText, true));
    const expression = wrap('filter', `${key}=${value}`, () => parseOperatorExpression(value));
    parsed.filters.push({ path, filter: { field, ...expression } });
  }
  return parsed;
}
