import '../../support/withMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import type { RuleBody } from '../../../src/api/endpoints/notificationRules';
import type { ChannelTypeId } from '../../../src/features/notifications/model/channelTypes';
import { CHANNEL_TYPE_IDS } from '../../../src/features/notifications/model/channelTypes';
import { resourceSearch } from '../../support/resourceSearch';
import { OTHER_PERSON_ID, RULES_PAGES, SLACK_RULE, rulesBackend } from './rulesBackend';
import { renderPages } from '../../support/renderPages';

const SLOW = { timeout: 10_000 };
/** The signed-in user of `renderApp` (Ada Admin). */
const ADA = '0190d1a2-7c4e-7000-8000-000000000001';

type User = ReturnType<typeof renderPages>['user'];

/** Clicks a menu option: its text, inside the item that handles the click. */
async function pickOption(user: User, name: string | RegExp) {
  const option = await screen.findByRole('option', { name }, SLOW);
  await user.click(within(option).getByText(name));
}

function renderForm(url = '/notifications/rules?new=1') {
  const backend = rulesBackend();
  const rendered = renderPages(RULES_PAGES, url);
  return { ...rendered, backend };
}

const ui = {
  newDialog: () => screen.findByRole('dialog', { name: 'New notification rule' }, SLOW),
  editDialog: () => screen.findByRole('dialog', { name: 'Edit notification rule' }, SLOW),
  channel: (dialog: HTMLElement, n = 1) =>
    within(dialog).getByRole('group', { name: `Channel ${n}` }),
  /** A field of a channel by its catalogue label. */
  field: (channel: HTMLElement, label: string, required = true) =>
    within(channel).getByLabelText(required ? `${label} (required)` : label),
};

/** The rule's own name and its events, on a new rule. */
async function fillRule(user: User, dialog: HTMLElement, name: string, event = 'check.failed') {
  await user.type(within(dialog).getAllByLabelText('Name (required)')[0]!, name);
  await user.click(within(dialog).getByLabelText('Events (required)'));
  await pickOption(user, event);
  await user.click(within(dialog).getByLabelText('Title'));
}

/** Adds a channel and chooses its type; returns the channel's group. */
async function addChannel(user: User, dialog: HTMLElement, label: string, n = 1) {
  await user.click(within(dialog).getByRole('button', { name: 'Add channel' }));
  await chooseType(user, dialog, label, n);
  return ui.channel(dialog, n);
}

async function chooseType(user: User, dialog: HTMLElement, label: string, n = 1) {
  await user.click(within(dialog).getByRole('button', { name: `Channel ${n} type` }));
  await pickOption(user, label);
  await waitFor(() =>
    expect(within(dialog).getByRole('button', { name: `Channel ${n} type` })).toHaveTextContent(
      label,
    ),
  );
}

const posted = (backend: ReturnType<typeof rulesBackend>) =>
  backend.rules.writes.filter((write) => write.method === 'POST');
const patched = (backend: ReturnType<typeof rulesBackend>) =>
  backend.rules.writes.filter((write) => write.method === 'PATCH');

