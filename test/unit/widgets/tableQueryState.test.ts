import { ERROR_MESSAGES, httpError, networkError } from '../../../src/api/errors';
import { queryViewState, tableQueryState } from '../../../src/widgets/tableQueryState';

const idle = { isLoading: false, isFetching: false, error: undefined, refetch: () => undefined };

describe('tableQueryState', () => {
  it('is loading during the first load and retrying while any request is under way', () => {
    expect(tableQueryState({ ...idle, isLoading: true, isFetching: true })).toMatchObject({
      loading: true,
      retrying: true,
      error: undefined,
    });
    expect(tableQueryState({ ...idle, isFetching: true })).toMatchObject({
      loading: false,
      retrying: true,
    });
    expect(tableQueryState(idle)).toMatchObject({ loading: false, retrying: false });
  });

  it.each([
    [httpError(500, { error: 'database is down' }), 'database is down'],
    [networkError(), networkError().message],
    ['plain words', 'plain words'],
    [{}, ERROR_MESSAGES.generic],
  ])('reads the failure %j as the server says it: %j', (error, message) => {
    expect(tableQueryState({ ...idle, error }).error).toBe(message);
  });

  it('has no error without a failure', () => {
    expect(tableQueryState({ ...idle, error: undefined }).error).toBeUndefined();
    expect(tableQueryState({ ...idle, error: null }).error).toBeUndefined();
  });

  it('reads the failure with the reader given', () => {
    const readError = jest.fn((error: unknown) => `failed: ${String(error)}`);
    expect(tableQueryState({ ...idle, error: 'boom' }, readError).error).toBe('failed: boom');
    expect(readError).toHaveBeenCalledWith('boom');
  });

  it('retries by refetching, each time Retry is pressed, and returns nothing', () => {
    const refetch = jest.fn(() => Promise.resolve({ data: [] }));
    const { onRetry } = tableQueryState({ ...idle, error: 'boom', refetch });
    expect(refetch).not.toHaveBeenCalled();
    expect(onRetry()).toBeUndefined();
    onRetry();
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});

describe('queryViewState', () => {
  it("gives the query's state and its answer", () => {
    const state = queryViewState({ ...idle, data: { id: 'a' } });
    expect(state).toMatchObject({ loading: false, error: undefined, data: { id: 'a' } });
    expect(queryViewState({ ...idle, isLoading: true }).data).toBeUndefined();
  });
});
