import { useCallback, useState } from 'react';

/**
 * A value shown while a change to it is on its way to the server: `value` is the pending one
 * until the server's value changes (the change landed, or someone else's did) or `clear` is
 * called (the change failed).
 */
export function usePendingValue<T>(server: T) {
  const [pending, setPending] = useState<{ value: T } | undefined>(undefined);
  const [seen, setSeen] = useState(server);
  if (!Object.is(seen, server)) {
    // A new value from the server wins over what was waiting for it.
    setSeen(server);
    setPending(undefined);
  }
  const set = useCallback((value: T) => setPending({ value }), []);
  const clear = useCallback(() => setPending(undefined), []);
  return { value: pending ? pending.value : server, pending: pending !== undefined, set, clear };
}
