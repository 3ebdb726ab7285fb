import { Button, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { CLIPBOARD_MESSAGES, copyToClipboard } from './clipboard';

export interface CopyableTextProps {
  /** The text's accessible name ("Helm values"). */
  label: string;
  /** What is shown. */
  text: string;
  /** What is copied, when it differs from what is shown (a masked secret). Default `text`. */
  copyText?: string;
  /** A code block (multi-line output, scrolled past its height) rather than inline code. */
  block?: boolean;
  /** The copy button's accessible name. Default `Copy {label in lower case}`. */
  copyLabel?: string;
  /** Visible words on the copy button; an icon-only button without. */
  buttonText?: string;
  /** The toast once copied. Default "Copied to clipboard". */
  copiedMessage?: string;
  /** More buttons after the copy button (reveal, hide). */
  children?: ReactNode;
}

/**
 * A generated or secret text with its copy button: inline code for a value or a command, a code
 * block for output (manifests, values). Copying says so, or why it failed, in a toast.
 */
export function CopyableText({
  label,
  text,
  copyText = text,
  block = false,
  copyLabel = `Copy ${label.toLowerCase()}`,
  buttonText,
  copiedMessage = CLIPBOARD_MESSAGES.copied,
  children,
}: CopyableTextProps) {
  return (
    <div className={block ? 'mc-copyable mc-copyable-block' : 'mc-copyable'}>
      {block ? (
        <pre className={Classes.CODE_BLOCK} aria-label={label}>
          {text}
        </pre>
      ) : (
        <code className={Classes.CODE} aria-label={label}>
          {text}
        </code>
      )}
      <Button
        variant={buttonText ? undefined : 'minimal'}
        size={block ? undefined : 'small'}
        icon="clipboard"
        text={buttonText}
        aria-label={copyLabel}
        title={copyLabel}
        onClick={() => void copyToClipboard(copyText, copiedMessage)}
      />
      {children}
    </div>
  );
}
