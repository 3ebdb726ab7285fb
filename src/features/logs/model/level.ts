/**
 * The level of a log line, read from its labels or, failing that, its message. Pure.
 */

/** The levels a line is coloured by. */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

/** Label keys that name a level, lower case. */
const LEVEL_KEYS = ['level', 'severity', 'lvl', 'loglevel', 'log_level', 'levelname'];

const LEVEL_WORDS: Record<string, LogLevel> = {
  emerg: 'error',
  emergency: 'error',
  alert: 'error',
  panic: 'error',
  fatal: 'error',
  crit: 'error',
  critical: 'error',
  err: 'error',
  error: 'error',
  eror: 'error',
  warn: 'warn',
  warning: 'warn',
  wrn: 'warn',
  notice: 'info',
  info: 'info',
  inf: 'info',
  information: 'info',
  informational: 'info',
  debug: 'debug',
  dbg: 'debug',
  trace: 'debug',
  trc: 'debug',
};

/** A level word (any case), or undefined when it names none. */
export function levelOfWord(word: unknown): LogLevel | undefined {
  if (typeof word !== 'string' && typeof word !== 'number') return undefined;
  const text = String(word).trim().toLowerCase();
  if (text in LEVEL_WORDS) return LEVEL_WORDS[text];
  // syslog severities 0-7
  if (/^[0-7]$/.test(text)) {
    const severity = Number(text);
    if (severity <= 3) return 'error';
    if (severity === 4) return 'warn';
    if (severity <= 6) return 'info';
    return 'debug';
  }
  return undefined;
}

/** `level=warn`, `"level":"warn"`, `severity: ERROR` anywhere in the message. */
const KEYED =
  /(?:^|[\s{,"'])(?:level|lvl|severity|loglevel|log_level)["']?\s*[=:]\s*["']?([A-Za-z]+)/i;
/** An upper-case level word standing alone (`[ERROR]`, `WARN:`, `2024-05-01 INFO ...`). */
const SHOUTED =
  /(?:^|[^A-Za-z0-9_])(EMERG|ALERT|PANIC|FATAL|CRIT|CRITICAL|ERROR|ERR|WARN|WARNING|NOTICE|INFO|DEBUG|TRACE)(?![A-Za-z0-9_])/;
/** The klog / glog prefix: `E0612 10:04:05.123456 ...`. */
const KLOG = /^([EWIF])\d{4} \d{2}:\d{2}:\d{2}/;
const KLOG_LEVELS: Record<string, LogLevel> = { E: 'error', F: 'error', W: 'warn', I: 'info' };

/** The level a message states, or undefined. */
export function levelOfMessage(message: string): LogLevel | undefined {
  const keyed = KEYED.exec(message);
  const fromKey = keyed ? levelOfWord(keyed[1]) : undefined;
  if (fromKey) return fromKey;
  const klog = KLOG.exec(message);
  if (klog) return KLOG_LEVELS[klog[1] as string];
  const shouted = SHOUTED.exec(message);
  return shouted ? levelOfWord(shouted[1]) : undefined;
}

/** The level a label map states (`level`, `severity`, … in any case), or undefined. */
export function levelOfLabels(
  labels: Readonly<Record<string, unknown>> | null | undefined,
): LogLevel | undefined {
  if (!labels) return undefined;
  for (const [key, value] of Object.entries(labels)) {
    if (LEVEL_KEYS.includes(key.toLowerCase())) {
      const level = levelOfWord(value);
      if (level) return level;
    }
  }
  return undefined;
}

/** A line's level: its labels first, then its message; undefined when neither carries one. */
export function detectLevel(line: {
  message: string;
  labels?: Readonly<Record<string, unknown>> | null;
}): LogLevel | undefined {
  return levelOfLabels(line.labels) ?? levelOfMessage(line.message);
}
