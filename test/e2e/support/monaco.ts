import type { Locator } from 'playwright-core';

/**
 * The Monaco editor of a code editor (its group, by the editor's name). A code editor shows
 * its text at once and loads Monaco when the pointer enters it, so the pointer enters first.
 */
export async function monacoIn(group: Locator): Promise<Locator> {
  await group.hover();
  const editor = group.locator('.monaco-editor');
  await editor.waitFor();
  return editor;
}
