/**
 * A send's body as one line of plain text, for a table cell: Markdown read into its words (no
 * asterisks, hashes or link addresses), a Slack message (Block Kit JSON) read into its texts and
 * fields. The detail dialog renders the body; this is only the glance.
 */
import removeMarkdown from 'remove-markdown';

/** A table's separator row (`|---|:--:|`). */
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm;

/**
 * Markdown's words as plain text on one line (`remove-markdown`; table rules dropped and
 * cells separated by spaces).
 */
export function markdownText(source: string): string {
  return removeMarkdown(source.replace(TABLE_RULE, ''))
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Slack's mrkdwn links (`<url|label>`) as their labels, bare `<url>` as the address. */
const slackLinks = (text: string) =>
  text.replace(/<([^|>\s]+)\|([^>]+)>/g, '$2').replace(/<([^|>\s]+)>/g, '$1');

function blockTexts(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  const text = (value as { text?: unknown }).text;
  if (typeof text === 'string') return [slackLinks(text)];
  return blockTexts(text);
}

/** The texts of a Block Kit message (headers, sections and their fields, context), or null. */
function slackText(body: string): string | null {
  const start = body.trimStart();
  if (!start.startsWith('{') || !start.includes('"blocks"')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(start);
  } catch {
    return null;
  }
  const blocks = (parsed as { blocks?: unknown } | null)?.blocks;
  if (!Array.isArray(blocks)) return null;
  const parts: string[] = [];
  for (const block of blocks as Array<Record<string, unknown> | null>) {
    if (!block || typeof block !== 'object') continue;
    parts.push(...blockTexts(block));
    for (const key of ['fields', 'elements'] as const) {
      const items = block[key];
      if (Array.isArray(items)) for (const item of items) parts.push(...blockTexts(item));
    }
  }
  return parts.join('\n\n');
}

/** A send's body (Markdown or a Slack message) as one line of plain text; '' for none. */
export function messageText(body: string | null | undefined): string {
  if (!body) return '';
  return markdownText(slackText(body) ?? body);
}
