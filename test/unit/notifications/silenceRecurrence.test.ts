import {
  DURATION_REQUIRED,
  NO_DAYS,
  cronDays,
  cronError,
  daysCron,
  daysText,
  durationError,
  durationSeconds,
  parseCron,
  recurrenceErrors,
  recurrenceOf,
  recurrenceValues,
  scheduleSummary,
  timezoneError,
} from '../../../src/features/notifications/silences/model/recurrence';
import {
  createSilenceBody,
  editValues,
  updateSilenceBody,
} from '../../../src/features/notifications/silences/model/silenceForm';

const ID = '018f4b8e-7777-7000-8000-0000000000d1';
const NOW = new Date('2030-01-07T10:00:00Z');

describe('the cron grammar of the backend (migration 320)', () => {
  it('accepts what cron_field_values reads', () => {
    for (const cron of [
      '0 22 * * 1-5',
      '0 22 * * 1,2,3',
      '*/15 9-17 * * *',
      '30 2 1 * *',
      '0 0 * * 7',
      '0 0 * * 0',
      '5/10 * * * *',
      '0 0 1-31/2 1,6,12 *',
      '  0   22 * *  * ',
      '59 23 31 12 0-7',
    ]) {
      expect([cron, cronError(cron)]).toEqual([cron, undefined]);
    }
  });

  it('expands ranges, steps and lists like the SQL does', () => {
    const parsed = parseCron('5/20 1-3 * 2 1-7/3');
    expect(parsed.ok && parsed.fields).toEqual([
      [5, 25, 45],
      [1, 2, 3],
      Array.from({ length: 31 }, (_, i) => i + 1),
      [2],
      [1, 4, 7],
    ]);
  });

  it('names the field and what is wrong', () => {
    expect(cronError('0 22 * *')).toBe(
      'The cron schedule needs five fields (minute hour day-of-month month day-of-week), not 4',
    );
    expect(cronError('0 22 * * * *')).toMatch(/not 6$/);
    expect(cronError('0 25 * * *')).toBe('The hour field "25" is outside 0-23');
    expect(cronError('60 1 * * *')).toBe('The minute field "60" is outside 0-59');
    expect(cronError('0 1 0 * *')).toBe('The day of month field "0" is outside 1-31');
    expect(cronError('0 1 * 13 *')).toBe('The month field "13" is outside 1-12');
    expect(cronError('0 1 * * 8')).toBe('The day of week field "8" is outside 0-7');
    expect(cronError('0 1 * * 5-1')).toBe('The day of week field "5-1" is outside 0-7');
    expect(cronError('*/0 1 * * *')).toBe('The minute field "*/0" is outside 0-59');
    expect(cronError('0 1 * * MON')).toBe(
      'The day of week field cannot be read: "MON" (use *, numbers, a-b, /n and commas)',
    );
    // What other crons allow and this grammar does not.
    for (const cron of ['0 1 ? * *', '0 1 L * *', '@daily', '0 1 * * 1,', '0 1 * * 1#2']) {
      expect([cron, cronError(cron)]).toEqual([cron, expect.any(String)]);
    }
    expect(cronError('')).toBe('Give a cron schedule, e.g. 0 22 * * 1-5');
  });
});

describe('window lengths (duration_interval)', () => {
  it('reads d, h, m and s, decimals and sums', () => {
    expect(durationSeconds('2h')).toBe(7200);
    expect(durationSeconds('1h30m')).toBe(5400);
    expect(durationSeconds('90m')).toBe(5400);
    expect(durationSeconds('1d')).toBe(86400);
    expect(durationSeconds('1.5h')).toBe(5400);
    expect(durationSeconds('45s')).toBe(45);
    expect(durationSeconds('2 h')).toBeUndefined();
    expect(durationSeconds('2w')).toBeUndefined();
  });

  it('says what is wrong', () => {
    expect(durationError(undefined)).toBe(DURATION_REQUIRED);
    expect(durationError('  ')).toBe(DURATION_REQUIRED);
    expect(durationError('two hours')).toBe(
      'The window length "two hours" is not a duration: use e.g. 2h, 90m or 1h30m',
    );
    expect(durationError('0h')).toBe('The window length must be longer than zero');
    expect(durationError('2h')).toBeUndefined();
  });
});

describe('time zones', () => {
  it('knows the IANA zones', () => {
    expect(timezoneError('Europe/Paris')).toBeUndefined();
    expect(timezoneError('UTC')).toBeUndefined();
    expect(timezoneError('Mars/Base')).toBe('Unknown time zone: Mars/Base');
    expect(timezoneError('')).toBe('Choose a time zone');
  });
});

describe('days and time', () => {
  it('makes the cron of the chosen days and start time', () => {
    expect(daysCron([1, 2, 3, 4, 5], '22:00')).toBe('0 22 * * 1-5');
    expect(daysCron([1, 2, 3], '22:00')).toBe('0 22 * * 1,2,3');
    expect(daysCron([3, 1, 2], '7:05')).toBe('5 7 * * 1,2,3');
    expect(daysCron([0, 1, 2, 3, 4, 5, 6], '03:30')).toBe('30 3 * * *');
    expect(daysCron([6, 0], '23:00')).toBe('0 23 * * 0,6');
    expect(daysCron([0, 1, 2, 3, 4, 6], '01:00')).toBe('0 1 * * 0-4,6');
    expect(daysCron([], '22:00')).toBeUndefined();
    expect(daysCron([1], '25:00')).toBeUndefined();
  });

  it('reads such a cron back, and nothing else', () => {
    expect(cronDays('0 22 * * 1-5')).toEqual({ days: [1, 2, 3, 4, 5], time: '22:00' });
    expect(cronDays('5 7 * * 0,7,6')).toEqual({ days: [0, 6], time: '07:05' });
    expect(cronDays('30 3 * * *')).toEqual({ days: [0, 1, 2, 3, 4, 5, 6], time: '03:30' });
    expect(cronDays('*/5 3 * * *')).toBeUndefined();
    expect(cronDays('0 3 1 * *')).toBeUndefined();
    expect(cronDays('0 3 * * 9')).toBeUndefined();
    expect(cronDays(null)).toBeUndefined();
  });
});

