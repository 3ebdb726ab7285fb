/** A tri-state choice: neutral (0), include (1) or exclude (-1). */
export type TriState = -1 | 0 | 1;

/** The chosen items of a tri-state filter: item → 1 (include) or -1 (exclude). */
export type TriStateMap = Record<string, 1 | -1>;

/** The next state after clicking the include (1) or exclude (-1) control. */
export function nextTriState(current: TriState, clicked: 1 | -1): TriState {
  return current === clicked ? 0 : clicked;
}

/** The key part of a `key=value` or `key:value` tag item (the whole item without either). */
export function tagPrefix(item: string): string {
  const at = item.search(/[=:]/);
  return at === -1 ? item : item.slice(0, at);
}

export interface ApplyTriStateOptions {
  /**
   * Tag-style dropdown: including an item removes every other item with the same tag key;
   * excluding one keeps the others. Default false: a regular dropdown, where choosing a state
   * removes the items that have the other state.
   */
  tagStyle?: boolean;
}

/** The selection after setting `item` to `state` (0 removes it). The input is not changed. */
export function applyTriState(
  map: TriStateMap,
  item: string,
  state: TriState,
  options: ApplyTriStateOptions = {},
): TriStateMap {
  const next: TriStateMap = {};
  if (state === 0) {
    for (const [key, value] of Object.entries(map)) if (key !== item) next[key] = value;
    return next;
  }
  const prefix = tagPrefix(item);
  for (const [key, value] of Object.entries(map)) {
    if (key === item) continue;
    const keep = options.tagStyle ? state === -1 || tagPrefix(key) !== prefix : value === state;
    if (keep) next[key] = value;
  }
  next[item] = state;
  return next;
}

/** An item as written in the URL: `:` becomes `____` and `,` becomes `||||`. */
export function encodeTriStateItem(value: string): string {
  return value.replaceAll(':', '____').replaceAll(',', '||||');
}

/** The item of a URL entry: `____` becomes `:` and `||||` becomes `,`. */
export function decodeTriStateItem(encoded: string): string {
  return encoded.replaceAll('____', ':').replaceAll('||||', ',');
}

/** The URL form of a selection: `a:1,b:-1`, items encoded; empty for no selection. */
export function triStateToUrl(map: TriStateMap): string {
  return Object.entries(map)
    .map(([item, state]) => `${encodeTriStateItem(item)}:${state}`)
    .join(',');
}

/**
 * The selection written in a URL value (`a:1,b:-1`). Entries without an item or with a state
 * other than 1 or -1 are ignored; a later entry for the same item wins.
 */
export function triStateFromUrl(value: string | null | undefined): TriStateMap {
  const map: TriStateMap = {};
  if (!value) return map;
  for (const entry of value.split(',')) {
    const at = entry.lastIndexOf(':');
    if (at <= 0) continue;
    const state = entry.slice(at + 1).trim();
    if (state !== '1' && state !== '-1') continue;
    map[decodeTriStateItem(entry.slice(0, at))] = state === '1' ? 1 : -1;
  }
  return map;
}

export interface TriStateQueryOptions {
  /** URI-encode each entry (`!a b` → `!a%20b`). Default false. */
  uriEncode?: boolean;
}

/**
 * The backend filter form of a selection: included items as they are, excluded ones with a
 * leading `!` (`a,!b`); empty for no selection.
 */
export function triStateToQuery(map: TriStateMap, options: TriStateQueryOptions = {}): string {
  return Object.entries(map)
    .map(([item, state]) => {
      const entry = state === -1 ? `!${item}` : item;
      return options.uriEncode ? encodeURIComponent(entry) : entry;
    })
    .join(',');
}

/** The items of a selection with the given state, in selection order. */
export function triStateItems(map: TriStateMap, state: 1 | -1): string[] {
  return Object.entries(map)
    .filter(([, value]) => value === state)
    .map(([item]) => item);
}
