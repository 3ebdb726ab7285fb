import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import {
  array,
  boolean,
  enums,
  is,
  nullable,
  number,
  optional,
  refine,
  string,
  type,
} from 'superstruct';
import { DEFAULT_PAGE_SIZE, isPageSize } from '../lib/listState';
import type { Struct } from 'superstruct';

/** What a recently opened item of the command palette is. */
export const RECENT_ITEM_KINDS = [
  'page',
  'check',
  'config',
  'component',
  'incident',
  'playbook',
  'connection',
  'rule',
  'view',
  'canary',
  'change',
  'team',
] as const;
export type RecentItemKind = (typeof RECENT_ITEM_KINDS)[number];

/** An item opened from the command palette, kept to be offered again. */
export interface RecentItem {
  kind: RecentItemKind;
  id: string;
  name: string;
  /** Where it opens. */
  href: string;
  /** Its type (a config's or check's type), shown beside the name. */
  type?: string | null;
  /** Its namespace or parent. */
  parent?: string | null;
}

/** How many recent items are kept. */
export const RECENT_ITEMS_MAX = 10;

/** How many recent searches are kept, and how long one may be. */
export const RECENT_SEARCHES_MAX = 10;
export const RECENT_SEARCH_LENGTH_MAX = 200;

export const RecentItemStruct = type({
  kind: enums(RECENT_ITEM_KINDS),
  id: string(),
  name: string(),
  href: refine(string(), 'local path', (href) => href.startsWith('/') && !href.startsWith('//')),
  type: optional(nullable(string())),
  parent: optional(nullable(string())),
});

export type DateTimeFormat = 'short' | 'medium' | 'full' | 'timestamp';
export type Theme = 'light' | 'dark';
/** Which state-machine inspector the preference opens: Stately's hosted one or the built-in one. */
export type InspectMode = 'hosted' | 'local';

/** The user's display choices, kept in the browser between visits. */
export interface PreferencesState {
  showHiddenComponents: boolean;
  showDeletedConfigs: boolean;
  /** Width of topology cards in pixels: 250–768, even numbers. */
  topologyCardWidth: number;
  dateTimeFormat: DateTimeFormat;
  /** `browser` (the browser's zone) or an IANA zone name such as `Europe/Berlin`. */
  timezone: string;
  theme: Theme;
  sidebarCollapsed: boolean;
  /** Show the state-machine inspector. */
  inspect: boolean;
  /** Which inspector `inspect` opens. */
  inspectMode: InspectMode;
  /** Rows a page of a paged list shows unless its address says otherwise (spec 002 §9). */
  pageSize: number;
  /** The last items opened from the command palette, most recent first, at most 10. */
  recentItems: RecentItem[];
  /** The kinds the command palette does not search (its per-kind toggles switched off). */
  paletteKindsOff: string[];
  /** The command palette's searches that led to an item, most recent first, at most 10. */
  recentSearches: string[];
}

export const PREFERENCES_STORAGE_KEY = 'mc.preferences.v1';

export const TOPOLOGY_CARD_WIDTH = { min: 250, max: 768, step: 2, default: 554 } as const;

export const DATE_TIME_FORMATS: readonly DateTimeFormat[] = [
  'short',
  'medium',
  'full',
  'timestamp',
];

export const defaultPreferences: PreferencesState = {
  showHiddenComponents: true,
  showDeletedConfigs: false,
  topologyCardWidth: TOPOLOGY_CARD_WIDTH.default,
  dateTimeFormat: 'medium',
  timezone: 'browser',
  theme: 'light',
  sidebarCollapsed: false,
  inspect: false,
  inspectMode: 'hosted',
  pageSize: DEFAULT_PAGE_SIZE,
  recentItems: [],
  paletteKindsOff: [],
  recentSearches: [],
};

