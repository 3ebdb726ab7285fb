/**
 * A JSON document stored as bytes, gzipped or not (a run artifact, `summary.json.gz`): the bytes
 * are un-gzipped when they start with gzip's magic number (1f 8b), with the platform's
 * `DecompressionStream`, then read as UTF-8 JSON.
 */

/** Whether the bytes are a gzip stream (they start with 1f 8b). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The bytes of a gzip stream, inflated. */
export async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  if (typeof DecompressionStream === 'undefined') {
    throw new Error('This browser cannot read gzip content.');
  }
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The JSON value of `bytes`, un-gzipped first when they are gzip. Throws on text that is not
 * JSON (the parser's error) and on a broken gzip stream.
 */
export async function decodeJsonBytes(bytes: ArrayBuffer | Uint8Array): Promise<unknown> {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const plain = isGzip(view) ? await gunzip(view) : view;
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}
