import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ApiExtra } from './baseQuery';

/**
 * The address of the backend the console calls directly (hosted mode with a direct
 * organisation), or null when requests go through this console's `/api`.
 */
export function directBackendUrl(): ThunkAction<string | null, unknown, ApiExtra, UnknownAction> {
  return (_dispatch, _getState, extra) => extra.getBackend?.()?.baseUrl ?? null;
}
