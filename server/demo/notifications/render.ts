/**
 * The body of a notification send: the rule's title and template rendered over the resource the
 * way Mission Control's templates see it (`.config.name`, `.check.status`, `.status`,
 * `.permalink`, ...), as markdown. The templates the demo stores use a small part of Go's
 * template language and only that part is read: `{{.path.to.value}}`,
 * `{{if .value}}…{{else}}…{{end}}` and `{{if eq .value "text"}}…{{end}}` (also `ne`).
 *
 * Slack: a rule whose channel is Slack and whose template is Slack's Block Kit JSON
 * (`{"blocks": [...]}`) is sent as those blocks; its markdown is the blocks flattened: headers
 * and section texts as paragraphs, section fields as `**label**: value` lines, context elements
 * on one line, dividers as rules, buttons as links; Slack's `*bold*` and `<url|text>` become
 * markdown's. A Slack rule with a plain template gets the default blocks (a header with the
 * title, a section with the text, and the resource's health, status and type as fields).
 */
import type { NotifiedResource } from './resources';

export type TemplateEnv = Record<string, unknown>;

const KIND_LABEL: Record<NotifiedResource['kind'], string> = {
  config: 'Config',
  component: 'Component',
  check: 'Health check',
  canary: 'Canary',
};

function lookup(env: TemplateEnv, path: string): unknown {
  let value: unknown = env;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function operand(token: string, env: TemplateEnv): unknown {
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(token);
  if (quoted) return (quoted[1] ?? '').replace(/\\(.)/g, '$1');
  if (token.startsWith('.')) return lookup(env, token.slice(1));
  return token;
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object') return Object.keys(value).length > 0;
  return value !== undefined && value !== null && value !== false && value !== '' && value !== 0;
}

function condition(expression: string, env: TemplateEnv): boolean {
  const tokens = expression.match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? [];
  const [head, left = '', right = ''] = tokens;
  if (head === 'eq' || head === 'ne') {
    const same = text(operand(left, env)) === text(operand(right, env));
    return head === 'eq' ? same : !same;
  }
  if (head === 'not') return !truthy(operand(left, env));
  return truthy(operand(head ?? '', env));
}

type Node = { text: string } | { value: string } | { test: string; then: Node[]; other: Node[] };

function parse(template: string): Node[] {
  const tokens = template.split(/(\{\{-?\s*[\s\S]*?\s*-?\}\})/);
  const root: Node[] = [];
  const stack: Array<{ node: { test: string; then: Node[]; other: Node[] }; inElse: boolean }> = [];
  const target = (): Node[] => {
    const top = stack[stack.length - 1];
    return top ? (top.inElse ? top.node.other : top.node.then) : root;
  };
  for (const token of tokens) {
    const action = /^\{\{-?\s*([\s\S]*?)\s*-?\}\}$/.exec(token);
    if (!action) {
      if (token) target().push({ text: token });
      continue;
    }
    const body = action[1] ?? '';
    if (body.startsWith('if ')) {
      const node = { test: body.slice(3).trim(), then: [], other: [] };
      target().push(node);
      stack.push({ node, inElse: false });
    } else if (body === 'else' && stack.length > 0) {
      (stack[stack.length - 1] as { inElse: boolean }).inElse = true;
    } else if (body === 'end' && stack.length > 0) {
      stack.pop();
    } else {
      target().push({ value: body });
    }
  }
  return root;
}

function evaluate(nodes: readonly Node[], env: TemplateEnv): string {
  return nodes
    .map((node) => {
      if ('text' in node) return node.text;
      if ('value' in node) return node.value.startsWith('.') ? text(operand(node.value, env)) : '';
      return evaluate(condition(node.test, env) ? node.then : node.other, env);
    })
    .join('');
}

/** Renders a template over the variables (what it cannot read renders as nothing). */
export function renderTemplate(template: string, env: TemplateEnv): string {
  return evaluate(parse(template), env);
}

/** The variables a template sees for the resource of a send. */
export function templateEnv(
  resource: NotifiedResource,
  send: { health: string | null; status: string | null; event: string },
): TemplateEnv {
  const row: Record<string, unknown> = {
    ...resource.row,
    labels: resource.labels,
    ...(resource.kind === 'config' ? { tags: resource.tags } : {}),
  };
  if (send.health !== null) row.health = send.health;
  if (send.status !== null) row.status = send.status;
  return {
    config: {},
    component: {},
    check: {},
    canary: {},
    [resource.kind]: row,
    status: send.status ?? resource.status ?? '',
    health: send.health ?? resource.health ?? '',
    event: send.event,
    permalink: `/${resource.kind === 'config' ? 'catalog' : resource.kind === 'component' ? 'topology' : 'health'}/${resource.id}`,
  };
}

/** A Slack Block Kit message. */
export interface SlackMessage {
  blocks: Array<Record<string, unknown>>;
}

/** The Block Kit message in a rendered template, or null when it is not one. */
export function slackBlocks(rendered: string): SlackMessage | null {
  if (!rendered.includes('"blocks"')) return null;
  try {
    const parsed: unknown = JSON.parse(rendered);
    const blocks =
      parsed && typeof parsed === 'object' ? (parsed as { blocks?: unknown }).blocks : undefined;
    if (!Array.isArray(blocks)) return null;
    return { blocks: blocks.filter((block) => block && typeof block === 'object') };
  } catch {
    return null;
  }
}

/** Slack's mrkdwn as markdown: `*bold*` → `**bold**`, `<url|text>` → `[text](url)`. */
function mrkdwn(value: string): string {
  return value
    .replace(/<([^|>\s]+)\|([^>]+)>/g, '[$2]($1)')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/(^|[\s(])\*([^*\n]+)\*(?=[\s).,:;!?]|$)/g, '$1**$2**');
}

