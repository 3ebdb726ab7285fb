/**
 * ANSI SGR colours in log text (`ESC[31m`, `ESC[1;92m`, `ESC[0m`): the text cut into runs
 * that share a colour and weight. Reads the foreground colours 30–37 and 90–97, bold (1),
 * normal weight (22), default colour (39) and reset (0 or `ESC[m`); every other SGR code is
 * dropped, and other escape sequences (cursor moves, erases) are removed. Pure.
 */

/** The eight colours of the ANSI palette, in code order. */
export const ANSI_COLORS = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
] as const;
export type AnsiColorName = (typeof ANSI_COLORS)[number];

/** A colour: one of the eight, normal or bright (90–97). */
export type AnsiColor = AnsiColorName | `bright-${AnsiColorName}`;

/** A run of text with one style. */
export interface AnsiSegment {
  text: string;
  /** Unset: the default colour. */
  color?: AnsiColor;
  /** Set only when bold. */
  bold?: true;
}

/** Where a style stands while the text is read. */
interface AnsiStyle {
  color?: AnsiColor | undefined;
  bold: boolean;
}

// ESC [ params final-byte: any CSI sequence (SGR ends in `m`), and the lone ESC of a broken one.
// eslint-disable-next-line no-control-regex
const CSI = /\u001b\[([0-9;?]*)([@-~])|\u001b/g;

/** The style after the SGR codes of one sequence (`1;31`; empty means reset). */
function applyCodes(style: AnsiStyle, params: string): AnsiStyle {
  const codes = params === '' ? [0] : params.split(';').map((code) => Number(code || '0'));
  let next = { ...style };
  for (const code of codes) {
    if (code === 0) next = { bold: false };
    else if (code === 1) next.bold = true;
    else if (code === 22) next.bold = false;
    else if (code === 39) next.color = undefined;
    else if (code >= 30 && code <= 37) next.color = ANSI_COLORS[code - 30];
    else if (code >= 90 && code <= 97) next.color = `bright-${ANSI_COLORS[code - 90]!}`;
  }
  return next;
}

function segment(text: string, style: AnsiStyle): AnsiSegment {
  return {
    text,
    ...(style.color ? { color: style.color } : {}),
    ...(style.bold ? { bold: true as const } : {}),
  };
}

/**
 * The text in styled runs, in order; runs of the same style next to each other are joined and
 * empty ones left out. `start` is the style the text begins in (the end of the line before);
 * the style it ends in is returned beside the runs.
 */
export function parseAnsi(
  text: string,
  start: AnsiStyle = { bold: false },
): { segments: AnsiSegment[]; end: AnsiStyle } {
  const segments: AnsiSegment[] = [];
  let style = start;
  let at = 0;
  const push = (part: string) => {
    if (part === '') return;
    const last = segments[segments.length - 1];
    if (last && last.color === style.color && Boolean(last.bold) === style.bold) {
      last.text += part;
    } else {
      segments.push(segment(part, style));
    }
  };
  for (const match of text.matchAll(CSI)) {
    push(text.slice(at, match.index));
    at = match.index + match[0].length;
    if (match[2] === 'm') style = applyCodes(style, match[1] ?? '');
  }
  push(text.slice(at));
  return { segments, end: style };
}

/** The text without any escape sequence, as a reader sees it. */
export function stripAnsi(text: string): string {
  return text.replace(CSI, '');
}

/**
 * Lines of a log, each in its runs; a colour left on at the end of a line carries to the next,
 * as a terminal shows it. A trailing newline does not make an empty last line.
 */
export function ansiLines(text: string): AnsiSegment[][] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  let style: AnsiStyle = { bold: false };
  return lines.map((line) => {
    const parsed = parseAnsi(line, style);
    style = parsed.end;
    return parsed.segments;
  });
}
