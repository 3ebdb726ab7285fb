import { useEffect, useState } from 'react';
import type { MomentTimezone } from 'moment-timezone';
import { loadTimezones, timezones } from '../lib/zoneRules';

/**
 * moment's time zones (`moment.tz`), loaded on first use while `wanted`; undefined until they
 * have loaded.
 */
export function useTimezones(wanted = true): MomentTimezone | undefined {
  const [zones, setZones] = useState<MomentTimezone | undefined>(() => timezones());
  useEffect(() => {
    if (!wanted || zones) return;
    let live = true;
    void loadTimezones().then((loaded) => {
      // `moment.tz` is a function: the updater form keeps it from being called.
      if (live) setZones(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted, zones]);
  return zones;
}
