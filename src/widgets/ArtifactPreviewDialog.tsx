import { DialogBody } from '@blueprintjs/core';
import { useGetArtifactTextQuery } from '../api/endpoints/playbooks';
import { AppDialog } from '../ui/AppDialog';
import { lazyPart } from '../ui/LazyPart';
import { QueryView } from '../ui/QueryView';
import type { ArtifactKind } from '../lib/artifactKind';
import { parseJson } from '../lib/parseJson';
import { queryViewState } from './tableQueryState';

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
  artifact: { id: string; name: string; kind: Extract<ArtifactKind, 'json' | 'text'> };
  onClose: () => void;
}

/** A text or JSON artifact read (MISC-04) and shown in a dialog titled with its name. */
export function ArtifactPreviewDialog({ artifact, onClose }: ArtifactPreviewDialogProps) {
  const query = useGetArtifactTextQuery(artifact.id);
  return (
    <AppDialog isOpen onClose={onClose} title={artifact.name} icon="document" size="large">
      <DialogBody useOverflowScrollContainer>
        <QueryView
          {...queryViewState(query)}
          size="panel"
          loadingLabel="Loading the file"
          errorTitle="Error loading the file"
        >
          {(text) =>
            artifact.kind === 'json' ? <JsonPreview text={text} /> : <TextPreview text={text} />
          }
        </QueryView>
      </DialogBody>
    </AppDialog>
  );
}