function blockText(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const item = value as { type?: unknown; text?: unknown };
  return typeof item.text === 'string' ? mrkdwn(item.text) : '';
}

/** The blocks flattened into markdown: texts, fields, context, dividers and buttons. */
export function flattenSlack(message: SlackMessage): string {
  const parts: string[] = [];
  for (const block of message.blocks) {
    const type = block.type;
    if (type === 'header') {
      parts.push(`### ${blockText(block.text)}`);
    } else if (type === 'section') {
      const body = blockText(block.text);
      if (body) parts.push(body);
      const fields = Array.isArray(block.fields) ? block.fields.map(blockText) : [];
      const lines = fields.filter(Boolean).map((field) => {
        const labelled = /^\*\*([^*]+)\*\*:?\s*\n?([\s\S]*)$/.exec(field);
        return labelled
          ? `- **${(labelled[1] ?? '').replace(/:$/, '')}**: ${(labelled[2] ?? '').trim()}`
          : `- ${field}`;
      });
      if (lines.length > 0) parts.push(lines.join('\n'));
    } else if (type === 'context') {
      const elements = Array.isArray(block.elements) ? block.elements.map(blockText) : [];
      const line = elements.filter(Boolean).join(' · ');
      if (line) parts.push(line);
    } else if (type === 'divider') {
      parts.push('---');
    } else if (type === 'actions') {
      const links = (Array.isArray(block.elements) ? block.elements : []).flatMap(
        (element: unknown) => {
          const button = element as { text?: unknown; url?: unknown };
          const label = blockText(button?.text);
          return label && typeof button.url === 'string' ? [`[${label}](${button.url})`] : [];
        },
      );
      if (links.length > 0) parts.push(links.join(' '));
    }
  }
  return parts.join('\n\n');
}

/** The rule columns a body is rendered from. */
export interface RenderedRule {
  title: string | null;
  template: string | null;
  custom_services: unknown;
}

/** Whether the rule delivers to Slack (a `slack` service or a Slack connection). */
export function isSlackRule(rule: RenderedRule, connectionType: string | null = null): boolean {
  if (connectionType?.toLowerCase() === 'slack') return true;
  if (!Array.isArray(rule.custom_services)) return false;
  return rule.custom_services.some((service: unknown) => {
    if (!service || typeof service !== 'object') return false;
    const { name, connection } = service as { name?: unknown; connection?: unknown };
    return (
      (typeof name === 'string' && name.toLowerCase() === 'slack') ||
      (typeof connection === 'string' && /^slack:\/\//i.test(connection))
    );
  });
}

/** A rendered send: its markdown and, for Slack, its blocks. */
export interface RenderedBody {
  title: string;
  markdown: string;
  slack: SlackMessage | null;
}

/**
 * Renders the send's body. `members` are the other resources of the send's group, listed
 * under the text (`namespace/type/name`, as the backend names grouped resources).
 */
export function renderBody(
  rule: RenderedRule,
  resource: NotifiedResource,
  send: { health: string | null; status: string | null; event: string },
  options: { slack?: boolean; members?: readonly string[] } = {},
): RenderedBody {
  const env = templateEnv(resource, send);
  const title =
    renderTemplate(rule.title ?? '', env).trim() ||
    `${KIND_LABEL[resource.kind]} ${resource.name ?? resource.id}`;
  const rendered = rule.template?.trim() ? renderTemplate(rule.template, env).trim() : '';
  const members =
    options.members && options.members.length > 0
      ? `Grouped resources:\n${options.members.map((member) => `- ${member}`).join('\n')}`
      : '';
  const blocks = slackBlocks(rendered);
  if (blocks) {
    const withMembers = members
      ? {
          blocks: [...blocks.blocks, { type: 'section', text: { type: 'mrkdwn', text: members } }],
        }
      : blocks;
    return { title, markdown: flattenSlack(withMembers), slack: withMembers };
  }
  const state = [send.health, send.status].filter(Boolean).join(' / ');
  const text = rendered || `${send.event}${state ? `: ${state}` : ''}`;
  const markdown = [`**${title}**`, text, members].filter(Boolean).join('\n\n');
  if (!options.slack) return { title, markdown, slack: null };
  const fields = [
    ['Health', send.health ?? resource.health],
    ['Status', send.status ?? resource.status],
    ['Type', resource.type],
  ].flatMap(([label, value]) =>
    value ? [{ type: 'mrkdwn', text: `*${label}*: ${String(value)}` }] : [],
  );
  const slack: SlackMessage = {
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: title } },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: [text, members].filter(Boolean).join('\n\n') },
      },
      ...(fields.length > 0 ? [{ type: 'section', fields }] : []),
    ],
  };
  return { title, markdown: flattenSlack(slack), slack };
}
