/**
 * `GET /notification/send_history/{id}` (api.md §13, not called by console 1.4.63): one send as
 * `notification_send_history_summary` has it, plus `body_markdown`, the body rendered from the
 * rule's title and template over the send's resource (render.ts). For a rule delivering to Slack
 * the answer also has `body_slack` (the Block Kit message) and the markdown is those blocks
 * flattened; `channel` names the delivery (`slack`, another custom service's name, `person`,
 * `team`, `playbook`). A grouped send lists its group's members (`group`, and in the body).
 * A send about no known resource (an incident event) answers its stored body.
 */
import type { SqlClient } from '../db/types';
import { groupMembers } from './dispatch';
import { isSlackRule, renderBody, type RenderedRule } from './render';
import { kindOfEvent, loadResource } from './resources';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the text can be a send's id. */
export function isSendId(id: string): boolean {
  return UUID.test(id);
}

interface RuleRow extends RenderedRule {
  person_id: string | null;
  team_id: string | null;
  playbook_id: string | null;
}

function channelOf(rule: RuleRow, slack: boolean): string | null {
  if (slack) return 'slack';
  if (Array.isArray(rule.custom_services)) {
    const first = rule.custom_services[0] as { name?: unknown } | undefined;
    if (first && typeof first.name === 'string' && first.name) return first.name;
  }
  if (rule.person_id) return 'person';
  if (rule.team_id) return 'team';
  if (rule.playbook_id) return 'playbook';
  return null;
}

function plain(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = isDate(value) ? value.toISOString() : value;
  }
  return out;
}

/** The send's detail, or null when there is no such send. */
export async function sendDetail(
  db: SqlClient,
  id: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT * FROM notification_send_history_summary WHERE id = $1`,
    [id.toLowerCase()],
  );
  const row = rows[0];
  if (!row) return null;
  const send = plain(row);
  const { rows: rules } = await db.query<RuleRow>(
    `SELECT title, template, custom_services, person_id, team_id, playbook_id
       FROM notifications WHERE id = $1`,
    [send.notification_id],
  );
  const { rows: connections } = await db.query<{ type: string }>(
    `SELECT type FROM connections WHERE id = $1`,
    [send.connection_id ?? null],
  );
  const rule = rules[0];
  const slack = rule ? isSlackRule(rule, connections[0]?.type ?? null) : false;
  let group: Record<string, unknown> | null = null;
  if (typeof send.group_id === 'string') {
    const { rows: groups } = await db.query<Record<string, unknown>>(
      `SELECT id, hash, created_at, member_count, members, send_id
         FROM notification_groups_summary WHERE id = $1`,
      [send.group_id],
    );
    group = groups[0] ? plain(groups[0]) : null;
  }
  const members = typeof send.group_id === 'string' ? await groupMembers(db, send.group_id) : [];
  const kind = typeof send.source_event === 'string' ? kindOfEvent(send.source_event) : null;
  const resource =
    kind && typeof send.resource_id === 'string'
      ? await loadResource(db, kind, send.resource_id)
      : null;
  const detail = { ...send, channel: rule ? channelOf(rule, slack) : null, group };
  if (!rule || !resource) {
    return {
      ...detail,
      body_markdown: typeof send.body === 'string' ? send.body : '',
      body_slack: null,
    };
  }
  const rendered = renderBody(
    rule,
    resource,
    {
      health: typeof send.resource_health === 'string' ? send.resource_health : null,
      status: typeof send.resource_status === 'string' ? send.resource_status : null,
      event: String(send.source_event),
    },
    { slack, members: send.status === 'sent' ? members : [] },
  );
  return {
    ...detail,
    title: rendered.title,
    body_markdown: rendered.markdown,
    body_slack: rendered.slack,
  };
}

/** A Date, also one made in another realm (the database driver's). */
function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}
