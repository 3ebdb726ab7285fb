import type { DemoAccount } from './demo/types';

/** The URL a browser opens for a listening address. */
export function consoleUrl(host: string, port: number): string {
  const shown = host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** The demo sign-ins as an aligned text table (email / password / role). */
export function formatAccounts(accounts: DemoAccount[]): string[] {
  if (accounts.length === 0) return [];
  const header: [string, string, string] = ['Email', 'Password', 'Role'];
  const rows: [string, string, string][] = accounts.map((a) => [a.email, a.password, a.role]);
  const widths = [0, 1].map((column) =>
    Math.max(...[header, ...rows].map((row) => row[column]?.length ?? 0)),
  );
  const line = (row: [string, string, string]) =>
    `  ${row[0].padEnd(widths[0] ?? 0)}  ${row[1].padEnd(widths[1] ?? 0)}  ${row[2]}`.trimEnd();
  return ['Demo accounts:', line(header), ...rows.map(line)];
}
