import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { consoleUrl, formatAccounts } from '../../../server/banner';
import { StartupError, assertPortFree, listenErrorMessage } from '../../../server/listen';

describe('formatAccounts', () => {
  it('prints an aligned email / password / role table', () => {
    expect(
      formatAccounts([
        { email: 'admin@demo.local', password: 'admin', role: 'admin' },
        { email: 'ed@demo.local', password: 'correct-horse', role: 'editor' },
      ]),
    ).toEqual([
      'Demo accounts:',
      '  Email             Password       Role',
      '  admin@demo.local  admin          admin',
      '  ed@demo.local     correct-horse  editor',
    ]);
  });

  it('prints nothing without accounts', () => {
    expect(formatAccounts([])).toEqual([]);
  });
});

describe('consoleUrl', () => {
  it('brackets IPv6 hosts', () => {
    expect(consoleUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(consoleUrl('::1', 3000)).toBe('http://[::1]:3000');
  });
});

describe('listening errors', () => {
  it('words a taken port as one line', () => {
    const error = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(listenErrorMessage(error, '127.0.0.1', 3000)).toBe(
      'Port 3000 is already in use on 127.0.0.1. Set PORT to another port.',
    );
    const denied = Object.assign(new Error('listen EACCES'), { code: 'EACCES' });
    expect(listenErrorMessage(denied, '0.0.0.0', 80)).toMatch(/^Not allowed to listen on port 80/);
  });

  it('assertPortFree rejects a held port and accepts a free one', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const attempt = assertPortFree('127.0.0.1', port);
      await expect(attempt).rejects.toBeInstanceOf(StartupError);
      await expect(attempt).rejects.toThrow(
        `Port ${port} is already in use on 127.0.0.1. Set PORT to another port.`,
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    await expect(assertPortFree('127.0.0.1', port)).resolves.toBeUndefined();
    await expect(assertPortFree('127.0.0.1', 0)).resolves.toBeUndefined();
  });
});
