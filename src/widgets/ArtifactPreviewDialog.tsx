import { DialogBody } from '@blueprintjs/core';
import { artifactDownloadUrl, useGetArtifactTextQuery } from '../api/endpoints/playbooks';
import { AppDialog } from '../ui/AppDialog';
import { lazyPart } from '../ui/LazyPart';
import { QueryView } from '../ui/QueryView';
import type { ArtifactKind } from '../lib/artifactKind';
import { parseJson } from '../lib/parseJson';
import { queryViewState } from './tableQueryState';
import './artifacts.css';

const JsonTree = lazyPart(async () => (await import('../ui/JsonTree')).JsonTree, 'Loading');

/** A JSON text as a tree, or as it is when it does not parse. */
function JsonPreview({ text }: { text: string }) {
  const parsed = parseJson(text);
  if (!parsed) return <TextPreview text={text} />;
  return <JsonTree value={parsed.value} label="Artifact content" />;
}

function TextPreview({ text }: { text: string }) {
  return (
    <pre className="mc-artifacts-preview" aria-label="Artifact content">
      {text}
    </pre>
  );
}

export interface ArtifactPreviewDialogProps {
  artifact: { id: string; name: string; kind: ArtifactKind };
  onClose: () => void;
}

/**
 * An artifact shown in a dialog titled with its name: a text or JSON one read (MISC-04) as
 * text, an image drawn from the same address.
 */
export function ArtifactPreviewDialog({ artifact, onClose }: ArtifactPreviewDialogProps) {
  return (
    <AppDialog isOpen onClose={onClose} title={artifact.name} icon="document" size="large">
      <DialogBody useOverflowScrollContainer>
        {artifact.kind === 'image' ? (
          <img
            className="mc-artifacts-preview-image"
            src={artifactDownloadUrl(artifact.id)}
            alt={artifact.name}
          />
        ) : (
          <TextArtifact id={artifact.id} kind={artifact.kind} />
        )}
      </DialogBody>
    </AppDialog>
  );
}

/** A text or JSON artifact, read as text: JSON as a tree. */
function TextArtifact({ id, kind }: { id: string; kind: Extract<ArtifactKind, 'json' | 'text'> }) {
  const query = useGetArtifactTextQuery(id);
  return (
    <QueryView
      {...queryViewState(query)}
      size="panel"
      loadingLabel="Loading the file"
      errorTitle="Error loading the file"
    >
      {(text) => (kind === 'json' ? <JsonPreview text={text} /> : <TextPreview text={text} />)}
    </QueryView>
  );
}
