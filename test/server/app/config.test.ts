import { buildApp } from '../../../server/app';
import { demoApp, fakeDemo, FAKE_ACCOUNTS, testSettings, usingApp } from './support';

const clerkKey = `pk_live_${Buffer.from('clerk.mission.example.com$').toString('base64')}`;

describe('/config.json', () => {
  it('describes kratos mode', async () => {
    await usingApp(demoApp({ consoleVersion: '1.4.63' }), async (app) => {
      const response = await app.inject({ url: '/config.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        authMode: 'kratos',
        identityBasePath: '/api/.ory',
        clerkPublishableKey: null,
        version: '1.4.63',
        ownerLabel: 'owner',
      });
    });
  });

  it('describes clerk mode with its publishable key', async () => {
    await usingApp(demoApp({ authMode: 'clerk', clerkPublishableKey: clerkKey }), async (app) => {
      expect((await app.inject({ url: '/config.json' })).json()).toEqual({
        authMode: 'clerk',
        identityBasePath: '/api/.ory',
        clerkPublishableKey: clerkKey,
        version: '9.8.7',
        ownerLabel: 'owner',
      });
    });
  });

  it('says when the error page hides details', async () => {
    await usingApp(demoApp({ hideErrorDetails: true }), async (app) => {
      expect((await app.inject({ url: '/config.json' })).json()).toMatchObject({
        hideErrorDetails: true,
      });
    });
  });

  it('names the owner label given by OWNER_LABEL', async () => {
    await usingApp(demoApp({ ownerLabel: 'acme.io/team' }), async (app) => {
      expect((await app.inject({ url: '/config.json' })).json()).toMatchObject({
        ownerLabel: 'acme.io/team',
      });
    });
  });

  it('is the same in proxy mode and never forwarded', async () => {
    await usingApp(buildApp(testSettings({ backendUrl: 'http://127.0.0.1:9' })), async (app) => {
      const response = await app.inject({ url: '/config.json' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ authMode: 'kratos', version: '9.8.7' });
      expect((await app.inject({ url: '/api/_health' })).json()).toEqual({ health: 'ok' });
    });
  });
});

describe('demo mode', () => {
  it('passes the settings to the backend factory and mounts it under /api', async () => {
    const demo = fakeDemo();
    const lines: string[] = [];
    await usingApp(
      buildApp(
        testSettings({
          dataDir: '/tmp/mc-data',
          databaseUrl: 'postgres://db/mc',
          reset: true,
          seedScale: 3,
        }),
        { demo: demo.factory, log: (line) => lines.push(line) },
      ),
      async (app) => {
        expect(demo.calls).toHaveLength(1);
        const options = demo.calls[0];
        expect(options).toMatchObject({
          dataDir: '/tmp/mc-data',
          databaseUrl: 'postgres://db/mc',
          reset: true,
          seedScale: 3,
        });
        options?.log('seeded');
        expect(lines).toEqual(['seeded']);
        expect(app.demoAccounts).toEqual(FAKE_ACCOUNTS);

        const whoami = await app.inject({ url: '/api/auth/whoami' });
        expect(whoami.statusCode).toBe(200);
        expect(whoami.json()).toEqual({ message: 'success', payload: { id: 'u1' } });

        const echo = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
        expect(echo.json()).toEqual({ received: { a: 1 } });
      },
    );
    expect(demo.closed()).toBe(1);
  });

  it('omits databaseUrl when none is set and keeps memory mode', async () => {
    const demo = fakeDemo();
    const app = await buildApp(testSettings({ dataDir: null }), { demo: demo.factory });
    await app.close();
    expect(demo.calls[0]?.dataDir).toBeNull();
    expect(demo.calls[0]).not.toHaveProperty('databaseUrl');
  });

  it('answers /api/_health itself and unknown API paths with 404 JSON', async () => {
    await usingApp(demoApp(), async (app) => {
      expect((await app.inject({ url: '/api/_health' })).json()).toEqual({ health: 'ok' });
      for (const [method, url] of [
        ['GET', '/api/nothing/here?x=1'],
        ['POST', '/api/nothing'],
        ['GET', '/api'],
        ['DELETE', '/api/db/people'],
      ] as const) {
        const response = await app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'not found' });
      }
    });
  });

  it('reports a failing backend factory and leaves nothing running', async () => {
    await expect(
      buildApp(testSettings(), {
        demo: async () => {
          throw new Error('database folder is locked');
        },
      }),
    ).rejects.toThrow('database folder is locked');
  });

  it('closes the backend when its plugin fails to load', async () => {
    let closed = false;
    await expect(
      buildApp(testSettings(), {
        demo: async () => ({
          accounts: [],
          plugin: async () => {
            throw new Error('bad plugin');
          },
          close: async () => {
            closed = true;
          },
        }),
      }),
    ).rejects.toThrow('bad plugin');
    expect(closed).toBe(true);
  });
});
