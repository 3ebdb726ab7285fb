import type { SqlClient } from '../db/types';
import type { Rng } from './random';

/** What one area's seeder may read from the areas seeded before it. */
export interface SeedRefs {
  people: Array<{ id: string; name: string; email: string; role: string }>;
  teams: Array<{ id: string; name: string }>;
  agents: Array<{ id: string; name: string }>;
  canaries: Array<{ id: string; name: string; namespace: string }>;
  checks: Array<{ id: string; name: string; canaryId: string; type: string }>;
  topologies: Array<{ id: string; name: string }>;
  components: Array<{ id: string; name: string; type: string }>;
  configs: Array<{ id: string; name: string; type: string }>;
  configChanges: Array<{ id: string; configId: string }>;
  configAnalyses: Array<{ id: string; configId: string }>;
  connections: Array<{ id: string; name: string; type: string }>;
  playbooks: Array<{ id: string; name: string }>;
  notifications: Array<{ id: string; name: string }>;
}

export interface SeedContext {
  db: SqlClient;
  rng: Rng;
  /** 1 is a medium company; the benchmark asks for more. */
  scale: number;
  /** The fixed "now" of the seed run; histories are laid out before it. */
  now: Date;
  refs: SeedRefs;
  log: (line: string) => void;
}

/** One area's seeder: inserts its rows and records what later areas may reference. */
export type Seeder = (ctx: SeedContext) => Promise<void>;
