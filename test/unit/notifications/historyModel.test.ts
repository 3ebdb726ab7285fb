import type { NotificationSend, SendRule } from '../../../src/api/schemas/notificationHistory';
import {
  RESOURCE_HISTORY_STATE,
  SUMMARY_FILTERS,
  summaryArgs,
  visibleStatuses,
} from '../../../src/features/notifications/history/model/historyParams';
import {
  markdownText,
  messageText,
} from '../../../src/features/notifications/history/model/messageText';
import {
  resourceHref,
  sendDuration,
  sendRecipient,
  sendStatusIntent,
  sendStatusLabel,
  toCount,
} from '../../../src/features/notifications/history/model/sends';
import { expectAnswers } from '../../support/answers';

describe('the summary filters in the address', () => {
  it('round-trips and goes back to the first page on a change', () => {
    const params = SUMMARY_FILTERS.write(new URLSearchParams('pageIndex=3&pageSize=25'), {
      search: ' web ',
      status: { error: 1 },
      resourceKind: { check: -1 },
      includeDeleted: true,
    });
    expect(params.toString()).toBe(
      'pageSize=25&search=web&status=error%3A1&resourceKind=check%3A-1&includeDeleted=true',
    );
    expect(SUMMARY_FILTERS.read(params)).toEqual({
      search: 'web',
      status: { error: 1 },
      resourceKind: { check: -1 },
      resourceType: {},
      tags: {},
      includeDeleted: true,
      suppressed: false,
    });
    const cleared = SUMMARY_FILTERS.write(params, { includeDeleted: false, status: {} });
    expect(cleared.has('includeDeleted')).toBe(false);
    expect(cleared.has('status')).toBe(false);
  });

  it('makes NOTIF-06 arguments with the page size at most 50', () => {
    expect(
      summaryArgs(SUMMARY_FILTERS.read(new URLSearchParams('')), { pageIndex: 2, pageSize: 200 }),
    ).toEqual({
      pageIndex: 2,
      pageSize: 50,
      status: { skipped: -1, silenced: -1, inhibited: -1, 'repeat-interval': -1 },
    });
  });

  it('hides suppressed sends unless shown, asked for by name, or statuses are included', () => {
    const hidden = { skipped: -1, silenced: -1, inhibited: -1, 'repeat-interval': -1 };
    expect(visibleStatuses({}, false)).toEqual(hidden);
    expect(visibleStatuses({}, true)).toEqual({});
    expect(visibleStatuses({ sent: -1 }, false)).toEqual({ sent: -1, ...hidden });
    expect(visibleStatuses({ silenced: -1 }, false)).toEqual(hidden);
    expect(visibleStatuses({ error: 1 }, false)).toEqual({ error: 1 });
    expect(visibleStatuses({ inhibited: 1 }, false)).toEqual({ inhibited: 1 });
  });

  it('opens and closes a send', () => {
    const open = RESOURCE_HISTORY_STATE.write(new URLSearchParams('status=sent:1'), {
      send: 's-1',
    });
    expect(open.get('send')).toBe('s-1');
    expect(RESOURCE_HISTORY_STATE.write(open, { send: undefined }).toString()).toBe(
      'status=sent%3A1',
    );
  });
});

describe('a body as plain text', () => {
  it('reads Markdown into its words', () => {
    expect(
      markdownText('## Pod **api** is _down_\n\n- one\n- two\n\n[runbook](https://x) `kubectl`'),
    ).toBe('Pod api is down one two runbook kubectl');
    expect(markdownText('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('a b 1 2');
  });

  it('reads a Slack message into its texts and fields', () => {
    const slack = JSON.stringify({
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Check failed' } },
        {
          type: 'section',
          text: { type: 'mrkdwn', text: '*api* is <https://x|down>' },
          fields: [{ type: 'mrkdwn', text: '*Health*: unhealthy' }],
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'prod' }] },
      ],
    });
    expect(messageText(slack)).toBe('Check failed api is down Health: unhealthy prod');
  });

  it('keeps text that only looks like JSON, and reads nothing as empty', () => {
    expect(messageText('{"blocks": broken')).toBe('{"blocks": broken');
    expect(messageText(null)).toBe('');
  });
});

describe('how a send reads', () => {
  it('names and colours statuses', () => {
    expect(sendStatusLabel('pending_playbook_run')).toBe('Pending playbook run');
    expect(sendStatusLabel('repeat-interval')).toBe('Repeat interval');
    expect(sendStatusLabel('error')).toBe('Failed');
    expect(sendStatusIntent('error')).toBe('danger');
    expect(sendStatusIntent('sent')).toBe('success');
    expect(sendStatusIntent('whatever')).toBe('none');
  });

  it('formats durations and counts', () => {
    expectAnswers(sendDuration, [
      [850, '850ms'],
      [3_000, '3s'],
      [125_000, '2m 5s'],
      [null, ''],
    ]);
    expect(toCount('12')).toBe(12);
    expect(toCount(null)).toBe(0);
  });

  it("links a resource to its kind's page", () => {
    expect(resourceHref('config', 'c 1')).toBe('/catalog/c%201');
    expect(resourceHref('component', 'x')).toBe('/topology/x');
    expect(resourceHref('check', 'k')).toBe('/health?checkId=k&timeRange=1h');
    expect(resourceHref(undefined, 'k')).toBeUndefined();
  });

  it('finds the recipient: playbook run, person, team, then channel', () => {
    const send = { id: 's' } as NotificationSend;
    const rule: SendRule = {
      id: 'r',
      person: { id: 'p', name: 'Pat' },
      team: { id: 't', name: 'SRE' },
      custom_services: [{ name: 'slack-alerts', url: 'slack://x' }],
    };
    expect(
      sendRecipient({ ...send, playbook_run: { id: 'run', playbook_name: 'Restart' } }, rule),
    ).toEqual({ kind: 'playbook', name: 'Restart', runId: 'run' });
    expect(sendRecipient({ ...send, person_id: 'p' }, rule)).toEqual({
      kind: 'person',
      name: 'Pat',
    });
    expect(sendRecipient({ ...send, team_id: 't' }, rule)).toEqual({ kind: 'team', name: 'SRE' });
    expect(sendRecipient(send, { id: 'r', custom_services: rule.custom_services })).toEqual({
      kind: 'channel',
      name: 'slack-alerts',
    });
    expect(sendRecipient(send, undefined)).toBeUndefined();
  });
});
