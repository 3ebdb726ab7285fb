import { appPages, standalonePages } from '../../../src/app/routes';
import { WEIGHT_ROUTES } from '../../bench/weightRoutes';

describe("the weight bench's routes", () => {
  it('are every path pattern of the route table, once each', () => {
    const table = new Set([...appPages, ...standalonePages].map((page) => page.path));
    const benched = WEIGHT_ROUTES.map((route) => route.pattern);
    expect(new Set(benched).size).toBe(benched.length);
    expect([...new Set(benched)].sort()).toEqual([...table].sort());
  });

  it('fill every parameter of their pattern, from a row or with a stand-in', () => {
    for (const route of WEIGHT_ROUTES) {
      const segments = route.pattern.split('/').filter((s) => s !== '*');
      const sampled = route.sample?.href({ id: 'a', name: 'b', namespace: 'c' });
      for (const address of [route.fallback, ...(sampled ? [sampled] : [])]) {
        expect(address).not.toContain(':');
        expect(address.split('/')).toHaveLength(segments.length);
        segments.forEach((segment, i) => {
          if (!segment.startsWith(':')) expect(address.split('/')[i]).toBe(segment);
        });
      }
    }
  });
});
