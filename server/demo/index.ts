import type { FastifyPluginAsync } from 'fastify';
import { MIGRATION_TABLES, openSchema } from './db/migrate';
import type { SqlClient } from './db/types';
import { ReadCache } from './db/readCache';
import { cachedRead } from './cachedRelations';
import { seedDatabase } from './seed';
import { DEMO_ACCOUNTS } from './seed/peopleCatalog';
import { PostgrestEngine, postgrestPlugin, type AuthorizeResult } from './postgrest';
import { identityPlugin, mailboxPlugin } from './identity';
import { resolveCaller } from './auth/caller';
import { callerAllows, operationOfMethod, scopeAllows } from './auth/access';
import { ownerColumnOf, resourceOfRelation } from './auth/rbac';
import {
  impersonationHook,
  impersonationOf,
  narrowedSource,
  relationCondition,
} from './auth/impersonation';
import { authRoutes } from './routes/auth';
import { peopleRoutes } from './routes/people';
import { systemRoutes } from './routes/system';
import { canaryRoutes } from './routes/canary';
import { catalogRoutes } from './routes/catalog';
import { topologyRoutes } from './routes/topology';
import { tokenRoutes } from './routes/tokens';
import { rbacRoutes } from './routes/rbac';
import { resourceRoutes } from './routes/resources';
import { playbookRoutes } from './routes/playbooks';
import { notificationRoutes } from './routes/notifications';
import { NotificationDispatcher, playbookRunNotifier } from './notifications/dispatch';
import { PlaybookExecutor } from './playbooks/executor';
import { playbookWriteGuard } from './playbooks/writeGuard';
import { schemaRoutes } from './routes/schemas';
import { connectionRoutes } from './routes/connections';
import { agentRoutes } from './routes/agents';
import { chartRoutes } from './routes/charts';
import { viewRoutes } from './routes/views';
import { logRoutes } from './routes/logs';
import { applicationRoutes } from './routes/applications';
import { pluginRoutes } from './routes/plugins';
import { ResourceScheduler, type ResourceSchedulerOptions } from './editors/scheduler';
import { JobRunner, type JobRunnerOptions } from './jobs/runner';
import { ScrapeRunner } from './scrape/engine';
import { MemorySourceStore, sourceStoreOf, type SourceStore } from './scrape/sources';
import { scrapeRunRoutes } from './routes/scrapeRuns';
import { mcpRoutes } from './mcp/route';
import { llmRoutes } from './llm/routes';
import type { DemoBackend, DemoOptions } from './types';

/** Relations that exist for the stand-in itself and are never served through `/api/db`. */
const HIDDEN_RELATIONS = MIGRATION_TABLES;
const HIDDEN_PREFIX = 'demo_';

export interface DemoRoutesOptions {
  db: SqlClient;
  version: string;
  log: (line: string) => void;
  /** Identity-service overrides (short flow lifetimes in tests). */
  identity?: { flowLifetimeMs?: number; privilegedSessionMaxAgeMs?: number };
  /**
   * The playbook executor: `stepMs` between steps (default 1 s), or `false` for none (tests that
   * drive their own executor).
   */
  playbookExecutor?: { stepMs?: number } | false;
  /**
   * The notification dispatcher's release of waiting sends (wait_for, groups): `stepMs` between
   * releases (default 5 s), or false or unset for none (tests that drive their own with a clock;
   * the server passes options).
   */
  notificationDispatcher?: { stepMs?: number } | false;
  /**
   * The scheduler of UI canaries and scrapers (editors/scheduler.ts): its options, or false or
   * unset for none (tests that drive their own; the server passes options).
   */
  resourceScheduler?: ResourceSchedulerOptions | false;
  /**
   * The runner of the system jobs (jobs/runner.ts): its options, or false or unset for none
   * (tests that drive their own with a clock; the server passes options).
   */
  jobRunner?: JobRunnerOptions | false;
  /**
   * Where the scrapers' sources are kept (scrape/sources.ts): the server keeps them under its
   * data folder; default in memory.
   */
  scrapeSources?: SourceStore;
}

async function isSeeded(db: SqlClient): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM people');
  return (rows[0]?.n ?? 0) > 0;
}

