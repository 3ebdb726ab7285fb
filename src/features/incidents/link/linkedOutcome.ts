import type { SettledOutcome } from '../../../api/outcomes';
import { paths } from '../../../shell/paths';

/** The success toast's words, before the incident's title. */
export const LINKED_MESSAGE = 'Evidence linked to';

/** The toast's link to the incident. */
export const OPEN_INCIDENT = 'Open incident';

/**
 * What a successful link tells (spec 002 §4.1): "Evidence linked to <incident>", with a link
 * to `/incidents/{id}`, for the outcome toasts' 5000 ms.
 */
export function linkedOutcome(incidentId: string, title: string): SettledOutcome {
  return {
    kind: 'success',
    message: `${LINKED_MESSAGE} ${title.trim() || 'the incident'}`,
    action: { text: OPEN_INCIDENT, href: paths.incident.getHref(incidentId) },
  };
}
