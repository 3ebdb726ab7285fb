import { Classes } from '@blueprintjs/core';
import { createElement, Fragment, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Markdown as MarkdownToJsx, RuleType } from 'markdown-to-jsx/react';
import type { MarkdownToJSX } from 'markdown-to-jsx/react';

/**
 * Markdown rendered into React elements by `markdown-to-jsx`, never into HTML strings:
 * headings, paragraphs (a single line break stays a line break), lists, block quotes, code,
 * tables, rules, emphasis and links. Raw HTML is not parsed: it is shown as the text it is.
 * A link is a link only when its address is `http:`, `https:` or `mailto:`; any other
 * (`javascript:`, `data:`, relative) shows its label as plain text. Images are not loaded: their
 * description is shown, linked to the image when its address is safe.
 */

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Whether an address may be followed: an absolute `http:`, `https:` or `mailto:` URL. */
export function isSafeHref(href: string): boolean {
  try {
    return SAFE_PROTOCOLS.has(new URL(href.trim()).protocol);
  } catch {
    return false;
  }
}

/** The library's URL check: an address that is not safe is dropped (`null`). */
const sanitizeUrl = (value: string): string | null => (isSafeHref(value) ? value.trim() : null);

/** A link that opens in a new tab without handing the page to it. */
function SafeLink({
  href,
  title,
  children,
}: {
  href: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/** How a piece of plain text is shown: as it is, or as `renderText` makes it. */
type TextRenderer = (text: string) => ReactNode;

/** A text with its line breaks kept as `<br>` elements, each line shown by `show`. */
function textWithBreaks(
  text: string,
  key: MarkdownToJSX.State['key'],
  show: TextRenderer,
): ReactNode {
  const lines = text.split('\n');
  if (lines.length === 1) return createElement(Fragment, { key }, show(text));
  return createElement(
    Fragment,
    { key },
    ...lines.flatMap((line, index) => {
      const shown = createElement(Fragment, { key: `l${index}` }, show(line));
      return index === 0 ? [shown] : [<br key={index} />, shown];
    }),
  );
}

const asItIs: TextRenderer = (text) => text;

/** The rules whose output differs from the library's, plain text shown by `show`. */
const rulesWith =
  (show: TextRenderer): MarkdownToJSX.Options['renderRule'] =>
  (next, node, renderChildren, state) => {
    switch (node.type) {
      case RuleType.heading: {
        // No `id`: an anchor named by the text could clash with the page's own ids.
        const Tag = `h${node.level}` as const;
        return (
          <Tag key={state.key} className={Classes.HEADING}>
            {renderChildren(node.children, state)}
          </Tag>
        );
      }
      case RuleType.text:
        // Inside a link's label the text stays text: no link within a link.
        return textWithBreaks(node.text, state.key, state.inAnchor ? asItIs : show);
      case RuleType.link: {
        const children = renderChildren(node.children, { ...state, inAnchor: true });
        if (node.target === null || !isSafeHref(node.target)) {
          return <Fragment key={state.key}>{children}</Fragment>;
        }
        return (
          <SafeLink key={state.key} href={node.target} title={node.title}>
            {children}
          </SafeLink>
        );
      }
      case RuleType.image: {
        const label = node.alt || node.title || 'image';
        if (node.target === null || !isSafeHref(node.target)) return label;
        return (
          <SafeLink key={state.key} href={node.target} title={node.title}>
            {label}
          </SafeLink>
        );
      }
      case RuleType.htmlBlock:
      case RuleType.htmlSelfClosing:
      case RuleType.htmlComment:
        // Raw HTML parsing is off, so these do not occur; should one, it renders nothing.
        return null;
      default:
        return next();
    }
  };

function optionsWith(show: TextRenderer): MarkdownToJSX.Options {
  return {
    disableParsingRawHTML: true,
    disableFrontmatter: true,
    forceBlock: true,
    forceWrapper: true,
    wrapper: 'div',
    sanitizer: sanitizeUrl,
    renderRule: rulesWith(show),
    overrides: {
      blockquote: { props: { className: Classes.BLOCKQUOTE } },
      pre: { props: { className: Classes.CODE_BLOCK } },
    },
  };
}

const OPTIONS = optionsWith(asItIs);

export interface MarkdownProps {
  /** The Markdown text; nothing is rendered for an empty one. */
  source: string | null | undefined;
  /** Extra class of the container. */
  className?: string;
  /**
   * Shows a line of plain text (not code, not a link's address): e.g. ids turned into links
   * to the console's own pages. Keep it stable (a module function or memoised).
   */
  renderText?: (text: string) => ReactNode;
}

/** Renders Markdown safely (see the module's comment): no HTML from the text reaches the page. */
export function Markdown({ source, className, renderText }: MarkdownProps) {
  const options = useMemo(() => (renderText ? optionsWith(renderText) : OPTIONS), [renderText]);
  if (!source || source.trim() === '') return null;
  return (
    <MarkdownToJsx
      className={['mc-markdown', Classes.RUNNING_TEXT, className].filter(Boolean).join(' ')}
      options={options}
    >
      {source}
    </MarkdownToJsx>
  );
}
