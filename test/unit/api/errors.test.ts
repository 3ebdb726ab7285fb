import {
  ERROR_MESSAGES,
  httpError,
  messageFromBody,
  networkError,
  timeoutError,
  toErrorMessage,
} from '../../../src/api/errors';
import { expectAnswers } from '../../support/answers';

function setOnline(onLine: boolean | undefined): void {
  if (onLine === undefined) {
    Reflect.deleteProperty(globalThis, 'navigator');
    return;
  }
  Object.defineProperty(globalThis, 'navigator', { value: { onLine }, configurable: true });
}

afterEach(() => setOnline(undefined));

describe('the spec messages', () => {
  it('says a timeout timed out', () => {
    expect(timeoutError()).toEqual({
      status: 'TIMEOUT',
      message: 'Request timed out. Please try again.',
    });
    expect(toErrorMessage(timeoutError())).toBe('Request timed out. Please try again.');
    expect(toErrorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe(
      'Request timed out. Please try again.',
    );
    expect(toErrorMessage(new DOMException('signal timed out', 'TimeoutError'))).toBe(
      'Request timed out. Please try again.',
    );
  });

  it('says a network failure is a network error', () => {
    expect(networkError()).toEqual({
      status: 'NETWORK',
      message: 'Network Error. Please try again.',
    });
    expect(toErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Network Error. Please try again.',
    );
    expect(toErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: fetch failed' })).toBe(
      'Network Error. Please try again.',
    );
    expect(
      toErrorMessage({
        name: 'TypeError',
        message: 'NetworkError when attempting to fetch resource.',
      }),
    ).toBe('Network Error. Please try again.');
  });

  it('says there is no connection when the browser is offline', () => {
    setOnline(false);
    expect(networkError()).toEqual({
      status: 'OFFLINE',
      message: 'No internet connection. Please try again.',
    });
    expect(timeoutError().message).toBe('No internet connection. Please try again.');
    expect(toErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'No internet connection. Please try again.',
    );
  });

  it('uses the network message when the browser says it is online', () => {
    setOnline(true);
    expect(networkError().status).toBe('NETWORK');
  });
});

describe('error bodies', () => {
  it("shows a JSON body's error", () => {
    expect(httpError(401, { error: 'error fetching user' })).toEqual({
      status: 401,
      message: 'error fetching user',
      data: { error: 'error fetching user' },
    });
  });

  it('prefers error over message, and skips an empty error', () => {
    expect(messageFromBody({ error: 'bad request', message: 'short description' })).toBe(
      'bad request',
    );
    expect(messageFromBody({ error: '', message: 'short description' })).toBe('short description');
    expect(messageFromBody({ error: '   ', message: 'fallback' })).toBe('fallback');
  });

  it('shows the message of a PostgREST error', () => {
    const body = {
      code: '42703',
      details: null,
      hint: null,
      message: 'column configs.nope does not exist',
    };
    expect(httpError(400, body).message).toBe('column configs.nope does not exist');
    expect(toErrorMessage({ status: 400, data: body })).toBe('column configs.nope does not exist');
  });

  it("reads an identity-service error object's reason", () => {
    expect(
      messageFromBody({
        error: { id: 'session_inactive', code: 401, reason: 'No active session.' },
      }),
    ).toBe('No active session.');
  });

  it('shows a short plain-text body', () => {
    expect(httpError(403, 'unauthorized. Access Denied\n').message).toBe(
      'unauthorized. Access Denied',
    );
    expect(httpError(401, 'Session Expired').message).toBe('Session Expired');
  });

  it('falls back to the generic message for bodies without a readable message', () => {
    expect(ERROR_MESSAGES.generic).toBe('An error occurred');
    expect(httpError(404, null)).toEqual({ status: 404, message: 'An error occurred' });
    expect(httpError(404, '').message).toBe('An error occurred');
    expect(httpError(500, { code: 'x', details: 'y' }).message).toBe('An error occurred');
    expect(httpError(502, '<html><body>Bad Gateway</body></html>').message).toBe(
      'An error occurred',
    );
    expect(httpError(500, 'x'.repeat(201)).message).toBe('An error occurred');
    expect(httpError(500, 'bin\u0000ary').message).toBe('An error occurred');
    expect(httpError(500, '{"error": "trunc').message).toBe('An error occurred');
    expect(httpError(500, [1, 2]).message).toBe('An error occurred');
  });
});

describe('toErrorMessage', () => {
  it('returns the message of an ApiError as it is', () => {
    expect(
      toErrorMessage({ status: 'SHAPE', message: 'Unexpected response from GET /x: a b' }),
    ).toBe('Unexpected response from GET /x: a b');
  });

  it('reads serialized and thrown errors', () => {
    expect(
      toErrorMessage({ name: 'ResponseShapeError', message: 'Unexpected response from X' }),
    ).toBe('Unexpected response from X');
    expect(toErrorMessage(new Error('Something specific'))).toBe('Something specific');
    expect(toErrorMessage(new Error(''))).toBe('An error occurred');
  });

  it('gives the generic message for nothing useful', () => {
    expectAnswers(toErrorMessage, [
      [undefined, 'An error occurred'],
      [null, 'An error occurred'],
      [42, 'An error occurred'],
      [{}, 'An error occurred'],
      [{ status: 500, data: undefined }, 'An error occurred'],
    ]);
  });

  it('reads the body of a fetchBaseQuery-style error', () => {
    expect(toErrorMessage({ status: 409, data: { error: 'playbook is not editable' } })).toBe(
      'playbook is not editable',
    );
    expect(
      toErrorMessage({
        status: 'PARSING_ERROR',
        originalStatus: 403,
        data: 'unauthorized. Access Denied',
        error: 'SyntaxError',
      }),
    ).toBe('unauthorized. Access Denied');
  });
});