/** `text` first (once), trimmed, at most 10; empty or overlong text changes nothing. */
export function withRecentSearch(searches: readonly string[], text: string): string[] {
  const search = text.trim();
  if (search === '' || search.length > RECENT_SEARCH_LENGTH_MAX) return [...searches];
  return [search, ...searches.filter((other) => other !== search)].slice(0, RECENT_SEARCHES_MAX);
}

/** The stored recent searches that are text, de-duplicated, at most 10. */
function loadRecentSearches(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((text): text is string => typeof text === 'string')
    .reduceRight<string[]>((kept, text) => withRecentSearch(kept, text), []);
}

/** `item` first, then the others without its kind and id, at most 10. */
export function withRecentItem(items: readonly RecentItem[], item: RecentItem): RecentItem[] {
  const others = items.filter((other) => other.kind !== item.kind || other.id !== item.id);
  return [item, ...others].slice(0, RECENT_ITEMS_MAX);
}

/** The stored recent items that are valid (others dropped), de-duplicated, at most 10. */
function loadRecentItems(value: unknown): RecentItem[] {
  if (!Array.isArray(value)) return [];
  const valid = value.filter((item): item is RecentItem => is(item, RecentItemStruct));
  return valid
    .reduceRight<RecentItem[]>((kept, item) => withRecentItem(kept, item), [])
    .slice(0, RECENT_ITEMS_MAX);
}

/** Clamped to 250–768 and rounded to the nearest even number; NaN gives the default. */
export function clampCardWidth(width: number): number {
  if (!Number.isFinite(width)) return TOPOLOGY_CARD_WIDTH.default;
  const { min, max, step } = TOPOLOGY_CARD_WIDTH;
  const clamped = Math.min(max, Math.max(min, width));
  return Math.round(clamped / step) * step;
}

/** `browser`, or a zone name this browser's Intl knows. */
export function isTimezone(value: string): boolean {
  if (value === 'browser') return true;
  if (value.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** One struct per field, so a bad field in storage loses only itself. */
const fieldStructs: { [K in keyof PreferencesState]: Struct<PreferencesState[K], unknown> } = {
  showHiddenComponents: boolean(),
  showDeletedConfigs: boolean(),
  topologyCardWidth: number(),
  dateTimeFormat: enums(DATE_TIME_FORMATS),
  timezone: string(),
  theme: enums(['light', 'dark'] as const),
  sidebarCollapsed: boolean(),
  inspect: boolean(),
  inspectMode: enums(['hosted', 'local'] as const),
  pageSize: refine(number(), 'page size', isPageSize),
  recentItems: array(RecentItemStruct),
  paletteKindsOff: array(string()),
  recentSearches: array(string()),
};

function field<K extends keyof PreferencesState>(
  stored: Record<string, unknown>,
  key: K,
): PreferencesState[K] {
  const value = stored[key];
  return is(value, fieldStructs[key]) ? value : defaultPreferences[key];
}

/**
 * Preferences from storage. Anything unreadable (no storage, no value, bad JSON, not an
 * object) gives the defaults; a field of the wrong type or out of range gives that field's
 * default.
 */
export function loadPreferences(storage: Storage | undefined): PreferencesState {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(PREFERENCES_STORAGE_KEY) ?? null;
  } catch {
    return defaultPreferences;
  }
  if (raw === null) return defaultPreferences;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return defaultPreferences;
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    return defaultPreferences;
  }
  const record = stored as Record<string, unknown>;
  const width = field(record, 'topologyCardWidth');
  const timezone = field(record, 'timezone');
  return {
    showHiddenComponents: field(record, 'showHiddenComponents'),
    showDeletedConfigs: field(record, 'showDeletedConfigs'),
    topologyCardWidth: clampCardWidth(width),
    dateTimeFormat: field(record, 'dateTimeFormat'),
    timezone: isTimezone(timezone) ? timezone : defaultPreferences.timezone,
    theme: field(record, 'theme'),
    sidebarCollapsed: field(record, 'sidebarCollapsed'),
    inspect: field(record, 'inspect'),
    inspectMode: field(record, 'inspectMode'),
    pageSize: field(record, 'pageSize'),
    recentItems: loadRecentItems(record.recentItems),
    paletteKindsOff: field(record, 'paletteKindsOff'),
    recentSearches: loadRecentSearches(record.recentSearches),
  };
}

