import type { FastifyRequest } from 'fastify';

interface AcceptSpec {
  value: string;
  q: number;
}

function parseAccept(header: string): AcceptSpec[] {
  return header
    .split(',')
    .map((part) => {
      const [value = '', ...params] = part.split(';').map((s) => s.trim());
      let q = 1;
      for (const param of params) {
        const [key, raw] = param.split('=').map((s) => s.trim());
        if (key === 'q' && raw !== undefined) q = Number(raw);
      }
      return { value: value.toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((spec) => spec.value !== '');
}

/** Picks between offers like Go's content negotiation: highest q, exact types beating wildcards. */
function negotiate(header: string, offers: string[], fallback: string): string {
  let bestOffer = fallback;
  let bestQ = -1;
  let bestWild = 3;
  for (const offer of offers) {
    const [type] = offer.split('/');
    for (const spec of parseAccept(header)) {
      if (spec.q === 0) continue;
      let wild: number;
      if (spec.value === '*/*') wild = 2;
      else if (spec.value === `${type}/*`) wild = 1;
      else if (spec.value === offer) wild = 0;
      else continue;
      if (spec.q > bestQ || (spec.q === bestQ && wild < bestWild)) {
        bestQ = spec.q;
        bestWild = wild;
        bestOffer = offer;
      }
    }
  }
  return bestOffer;
}

/** True when the identity service answers with JSON rather than redirects (kratos.md §0). */
export function isJsonRequest(req: FastifyRequest): boolean {
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType === 'application/json') return true;
  const accept = req.headers.accept;
  if (!accept) return false;
  return negotiate(accept, ['text/html', 'application/json'], 'text/html') === 'application/json';
}
