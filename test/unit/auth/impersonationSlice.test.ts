import { baseApi } from '../../../src/api/baseApi';
import {
  impersonationEnded,
  impersonationSlice,
  impersonationStarted,
  scopeHeaderValue,
} from '../../../src/auth/impersonationSlice';

const RUNBOOKS = { id: 's-1', name: 'runbooks', namespace: 'sre' };
const PROD = { id: 's-2', name: 'production-catalog', namespace: null };

/** whoami answered for a user, as RTK Query dispatches it. */
function whoamiOf(userId: string) {
  return {
    type: `${baseApi.reducerPath}/executeQuery/fulfilled`,
    payload: { user: { id: userId, name: 'Someone' }, roles: [], permissions: [] },
    meta: {
      arg: {
        type: 'query',
        endpointName: 'getWhoami',
        originalArgs: undefined,
        queryCacheKey: 'getWhoami(undefined)',
      },
      requestId: 'r-1',
      requestStatus: 'fulfilled',
      fulfilledTimeStamp: 0,
      baseQueryMeta: undefined,
    },
  };
}

describe('impersonation state', () => {
  const reduce = impersonationSlice.reducer;

  it('sends the Scopes’ ids as the header while it lasts', () => {
    let state = reduce(
      undefined,
      impersonationStarted({ scopes: [RUNBOOKS, PROD], userId: 'u-1' }),
    );
    expect(scopeHeaderValue(state)).toBe('["s-1","s-2"]');
    state = reduce(state, impersonationEnded());
    expect(scopeHeaderValue(state)).toBeUndefined();
  });

  it('ends when someone else signs in on the tab, and lasts for the one who started it', () => {
    const started = reduce(undefined, impersonationStarted({ scopes: [RUNBOOKS], userId: 'u-1' }));
    expect(reduce(started, whoamiOf('u-1')).scopes).toEqual([RUNBOOKS]);
    expect(reduce(started, whoamiOf('u-2')).scopes).toEqual([]);
  });
});
