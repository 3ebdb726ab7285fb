/**
 * A send's body as one line of plain text, for a table cell: Markdown read into its words (no
 * asterisks, hashes or link addresses), a Slack message (Block Kit JSON) read into its texts and
 * fields. The detail dialog renders the body; this is only the glance.
 */
import { parser, RuleType } from 'markdown-to-jsx/react';
import type { MarkdownToJSX } from 'markdown-to-jsx/react';

/** The words of parsed Markdown nodes, blocks separated by a space. */
function nodeText(nodes: readonly MarkdownToJSX.ASTNode[], out: string[]): void {
  for (const node of nodes) {
    if (node.type === RuleType.text || node.type === RuleType.codeInline) {
      out.push(node.text);
    } else if (node.type === RuleType.codeBlock) {
      out.push(` ${node.text} `);
    } else if (node.type === RuleType.breakLine || node.type === RuleType.breakThematic) {
      out.push(' ');
    } else if (node.type === RuleType.image) {
      out.push(node.alt ?? '');
    } else if (node.type === RuleType.table) {
      eachText([node.header, ...node.cells].flat(), out);
    } else if (node.type === RuleType.orderedList || node.type === RuleType.unorderedList) {
      eachText(node.items, out);
    } else if ('children' in node && Array.isArray(node.children)) {
      nodeText(node.children as MarkdownToJSX.ASTNode[], out);
      if (node.type === RuleType.paragraph || node.type === RuleType.heading) out.push(' ');
    }
  }
}

/** The words of each list of nodes (list items, table cells), a space after each. */
function eachText(lists: readonly (readonly MarkdownToJSX.ASTNode[])[], out: string[]): void {
  for (const nodes of lists) {
    nodeText(nodes, out);
    out.push(' ');
  }
}

/** Markdown's words as plain text on one line. */
export function markdownText(source: string): string {
  const out: string[] = [];
  nodeText(parser(source), out);
  return out.join('').replace(/\s+/g, ' ').trim();
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
