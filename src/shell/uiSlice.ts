import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** Transient, shared UI state (not persisted). */
export interface UiState {
  /**
   * Refresh counters by key (e.g. `health`, `topology`): a page's refresh button bumps its
   * counter, and views that depend on the key refetch when it changes.
   */
  refresh: Record<string, number>;
}

export const initialUiState: UiState = { refresh: {} };

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    bumpRefresh(state, action: PayloadAction<string>) {
      state.refresh[action.payload] = (state.refresh[action.payload] ?? 0) + 1;
    },
  },
  selectors: {
    /** 0 until the key was first bumped. */
    selectRefreshCount: (state, key: string): number => state.refresh[key] ?? 0,
  },
});

export const { bumpRefresh } = uiSlice.actions;
export const { selectRefreshCount } = uiSlice.selectors;