/** Writes preferences; a full or forbidden storage is ignored (they last for the visit). */
export function savePreferences(storage: Storage | undefined, state: PreferencesState): void {
  try {
    storage?.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Private browsing or quota: nothing to do, the in-memory state still applies.
  }
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: defaultPreferences,
  reducers: {
    showHiddenComponentsSet(state, action: PayloadAction<boolean>) {
      state.showHiddenComponents = action.payload;
    },
    showDeletedConfigsSet(state, action: PayloadAction<boolean>) {
      state.showDeletedConfigs = action.payload;
    },
    topologyCardWidthSet(state, action: PayloadAction<number>) {
      state.topologyCardWidth = clampCardWidth(action.payload);
    },
    dateTimeFormatSet(state, action: PayloadAction<DateTimeFormat>) {
      state.dateTimeFormat = action.payload;
    },
    /** An unknown zone name is ignored. */
    timezoneSet(state, action: PayloadAction<string>) {
      if (isTimezone(action.payload)) state.timezone = action.payload;
    },
    themeSet(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
    sidebarCollapsedSet(state, action: PayloadAction<boolean>) {
      state.sidebarCollapsed = action.payload;
    },
    sidebarToggled(state) {
      state.sidebarCollapsed = !state.sidebarCollapsed;
    },
    inspectSet(state, action: PayloadAction<boolean>) {
      state.inspect = action.payload;
    },
    inspectModeSet(state, action: PayloadAction<InspectMode>) {
      state.inspectMode = action.payload;
    },
    /** Opens the built-in flow inspector (the command palette's action). */
    localInspectorOpened(state) {
      state.inspect = true;
      state.inspectMode = 'local';
    },
    /** A size the lists do not offer is ignored. */
    pageSizeSet(state, action: PayloadAction<number>) {
      if (isPageSize(action.payload)) state.pageSize = action.payload;
    },
    /** An item opened from the command palette goes first (once), the oldest beyond 10 out. */
    recentItemOpened(state, action: PayloadAction<RecentItem>) {
      if (!is(action.payload, RecentItemStruct)) return;
      state.recentItems = withRecentItem(state.recentItems, action.payload);
    },
    /** A kind of the command palette switched off, or on again. */
    paletteKindToggled(state, action: PayloadAction<string>) {
      const kind = action.payload;
      state.paletteKindsOff = state.paletteKindsOff.includes(kind)
        ? state.paletteKindsOff.filter((other) => other !== kind)
        : [...state.paletteKindsOff, kind];
    },
    /** A palette search that led to an item goes first in the search history. */
    searchRemembered(state, action: PayloadAction<string>) {
      state.recentSearches = withRecentSearch(state.recentSearches, action.payload);
    },
    searchHistoryCleared(state) {
      state.recentSearches = [];
    },
    preferencesReset() {
      return defaultPreferences;
    },
  },
  selectors: {
    selectPreferences: (state) => state,
  },
});

export const {
  showHiddenComponentsSet,
  showDeletedConfigsSet,
  topologyCardWidthSet,
  dateTimeFormatSet,
  timezoneSet,
  themeSet,
  sidebarCollapsedSet,
  sidebarToggled,
  inspectSet,
  inspectModeSet,
  localInspectorOpened,
  pageSizeSet,
  recentItemOpened,
  paletteKindToggled,
  searchRemembered,
  searchHistoryCleared,
  preferencesReset,
} = preferencesSlice.actions;

export const { selectPreferences } = preferencesSlice.selectors;
