/** Who works at the seeded company: sign-ins per role, names, teams and agents. */
import { HOUR_MS, SECOND_MS } from './helpers';

export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const;
export type DemoRole = (typeof ROLES)[number];

export interface DemoAccount {
  email: string;
  password: string;
  role: DemoRole;
  name: string;
}

/** One sign-in per role, printed by the server on start. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'admin', name: 'Ada Admin', email: 'admin@demo.local', password: 'demo-admin-pass' },
  { role: 'editor', name: 'Eli Editor', email: 'editor@demo.local', password: 'demo-editor-pass' },
  {
    role: 'commander',
    name: 'Cora Commander',
    email: 'commander@demo.local',
    password: 'demo-commander-pass',
  },
  {
    role: 'responder',
    name: 'Remy Responder',
    email: 'responder@demo.local',
    password: 'demo-responder-pass',
  },
  { role: 'viewer', name: 'Vic Viewer', email: 'viewer@demo.local', password: 'demo-viewer-pass' },
  { role: 'guest', name: 'Gale Guest', email: 'guest@demo.local', password: 'demo-guest-pass' },
];

/** The password of every other seeded person. */
export const COLLEAGUE_PASSWORD = 'demo-colleague-pass';

export const FIRST_NAMES =
  'Aisha Ben Carla Dmitri Elena Farid Grace Hiro Ines Jonas Kemi Lars Maya Nikhil Olga Pablo Quinn Rosa Sven Tara Umar Vera Wei Ximena Yusuf Zoe Arjun Bianca Chen Daria Emeka Freya'.split(
    ' ',
  );
export const LAST_NAMES =
  'Okafor Lindqvist Moreau Petrov Silva Haddad Kowalski Tanaka Fischer Nguyen Adeyemi Novak Rossi Sharma Jensen Garcia Murphy Costa Berg Ivanova Khan Dubois Zhang Andersen Mensah Kaur Schmidt Yilmaz'.split(
    ' ',
  );
export const TITLES =
  'Site Reliability Engineer|Platform Engineer|Software Engineer|Engineering Manager|Staff Engineer|Security Engineer|Data Engineer|Support Engineer|Product Manager|Database Administrator|Cloud Architect|DevOps Engineer'.split(
    '|',
  );
export const TIMEZONES = [
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Tokyo',
];

/** Teams with the namespaces they own: a team's components and checks carry its name as a label. */
export const TEAMS = [
  {
    name: 'Platform',
    icon: 'kubernetes',
    namespaces: ['platform', 'kube-system', 'ingress-nginx', 'cert-manager', 'argocd'],
  },
  { name: 'Payments', icon: 'payments', namespaces: ['payments', 'billing', 'ledger'] },
  { name: 'Checkout', icon: 'cart', namespaces: ['checkout', 'cart', 'pricing'] },
  { name: 'Identity', icon: 'shield', namespaces: ['identity', 'auth'] },
  { name: 'Data', icon: 'database', namespaces: ['data', 'analytics', 'kafka'] },
  { name: 'SRE', icon: 'heart-pulse', namespaces: ['monitoring', 'logging', 'default'] },
  { name: 'Security', icon: 'lock', namespaces: ['security', 'vault'] },
  { name: 'Frontend', icon: 'globe', namespaces: ['frontend', 'search', 'cdn'] },
  { name: 'Messaging', icon: 'message', namespaces: ['messaging', 'notifications'] },
  { name: 'Logistics', icon: 'truck', namespaces: ['shipping', 'inventory'] },
] as const;

/** The team that owns a namespace (by the table above), or Platform. */
export function teamOfNamespace(namespace: string): string {
  const found = TEAMS.find((team) => (team.namespaces as readonly string[]).includes(namespace));
  return found ? found.name : 'Platform';
}

export const AGENTS = [
  {
    name: 'eu-west-1-prod',
    hostname: 'mc-agent-7c9f4.eu-west-1.internal',
    ip: '10.20.1.15',
    lastSeenMs: 10 * SECOND_MS,
    region: 'eu-west-1',
  },
  {
    name: 'us-east-1-prod',
    hostname: 'mc-agent-5d2b1.us-east-1.internal',
    ip: '10.40.3.22',
    lastSeenMs: 25 * SECOND_MS,
    region: 'us-east-1',
  },
  {
    name: 'staging',
    hostname: 'mc-agent-staging-0',
    ip: '10.60.0.8',
    lastSeenMs: 2 * HOUR_MS,
    region: 'eu-west-1',
  },
  { name: 'dr-site', hostname: null, ip: null, lastSeenMs: null, region: 'eu-central-1' },
] as const;
