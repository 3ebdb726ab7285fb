/** Fixed ids of the test rows, so assertions can name exact rows. */
const id = (prefix: string, n: number): string =>
  `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const P = {
  alice: id('a0000001', 1),
  bob: id('a0000001', 2),
  carol: id('a0000001', 3),
  dave: id('a0000001', 4),
};
export const T = {
  platform: id('b0000001', 1),
  security: id('b0000001', 2),
  old: id('b0000001', 3),
};
export const S = { prod: id('b0000002', 1), dev: id('b0000002', 2), gone: id('b0000002', 3) };
export const A = { local: '00000000-0000-0000-0000-000000000000', edge: id('c0000001', 1) };
export const C = {
  cluster: id('c0000002', 1),
  node: id('c0000002', 2),
  podApi: id('c0000002', 3),
  podWeb: id('c0000002', 4),
  bucket: id('c0000002', 5),
};
export const CH = {
  backoff: id('c0000003', 1),
  pulled: id('c0000003', 2),
  scaled: id('c0000003', 3),
  upgrade: id('c0000003', 4),
};
export const AN = { probe: id('c0000004', 1), cost: id('c0000004', 2) };
export const CO = {
  payments: id('d0000001', 1),
  checkout: id('d0000001', 2),
  db: id('d0000001', 3),
};
export const CA = { http: id('d0000002', 1), dns: id('d0000002', 2) };
export const K = { api: id('d0000003', 1), web: id('d0000003', 2), dns: id('d0000003', 3) };
export const I = {
  outage: id('e0000001', 1),
  checkout: id('e0000001', 2),
  cost: id('e0000001', 3),
};
export const H = {
  deploy: id('e0000002', 1),
  pressure: id('e0000002', 2),
  locks: id('e0000002', 3),
};
export const E = { topo: id('e0000003', 1), config: id('e0000003', 2), db: id('e0000003', 3) };
export const R = { bob: id('e0000004', 1), platform: id('e0000004', 2) };
export const CM = {
  investigating: id('e0000005', 1),
  rolledBack: id('e0000005', 2),
  ok: id('e0000005', 3),
};
export const PB = { restart: id('f0000001', 1) };
export const PR = { first: id('f0000002', 1), child: id('f0000002', 2), failed: id('f0000002', 3) };
export const PA = { step1: id('f0000003', 1), step2: id('f0000003', 2) };
export const AR = { logs: id('f0000004', 1), out: id('f0000004', 2) };
export const J = {
  sync1: id('f0000005', 1),
  sync2: id('f0000005', 2),
  scrape: id('f0000005', 3),
  cleanup: id('f0000005', 4),
};
export const N = { alerts: id('f0000006', 1), team: id('f0000006', 2), deleted: id('f0000006', 3) };
