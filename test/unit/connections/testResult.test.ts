import {
  testFailureMessage,
  testSuccessOutcome,
} from '../../../src/features/connections/model/testResult';

describe('connection test result', () => {
  it('passes on the message ok', () => {
    expect(testSuccessOutcome({ message: 'ok' })).toEqual({ passed: true, message: 'ok' });
  });

  it('fails a 200 answer with any other message', () => {
    expect(testSuccessOutcome({ message: 'degraded' })).toEqual({
      passed: false,
      message: 'degraded',
    });
    expect(testSuccessOutcome({}).passed).toBe(false);
  });

  it('shows the message of an error string that parses as JSON', () => {
    const error = {
      status: 400,
      message: 'x',
      data: { error: JSON.stringify({ message: 'dial tcp: connection refused' }) },
    };
    expect(testFailureMessage(error)).toBe('dial tcp: connection refused');
  });

  it('shows a JSON string and a nested error as their text', () => {
    expect(testFailureMessage({ status: 500, data: { error: '"quoted reason"' } })).toBe(
      'quoted reason',
    );
    expect(testFailureMessage({ status: 500, data: { error: '{"error":"bad key"}' } })).toBe(
      'bad key',
    );
  });

  it('shows an error string that does not parse as it is', () => {
    expect(
      testFailureMessage({
        status: 404,
        message: 'x',
        data: { error: 'connection was not found' },
      }),
    ).toBe('connection was not found');
  });

  it('falls back to the error mapper when the body has no error', () => {
    expect(
      testFailureMessage({ status: 'NETWORK', message: 'Network Error. Please try again.' }),
    ).toBe('Network Error. Please try again.');
  });
});
