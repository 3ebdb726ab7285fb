import net from 'node:net';

/** A failure to start that is explained in one line, printed without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/** One line explaining why the server could not listen on host:port. */
export function listenErrorMessage(error: unknown, host: string, port: number): string {
  const code = errorCode(error);
  if (code === 'EADDRINUSE') {
    return `Port ${port} is already in use on ${host}. Set PORT to another port.`;
  }
  if (code === 'EACCES') {
    return `Not allowed to listen on port ${port} on ${host}. Set PORT to a port above 1023.`;
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `Cannot listen on ${host}: no such address on this machine. Set HOST to another address.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Cannot listen on ${host}:${port}: ${message}`;
}

/**
 * Fails fast with a StartupError when host:port cannot be bound, before anything slow (such as
 * booting the demo database) happens. Port 0 always succeeds.
 */
export function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => reject(new StartupError(listenErrorMessage(error, host, port))));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
