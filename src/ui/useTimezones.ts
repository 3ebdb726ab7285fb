import type { MomentTimezone } from 'moment-timezone';
import { loadTimezones } from '../lib/zoneRules';
import { useLoaded } from './useLoaded';

/**
 * moment's time zones (`moment.tz`), loaded on first use while `wanted`; undefined until they
 * have loaded.
 */
export function useTimezones(wanted = true): MomentTimezone | undefined {
  return useLoaded(loadTimezones, wanted);
}
