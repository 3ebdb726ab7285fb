import {
  detectLevel,
  levelOfLabels,
  levelOfMessage,
  levelOfWord,
} from '../../../src/features/logs/model/level';

describe('levelOfWord', () => {
  it.each([
    ['ERROR', 'error'],
    ['err', 'error'],
    ['Fatal', 'error'],
    ['critical', 'error'],
    ['warning', 'warn'],
    ['WARN', 'warn'],
    ['info', 'info'],
    ['notice', 'info'],
    ['debug', 'debug'],
    ['trace', 'debug'],
    ['3', 'error'],
    ['4', 'warn'],
    ['6', 'info'],
    ['7', 'debug'],
  ])('reads %s as %s', (word, level) => {
    expect(levelOfWord(word)).toBe(level);
  });

  it.each(['', 'verbose-ish', '9', null, undefined, {}])('knows no level in %p', (word) => {
    expect(levelOfWord(word)).toBeUndefined();
  });
});

describe('levelOfMessage', () => {
  it.each([
    ['ts=2024-05-01T10:00:00Z level=warn msg="slow query"', 'warn'],
    ['{"time":"2024-05-01T10:00:00Z","level":"error","msg":"boom"}', 'error'],
    ['{"severity": "DEBUG", "message": "x"}', 'debug'],
    ['[ERROR] connection refused', 'error'],
    ['2024-05-01 10:00:00,123 INFO  server started', 'info'],
    ['WARNING: disk almost full', 'warn'],
    ['E0612 10:04:05.123456    1 reflector.go:138] failed to list', 'error'],
    ['W0612 10:04:05.123456    1 client.go:12] throttled', 'warn'],
    ['I0612 10:04:05.123456    1 main.go:40] ready', 'info'],
  ])('finds the level of %s', (message, level) => {
    expect(levelOfMessage(message)).toBe(level);
  });

  it.each([
    'GET /api/v1/orders 200 12ms',
    'failed to connect to postgres: i/o timeout',
    'errors=0 warnings=0',
    'INFORMATIONAL_SERVICE started',
    'level=verbose something',
  ])('finds none in %s', (message) => {
    expect(levelOfMessage(message)).toBeUndefined();
  });
});

describe('levelOfLabels', () => {
  it('reads level-like keys in any case', () => {
    expect(levelOfLabels({ pod: 'a', Level: 'ERROR' })).toBe('error');
    expect(levelOfLabels({ severity: 'warning' })).toBe('warn');
    expect(levelOfLabels({ detected_level: 'error' })).toBeUndefined();
    expect(levelOfLabels({ level: 'nonsense' })).toBeUndefined();
    expect(levelOfLabels(null)).toBeUndefined();
  });
});

describe('detectLevel', () => {
  it('prefers the labels to the message', () => {
    expect(detectLevel({ message: '[ERROR] boom', labels: { level: 'info' } })).toBe('info');
  });

  it('falls back to the message when the labels carry none', () => {
    expect(detectLevel({ message: '[ERROR] boom', labels: { level: 'x', pod: 'p' } })).toBe(
      'error',
    );
    expect(detectLevel({ message: 'level=debug msg=hi' })).toBe('debug');
  });

  it('gives none when neither carries one', () => {
    expect(detectLevel({ message: 'GET / 200', labels: { pod: 'p' } })).toBeUndefined();
  });
});
