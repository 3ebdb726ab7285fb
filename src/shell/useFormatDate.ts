import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import type { DateFormat, DateInput } from '../lib/dates';
import { formatDate } from '../lib/dates';
import { selectPreferences } from './preferencesSlice';

export type FormatDateFn = (value: DateInput, format?: DateFormat) => string;

/**
 * Formats dates in the user's preferred format and time zone; every date the console shows
 * goes through it. `format` overrides the preferred format (for compact table cells).
 */
export function useFormatDate(): FormatDateFn {
  const { dateTimeFormat, timezone } = useSelector(selectPreferences);
  return useCallback(
    (value, format = dateTimeFormat) => formatDate(value, { format, timezone }),
    [dateTimeFormat, timezone],
  );
}
