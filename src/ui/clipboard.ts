import { toastError, toastSuccess } from './toaster';

export const CLIPBOARD_MESSAGES = {
  unavailable: 'Clipboard not available',
  failed: 'Failed to copy to clipboard',
  copied: 'Copied to clipboard',
} as const;

/**
 * Copies text and says so in a toast. The browser may have no clipboard (plain HTTP, old
 * browsers) or refuse the write; both are reported. Resolves to whether the text was copied.
 */
export async function copyToClipboard(
  text: string,
  successMessage: string = CLIPBOARD_MESSAGES.copied,
): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard || typeof clipboard.writeText !== 'function') {
    void toastError(CLIPBOARD_MESSAGES.unavailable);
    return false;
  }
  try {
    await clipboard.writeText(text);
  } catch {
    void toastError(CLIPBOARD_MESSAGES.failed);
    return false;
  }
  void toastSuccess(successMessage);
  return true;
}
