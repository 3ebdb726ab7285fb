import { Button } from '@blueprintjs/core';
import { copyToClipboard } from '../../ui/clipboard';
import { connectionUrl } from './model/connectionForm';

/** The words of the copy button. */
export const COPY_CONNECTION_URL = {
  label: 'Copy URL',
  copied: 'Copied',
} as const;

export interface CopyConnectionUrlProps {
  connection: { name?: string | null; namespace?: string | null };
  /** With its words (the dialog); an icon button otherwise (a table row). */
  withText?: boolean;
}

/** Copies `connection://{namespace}/{name}`, the reference specs use, and says "Copied". */
export function CopyConnectionUrl({ connection, withText = false }: CopyConnectionUrlProps) {
  const url = connectionUrl(connection);
  return (
    <Button
      icon="clipboard"
      variant="minimal"
      size={withText ? undefined : 'small'}
      text={withText ? COPY_CONNECTION_URL.label : undefined}
      aria-label={COPY_CONNECTION_URL.label}
      title={url}
      onClick={() => void copyToClipboard(url, COPY_CONNECTION_URL.copied)}
    />
  );
}