describe('the schedule as a sentence', () => {
  it('reads days as runs, Monday first', () => {
    expect(daysText([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(daysText([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(daysText([6, 0])).toBe('Sat, Sun');
    expect(daysText([5, 6, 7])).toBe('Fri–Sun');
  });

  it('says when, in which zone and for how long', () => {
    expect(scheduleSummary('0 22 * * 1-5', 'Europe/Paris', '2h')).toBe(
      'Every Mon–Fri at 22:00 Europe/Paris for 2h',
    );
    expect(scheduleSummary('30 3 * * *', null, '1h')).toBe('Every day at 03:30 UTC for 1h');
    expect(scheduleSummary('0 2 1 * *', 'UTC', '4h')).toBe(
      'On day 1 of every month at 02:00 UTC for 4h',
    );
    expect(scheduleSummary('0 2 1,15 6 *', 'UTC', '4h')).toBe(
      'On day 1, 15 of Jun at 02:00 UTC for 4h',
    );
    expect(scheduleSummary('0 6 * 12 6,0', 'UTC', '1d')).toBe(
      'Every Sat, Sun in Dec at 06:00 UTC for 1d',
    );
    expect(scheduleSummary('*/15 9-17 * * *', 'Asia/Tokyo', '5m')).toBe(
      'Cron "*/15 9-17 * * *" Asia/Tokyo for 5m',
    );
  });
});

describe('the recurrence of the form', () => {
  const days = {
    repeats: true,
    scheduleMode: 'days' as const,
    days: [1, 2, 3, 4, 5],
    time: '22:00',
  };

  it('asks nothing of a silence that does not repeat', () => {
    expect(recurrenceErrors({ repeats: false, cron: 'nonsense' })).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(recurrenceErrors({ ...days, timezone: 'Europe/Paris' })).toEqual({
      duration: DURATION_REQUIRED,
    });
    expect(
      recurrenceErrors({ ...days, days: [], time: '9', timezone: 'Mars/Base', duration: '2h' }),
    ).toEqual({
      days: NO_DAYS,
      time: 'Give the start time as hours and minutes, e.g. 22:00',
      timezone: 'Unknown time zone: Mars/Base',
    });
    expect(
      recurrenceErrors({
        repeats: true,
        scheduleMode: 'cron',
        cron: '0 25 * * *',
        days: [],
        timezone: 'UTC',
        duration: '1h',
      }),
    ).toEqual({ cron: 'The hour field "25" is outside 0-23' });
  });

  it('gives NOTIF-11 the schedule, zone and length only when the silence repeats', () => {
    const base = { name: 'nightly', resourceKind: 'config' as const, filter: 'true' };
    expect(createSilenceBody({ ...base, ...days, repeats: false }, NOW)).not.toHaveProperty(
      'schedule',
    );
    expect(
      createSilenceBody({ ...base, ...days, timezone: 'Europe/Paris', duration: ' 2h ' }, NOW),
    ).toMatchObject({ schedule: '0 22 * * 1-5', timezone: 'Europe/Paris', duration: '2h' });
    expect(
      recurrenceOf({
        repeats: true,
        scheduleMode: 'cron',
        cron: ' 0 3 1 * * ',
        timezone: 'UTC',
        duration: '4h',
      }),
    ).toEqual({ schedule: '0 3 1 * *', timezone: 'UTC', duration: '4h' });
  });

  it('opens a stored recurrence in the chooser that can show it, and writes it back', () => {
    expect(recurrenceValues({}, 'Europe/Paris')).toMatchObject({
      repeats: false,
      timezone: 'Europe/Paris',
    });
    expect(
      recurrenceValues({ schedule: '0 22 * * 1-5', timezone: null, duration: '2h' }, 'Asia/Tokyo'),
    ).toMatchObject({
      repeats: true,
      scheduleMode: 'days',
      days: [1, 2, 3, 4, 5],
      time: '22:00',
      timezone: 'UTC',
      duration: '2h',
    });
    const silence = { id: ID, name: 'n', config_id: ID, schedule: '*/5 * * * *', duration: '1m' };
    const values = editValues(silence, 'UTC');
    expect(values).toMatchObject({ repeats: true, scheduleMode: 'cron', cron: '*/5 * * * *' });
    expect(updateSilenceBody(silence, values, NOW, true)).toMatchObject({
      schedule: '*/5 * * * *',
      timezone: 'UTC',
      duration: '1m',
    });
    expect(updateSilenceBody(silence, { ...values, repeats: false }, NOW, true)).toMatchObject({
      schedule: null,
      timezone: null,
      duration: null,
    });
    expect(updateSilenceBody(silence, values, NOW)).not.toHaveProperty('schedule');
  });
});
