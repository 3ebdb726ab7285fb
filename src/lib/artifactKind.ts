/**
 * How a kept file (an artifact) is shown beside its download link: an image inline, JSON and
 * text in a preview; anything else only downloaded. Read from its content type, else from its
 * name's extension.
 */
export type ArtifactKind = 'image' | 'json' | 'text';

const TEXT_EXTENSIONS = new Set(['txt', 'log', 'md', 'yaml', 'yml', 'csv', 'sql', 'sh', 'xml']);
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp']);
const TEXT_TYPES = new Set([
  'application/yaml',
  'application/x-yaml',
  'application/xml',
  'application/sql',
  'application/x-sh',
]);

export function artifactKind(
  contentType: string | null | undefined,
  filename: string | null | undefined,
): ArtifactKind | undefined {
  const mime = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/json' || mime.endsWith('+json')) return 'json';
  if (mime.startsWith('text/') || TEXT_TYPES.has(mime)) return 'text';
  if (mime !== '' && mime !== 'application/octet-stream') return undefined;
  const extension = /\.([a-z0-9]+)$/i.exec(filename ?? '')?.[1]?.toLowerCase() ?? '';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (extension === 'json') return 'json';
  if (TEXT_EXTENSIONS.has(extension)) return 'text';
  return undefined;
}
