import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { INSIGHT_PARAM } from '../item/tabs/InsightDialog';
import type { InsightsUrlFilters } from './model/insightsParams';
import {
  clearInsightFilters,
  readInsightFilters,
  writeInsightFilters,
} from './model/insightsParams';

/**
 * The insights page's state in the address: its filters, and the insight open in the dialog
 * (`insightId`). Changing a filter goes back to the first page.
 */
export function useInsightFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readInsightFilters(params), [params]);
  const update = useCallback(
    (changes: Partial<InsightsUrlFilters>) =>
      setParams((current) => writeInsightFilters(current, changes)),
    [setParams],
  );
  const clear = useCallback(
    () => setParams((current) => clearInsightFilters(current)),
    [setParams],
  );
  const openId = params.get(INSIGHT_PARAM);
  const setOpenId = useCallback(
    (id: string | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(INSIGHT_PARAM, id);
        else next.delete(INSIGHT_PARAM);
        return next;
      }),
    [setParams],
  );
  return { filters, update, clear, openId, setOpenId };
}