/** Every route of the embedded backend over an open, migrated database; mounted under `/api`. */
export async function demoRoutes(options: DemoRoutesOptions): Promise<FastifyPluginAsync> {
  const { db, log } = options;
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name LIKE 'demo\\_%'`,
  );
  const engine = new PostgrestEngine(db, {
    hiddenRelations: [...HIDDEN_RELATIONS, ...rows.map((r) => r.name)],
  });
  await engine.refreshSchema();
  const identity = {
    db,
    log,
    flowLifetimeMs: options.identity?.flowLifetimeMs,
    privilegedSessionMaxAgeMs: options.identity?.privilegedSessionMaxAgeMs,
    uiUrls: { error: '/flow-error' },
  };
  return async (app) => {
    // Before every route: `X-Flanksource-Scope` is refused (400, 403) or resolved once here.
    app.addHook('onRequest', impersonationHook(db));
    await app.register(identityPlugin(identity), { prefix: '/.ory' });
    await app.register(mailboxPlugin(identity), { prefix: '/demo/mailbox' });
    await app.register(authRoutes(db));
    await app.register(systemRoutes({ db, version: options.version, startedAt: new Date() }));
    const reads = new ReadCache(db);
    app.addHook('onClose', () => reads.close());
    await app.register(canaryRoutes(db, reads));
    await app.register(catalogRoutes(db, reads));
    await app.register(topologyRoutes(db));
    await app.register(tokenRoutes(db));
    await app.register(rbacRoutes(db));
    await app.register(resourceRoutes(db));
    await app.register(playbookRoutes(db));
    await app.register(notificationRoutes(db));
    await app.register(schemaRoutes());
    await app.register(chartRoutes());
    await app.register(connectionRoutes(db));
    await app.register(agentRoutes(db));
    await app.register(viewRoutes({ db, onTablesChanged: () => engine.refreshSchema() }));
    await app.register(logRoutes(db));
    await app.register(applicationRoutes(db));
    await app.register(pluginRoutes(db));
    await app.register(mcpRoutes(db, options.version));
    await app.register(llmRoutes(db));
    const scrapes = new ScrapeRunner(db, {
      sources: options.scrapeSources ?? new MemorySourceStore(),
      log,
    });
    app.addHook('onClose', () => scrapes.idle());
    await app.register(scrapeRunRoutes(db, scrapes));
    if (options.playbookExecutor !== false) {
      const executor = new PlaybookExecutor(db, {
        stepMs: options.playbookExecutor?.stepMs,
        log,
        onRunFinished: playbookRunNotifier(db),
      });
      executor.start();
      app.addHook('onClose', () => executor.stop());
    }
    if (options.notificationDispatcher) {
      const dispatcher = new NotificationDispatcher(db, {
        stepMs: options.notificationDispatcher?.stepMs,
        log,
      });
      dispatcher.start();
      app.addHook('onClose', () => dispatcher.stop());
    }
    if (options.resourceScheduler) {
      const scheduler = new ResourceScheduler(db, { log, scrapes, ...options.resourceScheduler });
      scheduler.start();
      app.addHook('onClose', () => scheduler.stop());
    }
    if (options.jobRunner) {
      const runner = new JobRunner(db, { log, ...options.jobRunner });
      runner.start();
      app.addHook('onClose', () => runner.stop());
    }
    await app.register(peopleRoutes({ db, log }));
    app.addHook('preHandler', playbookWriteGuard(db));
    await app.register(
      postgrestPlugin(engine, {
        answer: (request, run) => cachedRead(reads, request, run),
        authorize: async (request, relation, method): Promise<AuthorizeResult> => {
          if (relation.startsWith(HIDDEN_PREFIX)) {
            return { ok: false, status: 404, body: '' };
          }
          const caller = await resolveCaller(db, request);
          if (!caller) {
            return {
              ok: false,
              status: 401,
              body: 'Authorization Error',
              headers: { 'www-authenticate': 'Bearer' },
            };
          }
          const resource = resourceOfRelation(relation);
          const operation = operationOfMethod(method);
          const owner = ownerColumnOf(relation);
          // Scope impersonation narrows what reads of configs, components, canaries, checks,
          // playbooks and views (and what hangs off them) see.
          const impersonation = impersonationOf(request);
          const narrow =
            impersonation === null
              ? {}
              : {
                  narrow: {
                    key: impersonation.key,
                    source: (names: readonly string[], source: string) =>
                      narrowedSource(impersonation, names, source),
                    condition: (name: string, alias: string) =>
                      relationCondition(impersonation, name, alias),
                  },
                };
          if (owner !== undefined && scopeAllows(caller, resource, operation)) {
            // The caller's own rows only: reads and changes are narrowed to them, and the
            // insert trigger refuses rows naming anyone else.
            return {
              ok: true,
              claims: { sub: caller.personId },
              filters: [[owner, `eq.${caller.personId}`]],
              ...narrow,
            };
          }
          if (owner === undefined && callerAllows(caller, resource, operation)) {
            return { ok: true, claims: { sub: caller.personId }, ...narrow };
          }
          return {
            ok: false,
            status: 403,
            body: 'unauthorized. Access Denied',
            headers: {
              'x-rbac-subject': caller.personId,
              'x-rbac-object': resource,
              'x-rbac-action': operation,
            },
          };
        },
      }),
      { prefix: '/db' },
    );
  };
}

/** Opens (or creates), migrates and seeds the demo database, and returns its routes. */
export async function createDemoBackend(options: DemoOptions): Promise<DemoBackend> {
  const started = Date.now();
  const { db, applied } = await openSchema({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    reset: options.reset,
    log: options.log,
  });
  if (applied.length > 0) options.log(`Applied ${applied.length} migrations`);
  if (!(await isSeeded(db))) {
    options.log(`Seeding the demo estate at scale ${options.seedScale} ...`);
    const seedStarted = Date.now();
    await seedDatabase(db, { scale: options.seedScale, log: options.log });
    options.log(`Seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  }
  const plugin = await demoRoutes({
    db,
    version: options.version ?? 'demo',
    log: options.log,
    resourceScheduler: {},
    notificationDispatcher: {},
    jobRunner: {},
    scrapeSources: sourceStoreOf(options.dataDir),
    ...(options.identityFlowLifetimeMs === undefined
      ? {}
      : { identity: { flowLifetimeMs: options.identityFlowLifetimeMs } }),
  });
  options.log(`Demo backend ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    plugin,
    accounts: DEMO_ACCOUNTS.map(({ email, password, role }) => ({ email, password, role })),
    close: () => db.close(),
  };
}
