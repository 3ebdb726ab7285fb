import type { FastifyPluginAsync } from 'fastify';

/** How the server asks for the embedded backend. */
export interface DemoOptions {
  /** Folder holding the persisted database; null keeps everything in memory. */
  dataDir: string | null;
  /** A PostgreSQL connection string used instead of the embedded database. */
  databaseUrl?: string;
  /** Drop the stored data and seed again. */
  reset: boolean;
  /** Multiplier for the amount of seeded data (1 is the default size). */
  seedScale: number;
  /** Lifetime of identity self-service flows; default one hour. */
  identityFlowLifetimeMs?: number;
  /** Version reported by the about endpoints. */
  version?: string;
  /** Prints a progress line (booting, seeding, migrating). */
  log: (line: string) => void;
}

/** A seeded sign-in that the server prints on start. */
export interface DemoAccount {
  email: string;
  password: string;
  role: string;
}

/** The running embedded backend. */
export interface DemoBackend {
  /** Registered by the server under the `/api` prefix. */
  plugin: FastifyPluginAsync;
  accounts: DemoAccount[];
  close(): Promise<void>;
}

export type DemoBackendFactory = (options: DemoOptions) => Promise<DemoBackend>;
