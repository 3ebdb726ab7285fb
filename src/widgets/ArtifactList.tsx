import { Classes } from '@blueprintjs/core';
import { artifactDownloadUrl } from '../api/endpoints/playbooks';
import { formatBytes } from '../lib/bytes';
import './artifacts.css';

/** What the list shows of an artifact. */
export interface ArtifactListItem {
  id: string;
  filename?: string | null;
  path?: string | null;
  /** Bytes (a number, or its text as PostgREST may send a bigint). */
  size?: number | string | null;
}

export interface ArtifactListProps {
  artifacts: readonly ArtifactListItem[];
  /** The section's class beside `mc-artifacts`. */
  className?: string;
}

/**
 * A section "Artifacts" listing files kept by Mission Control (MISC-04): each name a download
 * link, with its size. Nothing when there are none.
 */
export function ArtifactList({ artifacts, className }: ArtifactListProps) {
  if (artifacts.length === 0) return null;
  return (
    <section className={`mc-artifacts${className ? ` ${className}` : ''}`} aria-label="Artifacts">
      <h4 className={Classes.HEADING}>Artifacts</h4>
      <ul>
        {artifacts.map((artifact) => (
          <li key={artifact.id}>
            <a href={artifactDownloadUrl(artifact.id)} download={artifact.filename || true}>
              {artifact.filename || artifact.path || artifact.id}
            </a>
            {artifact.size != null && Number.isFinite(Number(artifact.size)) && (
              <span className="mc-artifacts-size"> {formatBytes(Number(artifact.size))}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
