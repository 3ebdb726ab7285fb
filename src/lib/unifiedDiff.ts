import { parsePatch } from 'diff';
import type { StructuredPatch, StructuredPatchHunk } from 'diff';

/** The two sides of a unified diff, as a side-by-side diff viewer takes them. */
export interface DiffSides {
  /** Context and removed lines of every hunk. */
  original: string;
  /** Context and added lines of every hunk. */
  modified: string;
}

/** The line that stands for a hunk on both sides: `@@ -3,4 +3,5 @@`. */
export function hunkHeader(hunk: StructuredPatchHunk): string {
  return `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`;
}

/** Whether a hunk starts at the top of both files (nothing above it is left out). */
function startsAtTop(hunk: StructuredPatchHunk): boolean {
  return hunk.oldStart <= 1 && hunk.newStart <= 1;
}

/** The name a file of a multi-file patch goes by: the new name, else the old one. */
function fileName(patch: StructuredPatch): string {
  const name = patch.newFileName ?? patch.oldFileName ?? '';
  return name.replace(/^[ab]\//, '');
}

/**
 * The original and modified texts of a unified diff (`diff -u`, `git diff`), for a diff viewer:
 * each hunk's context and removed lines make the original, its context and added lines the
 * modified text. Lines the diff leaves out are marked on both sides by the hunk's header
 * (`@@ -10,4 +10,6 @@`): before every hunk but a first one that starts at line 1. A patch of
 * several files starts each file with `diff {name}`. Empty lines are blank context lines;
 * `\ No newline at end of file` markers are dropped.
 *
 * Undefined when the text is empty, is not a unified diff, or has no hunks: show it as text.
 */
export function unifiedDiffSides(text: string | null | undefined): DiffSides | undefined {
  if (!text || text.trim() === '') return undefined;
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(text);
  } catch {
    return undefined;
  }
  const files = patches.filter((patch) => patch.hunks.length > 0);
  if (files.length === 0) return undefined;

  const original: string[] = [];
  const modified: string[] = [];
  const both = (line: string) => {
    original.push(line);
    modified.push(line);
  };
  for (const patch of files) {
    if (files.length > 1) both(`diff ${fileName(patch)}`);
    patch.hunks.forEach((hunk, index) => {
      if (index > 0 || files.length > 1 || !startsAtTop(hunk)) both(hunkHeader(hunk));
      for (const line of hunk.lines) {
        const marker = line.charAt(0);
        const content = line.slice(1);
        // An empty line is a blank context line whose leading space was trimmed.
        if (marker === ' ' || line === '') both(content);
        else if (marker === '-') original.push(content);
        else if (marker === '+') modified.push(content);
        // `\ No newline at end of file` and anything else is not part of either text.
      }
    });
  }
  return { original: original.join('\n'), modified: modified.join('\n') };
}
