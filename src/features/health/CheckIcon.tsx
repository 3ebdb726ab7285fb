import type { IconName } from '@blueprintjs/core';
import { Icon } from '@blueprintjs/core';

/** Blueprint icons for the common check types and icon names (matched by prefix). */
const ICONS: ReadonlyArray<readonly [prefix: string, icon: IconName]> = [
  ['multiple', 'layers'],
  ['http', 'globe-network'],
  ['dns', 'ip-address'],
  ['tcp', 'exchange'],
  ['icmp', 'exchange'],
  ['ping', 'exchange'],
  ['tls', 'lock'],
  ['ssl', 'lock'],
  ['cert', 'lock'],
  ['k8s', 'cube'],
  ['kubernetes', 'cube'],
  ['pod', 'cube'],
  ['namespace', 'cube'],
  ['helm', 'cube'],
  ['postgres', 'database'],
  ['mysql', 'database'],
  ['mssql', 'database'],
  ['sql', 'database'],
  ['mongo', 'database'],
  ['redis', 'database'],
  ['elasticsearch', 'database'],
  ['opensearch', 'database'],
  ['prometheus', 'timeline-line-chart'],
  ['alertmanager', 'notifications'],
  ['s3', 'box'],
  ['gcs', 'box'],
  ['folder', 'folder-close'],
  ['sftp', 'folder-close'],
  ['smb', 'folder-close'],
  ['git', 'git-branch'],
  ['docker', 'box'],
  ['containerd', 'box'],
  ['ldap', 'people'],
  ['junit', 'lab-test'],
  ['exec', 'console'],
  ['javascript', 'code'],
  ['aws', 'cloud'],
  ['azure', 'cloud'],
  ['gcp', 'cloud'],
  ['cloudwatch', 'cloud'],
];

/** The Blueprint icon for a check's icon name or, failing that, its type. */
export function checkIconName(
  icon: string | null | undefined,
  type: string | null | undefined,
): IconName {
  for (const candidate of [icon, type]) {
    const name = (candidate ?? '').toLowerCase();
    if (name === '') continue;
    const found = ICONS.find(([prefix]) => name.startsWith(prefix));
    if (found) return found[1];
  }
  return 'pulse';
}

export interface CheckIconProps {
  /** The check's (or group's) icon name. */
  icon?: string | null;
  /** The check's (or group's) type, used when the icon is unknown. */
  type?: string | null;
}

/** The small icon in front of a check's name. */
export function CheckIcon({ icon, type }: CheckIconProps) {
  return <Icon icon={checkIconName(icon, type)} size={14} className="mc-health-icon" aria-hidden />;
}