describe('the rule form', () => {
  it('creates a Slack rule: the custom service carries the composed URL (NOTIF-03)', async () => {
    const { user, backend, currentUrl } = renderForm();
    const dialog = await ui.newDialog();
    expect(within(dialog).getByLabelText('Namespace')).toHaveValue('default');
    await fillRule(user, dialog, 'slack-alerts');
    const slack = await addChannel(user, dialog, 'Slack');
    await user.type(ui.field(slack, 'Name'), 'slack');
    await user.type(ui.field(slack, 'Token'), 'xoxb-1');
    await user.type(ui.field(slack, 'Channel'), 'C0123');
    // Typed credentials go into the stored URL, and the form says so.
    expect(within(slack).getByText(/written into the service URL/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(backend)).toHaveLength(1));
    expect(posted(backend)[0]!.body).toEqual({
      name: 'slack-alerts',
      namespace: 'default',
      events: ['check.failed'],
      custom_services: [{ name: 'slack', url: 'slack://xoxb-1@C0123' }],
      created_by: ADA,
    });
    expect(
      await screen.findByText('Notification created successfully', undefined, SLOW),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/notifications/rules'));
  });

  it('creates an Email rule with its defaults: port 587, Auto, Unknown', async () => {
    const { user, backend } = renderForm();
    const dialog = await ui.newDialog();
    await fillRule(user, dialog, 'mail-rule', 'config.unhealthy');
    await user.type(within(dialog).getByLabelText('Wait for'), '1h30m');
    await user.type(within(dialog).getByLabelText('Wait for eval period'), '1m');
    await user.type(within(dialog).getByLabelText('Group by'), 'tag:namespace{Enter}');
    const mail = await addChannel(user, dialog, 'Email');
    expect(ui.field(mail, 'Port')).toHaveValue('587');
    expect(ui.field(mail, 'Encryption Method')).toHaveValue('Auto');
    expect(ui.field(mail, 'Auth Method')).toHaveValue('Unknown');
    await user.type(ui.field(mail, 'Name'), 'mail');
    await user.type(ui.field(mail, 'SMTP Host'), 'smtp.example.com');
    await user.type(ui.field(mail, 'From'), 'mc@example.com');
    await user.type(ui.field(mail, 'To'), 'ops@example.com, sre@example.com');
    expect(within(mail).queryByText(/written into the service URL/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(backend)).toHaveLength(1));
    expect(posted(backend)[0]!.body).toEqual({
      name: 'mail-rule',
      namespace: 'default',
      events: ['config.unhealthy'],
      wait_for: 5_400_000_000_000,
      wait_for_eval_period: 60_000_000_000,
      group_by: ['tag:namespace'],
      custom_services: [
        {
          name: 'mail',
          url: 'smtp://smtp.example.com:587/?auth=Unknown&encryption=Auto',
          properties: { from: 'mc@example.com', to: 'ops@example.com,sre@example.com' },
        },
      ],
      created_by: ADA,
    });
  });

  it("applies the new type's defaults when a channel's type changes, keeping its name", async () => {
    const { user } = renderForm();
    const dialog = await ui.newDialog();
    const channel = await addChannel(user, dialog, 'Email');
    await user.type(ui.field(channel, 'Name'), 'pager');
    await user.clear(ui.field(channel, 'Port'));
    await user.type(ui.field(channel, 'Port'), '2525');
    await chooseType(user, dialog, 'OpsGenie');
    const opsgenie = ui.channel(dialog);
    expect(ui.field(opsgenie, 'Port')).toHaveValue('443');
    expect(ui.field(opsgenie, 'Host')).toHaveValue('api.opsgenie.com');
    expect(ui.field(opsgenie, 'Name')).toHaveValue('pager');
    expect(within(opsgenie).queryByLabelText(/SMTP Host/)).toBeNull();
  });

  it('checks required fields and ports, and sends nothing while they fail', async () => {
    const { user, backend } = renderForm();
    const dialog = await ui.newDialog();
    await fillRule(user, dialog, 'broken');
    const mail = await addChannel(user, dialog, 'Email');
    await user.clear(ui.field(mail, 'Port'));
    await user.type(ui.field(mail, 'Port'), '70000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(mail).findByText('Enter a port between 1 and 65535', undefined, SLOW),
    ).toBeInTheDocument();
    expect(within(mail).getAllByText('This field is required').length).toBeGreaterThanOrEqual(3);
    await user.type(ui.field(mail, 'From'), 'not-an-address');
    expect(await within(mail).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(posted(backend)).toHaveLength(0);
  });

  it('asks for a channel when the recipient is channels and none is added', async () => {
    const { user, backend } = renderForm();
    const dialog = await ui.newDialog();
    await fillRule(user, dialog, 'nobody');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Add at least one channel', undefined, SLOW),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Repeat interval'), 'soon');
    expect(
      await within(dialog).findByText('Enter a duration such as 30s, 5m, 1h or 1h30m'),
    ).toBeInTheDocument();
    expect(posted(backend)).toHaveLength(0);
  });

  it('sends a connection instead of a URL when one is chosen', async () => {
    const { user, backend } = renderForm();
    resourceSearch({
      connections: [{ id: 'conn-1', name: 'slack-bot', namespace: 'mission-control' }],
    });
    const dialog = await ui.newDialog();
    await fillRule(user, dialog, 'via-connection');
    const slack = await addChannel(user, dialog, 'Slack');
    await user.type(ui.field(slack, 'Name'), 'slack');
    await user.type(within(slack).getByRole('combobox', { name: /Connection/ }), 'slack');
    await pickOption(user, 'mission-control/slack-bot');
    // The connection supplies the URL: its fields are gone.
    await waitFor(() => expect(within(slack).queryByLabelText('Token (required)')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(backend)).toHaveLength(1));
    expect((posted(backend)[0]!.body as RuleBody).custom_services).toEqual([
      { name: 'slack', connection: 'connection://mission-control/slack-bot' },
    ]);
  });

  it('updates to a person: person_id set, custom_services and the others null (NOTIF-04)', async () => {
    const { user, backend } = renderForm(`/notifications/rules?id=${SLACK_RULE}`);
    const dialog = await ui.editDialog();
    await user.click(await within(dialog).findByRole('radio', { name: 'Person' }, SLOW));
    await user.type(within(dialog).getByRole('combobox', { name: /Person/ }), 'Piotr');
    await pickOption(user, /Piotr Pager/);
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(patched(backend)).toHaveLength(1));
    const write = patched(backend)[0]!;
    expect(write.filters).toEqual({ id: `eq.${SLACK_RULE}` });
    expect(write.body).toEqual({
      name: 'checks-to-slack',
      namespace: 'default',
      title: 'Failing checks',
      events: ['check.failed', 'check.passed', 'config.unhealthy', 'config.warning'],
      filter: "check.type == 'http' && check.name.startsWith('api-')",
      template: null,
      repeat_interval: '4h',
      wait_for: 300_000_000_000,
      wait_for_eval_period: null,
      group_by: null,
      inhibitions: null,
      person_id: OTHER_PERSON_ID,
      team_id: null,
      playbook_id: null,
      custom_services: null,
    });
    expect(
      await screen.findByText('Notification updated successfully', undefined, SLOW),
    ).toBeInTheDocument();
  });

  it("shows the server's reason in the dialog and keeps the values", async () => {
    const { user, backend } = renderForm();
    backend.rules.fail('POST', 409, {
      code: '23505',
      message: 'duplicate key value violates unique constraint "notifications_name_namespace_key"',
    });
    const dialog = await ui.newDialog();
    await fillRule(user, dialog, 'dup');
    const slack = await addChannel(user, dialog, 'Slack');
    await user.type(ui.field(slack, 'Name'), 'slack');
    await user.type(ui.field(slack, 'Token'), 'xoxb-1');
    await user.type(ui.field(slack, 'Channel'), 'C0123');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        /duplicate key value violates unique constraint/,
        undefined,
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByLabelText('Name (required)')[0]).toHaveValue('dup');
    expect(ui.field(slack, 'Channel')).toHaveValue('C0123');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('deletes the rule after a confirmation (NOTIF-05)', async () => {
    const { user, backend, currentUrl } = renderForm(`/notifications/rules?id=${SLACK_RULE}`);
    const dialog = await ui.editDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Delete' }, SLOW));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Notification' });
    expect(patched(backend)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(patched(backend)).toHaveLength(1));
    expect(patched(backend)[0]!.filters).toEqual({ id: `eq.${SLACK_RULE}` });
    expect(patched(backend)[0]!.body).toEqual({ deleted_at: 'now()' });
    expect(
      await screen.findByText('Notification deleted successfully', undefined, SLOW),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/notifications/rules'));
  });
});

