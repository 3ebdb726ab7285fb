import { searchBody } from '../../../src/api/endpoints/resources';
import {
  SELECTOR_KINDS,
  SELECTOR_KIND_INFO,
} from '../../../src/features/selectors/model/selectorKinds';
import { demoSuite, postJson } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin']);

const examples = SELECTOR_KINDS.flatMap((kind) =>
  SELECTOR_KIND_INFO[kind].examples.map((example) => [kind, example] as const),
);

describe('the selector tool’s examples on the demo engine', () => {
  it.each(examples)('%s: %s is a selector the search accepts', async (kind, example) => {
    const { search } = SELECTOR_KIND_INFO[kind];
    const res = await postJson(
      h.app,
      '/api/resources/search',
      cookies.admin,
      searchBody({ kind: search, search: example }),
    );
    expect(res.statusCode).toBe(200);
  });

  it.each(SELECTOR_KINDS)('%s: some example matches the seeded estate', async (kind) => {
    const { search, examples: own } = SELECTOR_KIND_INFO[kind];
    const found = await Promise.all(
      own.map(async (example) => {
        const res = await postJson(
          h.app,
          '/api/resources/search',
          cookies.admin,
          searchBody({ kind: search, search: example }),
        );
        return (res.json<Record<string, unknown[]>>()[search] ?? []).length;
      }),
    );
    expect(Math.max(...found)).toBeGreaterThan(0);
  });
});
