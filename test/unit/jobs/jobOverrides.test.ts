import {
  jobScheduleError,
  overrideValues,
  overrideWrites,
  retentionError,
} from '../../../src/features/jobs/model/overrides';

const JOB = 'CleanupEventQueue';
const prop = (key: string, value: string) => ({ name: `jobs.${JOB}.${key}`, value });

describe('a job’s overrides', () => {
  it('reads the form from the job’s properties', () => {
    expect(overrideValues(JOB, [])).toEqual({
      schedule: '',
      retentionSuccess: '',
      retentionFailed: '',
      logLevel: 'info',
      disabled: false,
    });
    expect(
      overrideValues(JOB, [
        prop('schedule', '@every 2h'),
        prop('retention.failed', '5'),
        prop('debug', 'true'),
        prop('disabled', 'TRUE'),
        { name: 'jobs.Other.schedule', value: '@daily' },
      ]),
    ).toEqual({
      schedule: '@every 2h',
      retentionSuccess: '',
      retentionFailed: '5',
      logLevel: 'debug',
      disabled: true,
    });
    expect(overrideValues(JOB, [prop('debug', 'true'), prop('trace', 'true')]).logLevel).toBe(
      'trace',
    );
  });

  it('writes only what changed: set, or removed when back to the job’s own', () => {
    const saved = [prop('schedule', '@every 2h'), prop('debug', 'true'), prop('disabled', 'true')];
    expect(
      overrideWrites(
        JOB,
        {
          schedule: ' @every 2h ',
          retentionSuccess: '10',
          retentionFailed: '',
          logLevel: 'trace',
          disabled: true,
        },
        saved,
      ),
    ).toEqual([
      { name: `jobs.${JOB}.retention.success`, value: '10' },
      { name: `jobs.${JOB}.debug`, value: null },
      { name: `jobs.${JOB}.trace`, value: 'true' },
      { name: `jobs.${JOB}.disable`, value: 'true' },
      { name: `jobs.${JOB}.disabled`, value: null },
    ]);
    expect(overrideWrites(JOB, { schedule: '', logLevel: 'info', disabled: false }, saved)).toEqual(
      [
        { name: `jobs.${JOB}.schedule`, value: null },
        { name: `jobs.${JOB}.debug`, value: null },
        { name: `jobs.${JOB}.disabled`, value: null },
      ],
    );
    expect(overrideWrites(JOB, { logLevel: 'info', disabled: false }, [])).toEqual([]);
  });

  it('takes the schedules the demo’s runner reads, and says why not', () => {
    for (const ok of ['', '@every 10m', '@every 1h30m', '@hourly', '@daily', '*/5 * * * 1-5']) {
      expect(jobScheduleError(ok)).toBeUndefined();
    }
    expect(jobScheduleError('@every')).toMatch(/@every and a duration/);
    expect(jobScheduleError('@fortnightly')).toMatch(/@every/);
    expect(jobScheduleError('61 * * * *')).toMatch(/minute field "61" is outside 0-59/);
    expect(jobScheduleError('* * * *')).toMatch(/five fields/);
  });

  it('takes a whole number of runs kept', () => {
    expect(retentionError('')).toBeUndefined();
    expect(retentionError('0')).toBeUndefined();
    expect(retentionError('12')).toBeUndefined();
    expect(retentionError('-1')).toMatch(/whole number/);
    expect(retentionError('2.5')).toMatch(/whole number/);
  });
});
