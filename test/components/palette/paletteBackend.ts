import { HttpResponse, http } from 'msw';
import { server } from '../../support/msw';

/** A resource of the palette's fake backend. */
export interface Row {
  id: string;
  name: string;
  type?: string;
  namespace?: string;
  health?: string;
  status?: string;
  tags?: Record<string, string>;
  agent?: string;
  /** A config change's own fields (`config_changes`). */
  config_id?: string;
  summary?: string;
  severity?: string;
}

export interface PaletteData {
  /** Per MISC-03 kind (`checks`, `configs`, `components`, `playbooks`, `connections`). */
  resources?: Record<string, readonly Row[]>;
  incidents?: ReadonlyArray<{ id: string; title: string; status?: string; severity?: string }>;
  rules?: ReadonlyArray<{ id: string; name: string; namespace?: string }>;
  views?: ReadonlyArray<{ id: string; name: string; namespace?: string }>;
  teams?: ReadonlyArray<{ id: string; name: string }>;
}

/** One request the backend received, with the typed text it carried. */
export interface Received {
  what: 'search' | 'incidents' | 'rules' | 'views' | 'teams';
  text: string;
  /** Kinds of a MISC-03 body. */
  kinds: string[];
  limit?: number;
  /** A MISC-03 body's `lenient`. */
  lenient?: boolean;
  signal: AbortSignal;
  url: string;
}

/** The typed text of `name=ilike.*text*` / `or=(name.ilike.*text*,…)`. */
function textOf(url: URL, param: string): string {
  const value = url.searchParams.get(param) ?? '';
  const match = /ilike\.\*(.*?)\*/.exec(value);
  return (match?.[1] ?? '').replace(/\\(.)/g, '$1');
}

const holds = (name: string, text: string) => name.toLowerCase().includes(text.toLowerCase());

/**
 * A small reading of the selector grammar over the fixed rows: `key=value` (a field, or
 * `tags.k`) must equal, other words are held by the name. `key=` without a value is the
 * server's 400.
 */
function matches(row: Row, text: string): boolean | { problem: string } {
  let matched = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const term = /^([\w.]+)=(.*)$/.exec(word);
    if (!term) {
      matched &&= holds(row.name, word);
      continue;
    }
    const [, key = '', value = ''] = term;
    if (value === '') return { problem: `"${key}" needs a value` };
    const actual = key.startsWith('tags.')
      ? row.tags?.[key.slice(5)]
      : (row as unknown as Record<string, unknown>)[key];
    matched &&= actual === value;
  }
  return matched;
}
export interface PaletteBackend {
  received: Received[];
  /** Hold the answers of searches for `text` until `release(text)`. */
  hold: (text: string) => void;
  release: (text: string) => void;
}

/**
 * MISC-03 over fixed resources (the body's kinds, `search`, `limit`), and the incidents,
 * notification rules and views PostgREST searches. Answers can be held per typed text.
 */
export function paletteBackend(data: PaletteData): PaletteBackend {
  const received: Received[] = [];
  const held = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const wait = async (text: string) => {
    await held.get(text)?.promise;
  };
  /**
   * A PostgREST search of `table` by the text of `param` (the title, or the `or` of names):
   * recorded as `what`, answered with the rows whose title or name holds the text.
   */
  const searchTable = (
    table: string,
    what: Received['what'],
    param: 'title' | 'or' | 'name',
    rows: () => ReadonlyArray<{ title?: string; name?: string }>,
  ) =>
    http.get(`*/api/db/${table}`, async ({ request }) => {
      const text = textOf(new URL(request.url), param);
      received.push({ what, text, kinds: [], signal: request.signal, url: request.url });
      await wait(text);
      return HttpResponse.json(rows().filter((row) => holds(row.title ?? row.name ?? '', text)));
    });
  server.use(
    http.post('*/api/resources/search', async ({ request }) => {
      const { lenient, ...body } = (await request.json()) as Record<
        string,
        Array<{ search?: string; limit?: number }>
      > & { lenient?: boolean };
      const kinds = Object.keys(body);
      const text = body[kinds[0] ?? '']?.[0]?.search ?? '';
      const limit = body[kinds[0] ?? '']?.[0]?.limit;
      received.push({
        what: 'search',
        text,
        kinds,
        limit,
        ...(lenient ? { lenient } : {}),
        signal: request.signal,
        url: request.url,
      });
      await wait(text);
      const problem = matches({ id: '', name: '' }, text);
      if (typeof problem === 'object') {
        return HttpResponse.json(
          { error: `${kinds[0]}[0].search: ${problem.problem}` },
          { status: 400 },
        );
      }
      const answer: Record<string, Row[]> = {};
      for (const kind of kinds) {
        const found = (data.resources?.[kind] ?? []).filter((row) => matches(row, text) === true);
        if (found.length > 0) answer[kind] = found;
      }
      return HttpResponse.json(answer);
    }),
    searchTable('incidents', 'incidents', 'title', () => data.incidents ?? []),
    searchTable('notifications_summary', 'rules', 'or', () => data.rules ?? []),
    searchTable('views', 'views', 'or', () => data.views ?? []),
    searchTable('teams', 'teams', 'name', () => data.teams ?? []),
  );
  return {
    received,
    hold: (text) => {
      let resolve = () => undefined as void;
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      held.set(text, { promise, resolve });
    },
    release: (text) => {
      held.get(text)?.resolve();
      held.delete(text);
    },
  };
}
