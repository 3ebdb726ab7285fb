import { errorStatus } from '../../../api/errors';
import type { GetSilenceWindowsArgs } from '../../../api/endpoints/notificationSilences';
import { useGetSilenceWindowsQuery } from '../../../api/endpoints/notificationSilences';

/** The probe: a schedule every backend with maintenance windows can read, with no target. */
export const RECURRENCE_PROBE: GetSilenceWindowsArgs = { schedule: '0 0 * * *', duration: '1h' };

/** Whether the backend has recurring silences, as far as is known yet. */
export interface RecurringSilences {
  /** The probe answered: the Repeats switch and the Next window column are offered. */
  supported: boolean;
  /** The backend has none: the windows endpoint answered 404 (Mission Control). */
  unsupported: boolean;
}

/**
 * Whether recurring silences (maintenance windows) can be offered, from one cheap probe of the
 * windows endpoint (cached, shared by the list, the form and the dialog). Mission Control has
 * no such endpoint and answers 404; until the probe has answered, and after any other failure,
 * nothing about recurrence is shown either.
 */
export function useRecurringSilences(): RecurringSilences {
  const { isSuccess, error } = useGetSilenceWindowsQuery(RECURRENCE_PROBE);
  return { supported: isSuccess, unsupported: errorStatus(error) === 404 };
}
