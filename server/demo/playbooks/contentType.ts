/**
 * How Mission Control's runner marks the content type of an action's result, done the same way
 * in the demo: an exec or pod action that prints a `{ "content", "contentType" }` envelope has
 * `stdout` replaced by the content and `contentType` set; an http answer's `Content-Type`
 * header sets it; the action's own `contentType` in the spec overrides both.
 */

/** The result key holding an action type's primary output, if it has one. */
function primaryOutputKey(type: string): string | undefined {
  if (type === 'exec' || type === 'pod') return 'stdout';
  if (type === 'http') return 'content';
  return undefined;
}

/** The content and its type when `text` is a JSON envelope with both, else undefined. */
function contentEnvelope(text: string): { content: string; contentType: string } | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const { content, contentType } = parsed;
    if (typeof content === 'string' && content !== '' && typeof contentType === 'string') {
      return contentType === '' ? undefined : { content, contentType };
    }
  } catch {
    // Not JSON: the output stays as it is.
  }
  return undefined;
}

function headerContentType(headers: unknown): string | undefined {
  if (headers === null || typeof headers !== 'object') return undefined;
  const value = (headers as Record<string, unknown>)['Content-Type'];
  return typeof value === 'string' ? value : undefined;
}

/** The result with `contentType` set as the runner sets it (see the module's comment). */
export function withContentType(
  result: Record<string, unknown>,
  type: string,
  specContentType: unknown,
): Record<string, unknown> {
  const marked = { ...result };
  const key = primaryOutputKey(type);
  const primary = key === undefined ? undefined : marked[key];
  const envelope = typeof primary === 'string' ? contentEnvelope(primary) : undefined;
  if (key !== undefined && envelope) {
    marked[key] = envelope.content;
    marked.contentType = envelope.contentType;
  }
  if (type === 'http' && marked.contentType === undefined) {
    const header = headerContentType(marked.headers);
    if (header !== undefined) marked.contentType = header;
  }
  if (typeof specContentType === 'string' && specContentType !== '') {
    marked.contentType = specContentType;
  }
  return marked;
}
