import type { InsightFilters } from '../../../../api/endpoints/catalogInsights';
import type { UrlStateOf } from '../../../../lib/urlState';
import { defineUrlState, text } from '../../../../lib/urlState';
import { SEVERITIES } from '../../../../../contracts/severities';
import { ownedField } from '../../../../widgets/ownedByMyTeams';

/** The states an insight can be in. */
export const INSIGHT_STATUSES = ['open', 'resolved', 'silenced'] as const;

/** The severities an insight can have, most severe first: the shared `contracts/severities.ts`. */
export const INSIGHT_SEVERITIES = SEVERITIES;

const filter = () => text({ trim: true, filter: true, history: 'push' });

/**
 * The insights page's filters in the address (the list's page and sort are `useListPage`'s);
 * a change goes back to the first page. `component`: the insights of the configs linked to
 * one topology component, which the page reads whole (CAT-29) and filters, sorts and pages in
 * the browser. `owned=mine`: insights of configs the user's teams own (read from the server).
 */
export const INSIGHT_FILTERS = defineUrlState({
  status: filter(),
  type: filter(),
  severity: filter(),
  analyzer: filter(),
  configType: filter(),
  component: filter(),
  configId: filter(),
  owned: ownedField(),
});

/** The page's filters as its address holds them. */
export type InsightsUrlFilters = UrlStateOf<typeof INSIGHT_FILTERS.fields> & InsightFilters;
