import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
export const NOT_BUILT_MESSAGE =
  'The console has not been built yet: run `npm run build` (or `npm start`, which builds it).';

const INDEX = 'index.html';

/** Hashed bundles under assets/ never change; everything else is checked on every use. */
export function cacheControlFor(distDir: string, filePath: string): string {
  const relative = path.relative(distDir, filePath).split(path.sep);
  return relative[0] === 'assets' && relative.length > 1 ? IMMUTABLE : REVALIDATE;
}

/** Serves the built console from distDir, with caching suited to hashed file names. */
export async function registerConsoleFiles(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    index: INDEX,
    wildcard: true,
    cacheControl: false,
    // The build writes each text file as .br and .gz beside it: sent as they are when accepted.
    preCompressed: true,
    suppressWarning: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(distDir, filePath));
    },
  });
}

function lastSegmentHasExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last);
}

/**
 * Whether a request that matched no file is a page the console's router handles: a GET or
 * HEAD outside /api and /assets that a browser navigates to (it accepts HTML), or a path
 * without a file extension.
 */
export function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname.startsWith('/assets/')) return false;
  const accept = request.headers.accept ?? '';
  return /text\/html|application\/xhtml\+xml/.test(accept) || !lastSegmentHasExtension(pathname);
}

/** Answers a client route with index.html, or 503 when the console has not been built. */
export function sendConsolePage(reply: FastifyReply, distDir: string): FastifyReply {
  if (!fs.existsSync(path.join(distDir, INDEX))) {
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(`${NOT_BUILT_MESSAGE}\n`);
  }
  return reply.code(200).header('cache-control', REVALIDATE).sendFile(INDEX, distDir);
}
