import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings of the server's compression (server/app.ts), in its order of preference. */
const ENCODINGS = ['br', 'gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * Brotli at quality 3: the health summary's 4 MB in a fifth of the time of quality 5, for about
 * a fifth more bytes; a new version of it is compressed while readers wait.
 */
const ENCODERS: Record<Encoding, (body: string) => Promise<Buffer>> = {
  br: (body) =>
    promisify(zlib.brotliCompress)(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 },
    }),
  gzip: (body) => promisify(zlib.gzip)(body),
  deflate: (body) => promisify(zlib.deflate)(body),
};

/** Smaller bodies are sent as they are, as the server's compression does. */
const THRESHOLD = 1024;

/** The encoding of the answer: the first of the server's that `accept-encoding` allows. */
export function chooseEncoding(accept: string | undefined): Encoding | null {
  const allowed = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  return ENCODINGS.find((encoding) => allowed.has(encoding) || allowed.has('*')) ?? null;
}

/**
 * A JSON answer sent many times: its text is made once and each encoding compressed once, on
 * the thread pool, instead of serialising and compressing a large body for every request.
 */
export class EncodedJson {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  private readonly small: boolean;

  constructor(readonly text: string) {
    this.small = Buffer.byteLength(text) < THRESHOLD;
  }

  /** Sends it, as `application/json` unless the reply names its type already. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | FastifyReply {
    if (!reply.hasHeader('content-type')) {
      reply.header('content-type', 'application/json; charset=utf-8');
    }
    const encoding = this.small ? null : chooseEncoding(request.headers['accept-encoding']);
    if (encoding === null) return reply.send(this.text);
    let body = this.encoded.get(encoding);
    if (!body) {
      body = ENCODERS[encoding](this.text);
      this.encoded.set(encoding, body);
    }
    return body.then((bytes) =>
      reply
        .header('vary', 'accept-encoding')
        .header('content-encoding', encoding)
        .header('content-length', bytes.length)
        .send(bytes),
    );
  }
}
