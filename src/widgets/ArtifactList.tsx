import { Button, Classes } from '@blueprintjs/core';
import { useState } from 'react';
import { artifactDownloadUrl } from '../api/endpoints/playbooks';
import { formatBytes } from '../lib/bytes';
import { artifactKind } from '../lib/artifactKind';
import { lazyPart } from '../ui/LazyPart';
import type { ArtifactPreviewDialogProps } from './ArtifactPreviewDialog';
import './artifacts.css';

// The preview's code loads when a preview is first opened.
const ArtifactPreviewDialog = lazyPart(
  async () => (await import('./ArtifactPreviewDialog')).ArtifactPreviewDialog,
);

/** What the list shows of an artifact. */
export interface ArtifactListItem {
  id: string;
  filename?: string | null;
  path?: string | null;
  /** Its MIME type, which decides whether it shows inline or in a preview. */
  content_type?: string | null;
  /** Bytes (a number, or its text as PostgREST may send a bigint). */
  size?: number | string | null;
}

export interface ArtifactListProps {
  artifacts: readonly ArtifactListItem[];
  /** The section's class beside `mc-artifacts`. */
  className?: string;
}

/**
 * A section "Artifacts" listing files kept by Mission Control (MISC-04): each name a link that
 * saves the file under its name, with its size; an image is also shown inline, and a text or
 * JSON file has a Preview that opens it in a dialog. Nothing when there are none.
 */
export function ArtifactList({ artifacts, className }: ArtifactListProps) {
  const [preview, setPreview] = useState<ArtifactPreviewDialogProps['artifact']>();
  if (artifacts.length === 0) return null;
  return (
    <section className={`mc-artifacts${className ? ` ${className}` : ''}`} aria-label="Artifacts">
      <h4 className={Classes.HEADING}>Artifacts</h4>
      <ul>
        {artifacts.map((artifact) => {
          const name = artifact.filename || artifact.path || artifact.id;
          const kind = artifactKind(artifact.content_type, name);
          return (
            <li key={artifact.id}>
              <a
                href={artifactDownloadUrl(artifact.id, artifact.filename || name)}
                download={artifact.filename || true}
              >
                {name}
              </a>
              {artifact.size != null && Number.isFinite(Number(artifact.size)) && (
                <span className="mc-artifacts-size"> {formatBytes(Number(artifact.size))}</span>
              )}
              {(kind === 'json' || kind === 'text') && (
                <Button
                  variant="minimal"
                  size="small"
                  icon="eye-open"
                  aria-label={`Preview ${name}`}
                  onClick={() => setPreview({ id: artifact.id, name, kind })}
                />
              )}
              {kind === 'image' && (
                <img
                  className="mc-artifacts-image"
                  src={artifactDownloadUrl(artifact.id)}
                  alt={name}
                  loading="lazy"
                />
              )}
            </li>
          );
        })}
      </ul>
      {preview && (
        <ArtifactPreviewDialog artifact={preview} onClose={() => setPreview(undefined)} />
      )}
    </section>
  );
}