/** Per type: the required fields typed (by label) and the service sent. */
const PER_TYPE: Record<
  ChannelTypeId,
  { label: string; fill: Record<string, string>; url: string; properties?: Record<string, string> }
> = {
  discord: {
    label: 'Discord',
    fill: { 'Webhook ID': '123456', Token: 'tok' },
    url: 'discord://tok@123456',
  },
  email: {
    label: 'Email',
    fill: { 'SMTP Host': 'smtp.example.com', From: 'a@example.com', To: 'b@example.com' },
    url: 'smtp://smtp.example.com:587/?auth=Unknown&encryption=Auto',
    properties: { from: 'a@example.com', to: 'b@example.com' },
  },
  googlechat: {
    label: 'Google Chat',
    fill: { Space: 'AAAA', Key: 'k1', Token: 't1' },
    url: 'googlechat://chat.googleapis.com/v1/spaces/AAAA/messages?key=k1&token=t1',
  },
  ifttt: {
    label: 'IFTTT',
    fill: { 'Webhook Key': 'wk', Events: 'deploy' },
    url: 'ifttt://wk/?events=deploy',
  },
  mattermost: {
    label: 'Mattermost',
    fill: { Host: 'mm.example.com', Token: 'hook1' },
    url: 'mattermost://mm.example.com/hook1',
  },
  matrix: {
    label: 'Matrix',
    fill: { Host: 'matrix.example.com', Password: 'pw' },
    url: 'matrix://:pw@matrix.example.com/',
  },
  ntfy: {
    label: 'Ntfy',
    fill: { Topic: 'alerts' },
    url: 'ntfy://ntfy.sh/alerts?priority=default',
  },
  opsgenie: {
    label: 'OpsGenie',
    fill: { 'API Key': 'key1' },
    url: 'opsgenie://api.opsgenie.com:443/key1',
  },
  pushbullet: { label: 'Pushbullet', fill: { 'Access Token': 'pbt' }, url: 'pushbullet://pbt' },
  pushover: {
    label: 'Pushover',
    fill: { 'API Token': 'apt', 'User Key': 'uk' },
    url: 'pushover://shoutrrr:apt@uk/',
  },
  rocketchat: {
    label: 'Rocketchat',
    fill: { Host: 'rc.example.com', Token: 'ta/tb' },
    url: 'rocketchat://rc.example.com/ta%2Ftb',
  },
  slack: { label: 'Slack', fill: { Token: 'xoxb', Channel: 'C1' }, url: 'slack://xoxb@C1' },
  teams: {
    label: 'Teams',
    fill: {
      'Webhook URL': 'https://acme.webhook.office.com/webhookb2/g1@t1/IncomingWebhook/a1/o1/sig1',
    },
    url: 'teams://g1@t1/a1/o1/sig1?host=acme.webhook.office.com',
  },
  telegram: {
    label: 'Telegram',
    fill: { 'Bot Token': 'bot1', Chats: '@ops' },
    url: 'telegram://bot1@telegram?chats=@ops&parsemode=None&preview=yes&notification=yes',
  },
  zulip: {
    label: 'Zulip Chat',
    fill: { Host: 'acme.zulipchat.com', 'Bot Email': 'bot@acme.com', 'Bot Key': 'bk' },
    url: 'zulip://bot%40acme.com:bk@acme.zulipchat.com/',
  },
  generic: {
    label: 'Generic Webhook',
    fill: { URL: 'https://hooks.example.com/x' },
    url:
      'generic+https://hooks.example.com/x?contenttype=application/json&requestmethod=POST' +
      '&messagekey=message&titlekey=title',
  },
};

describe('each of the 16 channel types', () => {
  it.each(CHANNEL_TYPE_IDS.map((id) => [id]))(
    '%s: its required fields compose the URL sent',
    async (id) => {
      const { label, fill, url, properties } = PER_TYPE[id];
      const { user, backend } = renderForm();
      const dialog = await ui.newDialog();
      await fillRule(user, dialog, `rule-${id}`);
      const channel = await addChannel(user, dialog, label);
      await user.type(ui.field(channel, 'Name'), id);
      for (const [field, value] of Object.entries(fill)) {
        await user.type(ui.field(channel, field), value);
      }
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(posted(backend)).toHaveLength(1));
      const body = posted(backend)[0]!.body as RuleBody;
      expect(body.custom_services).toEqual([
        { name: id, url, ...(properties ? { properties } : {}) },
      ]);
    },
  );
});
