import { Suspense, useCallback, useEffect, useState } from 'react';
import type { NavEntry } from './navigation';
import { useShellOptions } from './ShellContext';

/** The top bar button's accessible name. */
export const PALETTE_BUTTON_LABEL = 'Search and commands (Ctrl+K)';

/** Whether typing `/` there types a slash: inputs, text areas, editable content, Monaco. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return target.closest('.monaco-editor, [contenteditable="true"]') !== null;
}

/** Whether a key press opens the palette: Ctrl+K / Cmd+K anywhere, `/` outside text fields. */
export function opensPalette(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
    return true;
  }
  return (
    event.key === '/' &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !isEditable(event.target)
  );
}

export interface PaletteOpener {
  /** The app supplies a palette. */
  available: boolean;
  isOpen: boolean;
  open: () => void;
  close: () => void;
  /** The palette, once it was opened (its chunk loads then). */
  palette: JSX.Element | null;
}

/**
 * The command palette's opener for the shell: the Ctrl+K / Cmd+K and `/` keys, and the palette
 * the app supplies (`ShellOptions.commandPalette`), rendered from its first open on (a lazy
 * palette's code loads then).
 */
export function usePaletteOpener(pages: readonly NavEntry[]): PaletteOpener {
  const { commandPalette: Palette } = useShellOptions();
  const available = Palette !== undefined;
  const [isOpen, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const open = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!available) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !opensPalette(event)) return;
      event.preventDefault();
      open();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, available]);

  const palette =
    mounted && Palette ? (
      <Suspense fallback={null}>
        <Palette isOpen={isOpen} onClose={close} pages={pages} />
      </Suspense>
    ) : null;
  return { available, isOpen, open, close, palette };
}
