import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router-dom';
import { useRecordPersonAnalyticsMutation } from '../api/endpoints/personAnalytics';
import { selectCurrentUser } from '../auth/sessionSlice';
import { pageVisitKey, routePattern } from '../lib/pageVisits';
import { useAppSelector } from './hooks';

/**
 * Records a visit of the page in `person_analytics` each time the address's path changes (not
 * on a render, nor when only the query changes), once the signed-in user is known. Recording is
 * sent after the page has rendered and its answer is not awaited: a failure is not shown and
 * changes nothing on the page.
 */
export function usePageVisits(): void {
  const { pathname } = useLocation();
  // The shell is a parent route: the page's own match, the last, has every parameter.
  const params = useMatches().at(-1)?.params ?? {};
  const personId = useAppSelector(selectCurrentUser)?.id;
  const [record] = useRecordPersonAnalyticsMutation();
  // The last path recorded for whom: an effect run again for the same visit (StrictMode,
  // another dependency) sends nothing.
  const recorded = useRef<string | null>(null);
  const key = pageVisitKey(routePattern(pathname, params));

  useEffect(() => {
    if (!personId) return;
    const visit = `${personId} ${pathname}`;
    if (recorded.current === visit) return;
    recorded.current = visit;
    void record({ person_id: personId, key });
  }, [personId, pathname, key, record]);
}
