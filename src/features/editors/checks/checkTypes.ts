import type { TypeEntry, TypeForms } from '../typeCatalogue';
import { editorTypes } from '../typeCatalogue';
import type { EditorType } from '../types';
import { CUSTOM_TYPE } from '../types';
import { CHECK_FORMS } from './forms';

/** The health checks' documentation (a link only, never fetched). */
const DOCS = 'https://canarychecker.io/reference';

/** The file of the health-check spec's JSON schema (MISC-06). */
export const CHECK_SCHEMA = 'canary.schema.json';

/** The types with a form (spec 002 §2.12): their Form and defaults come from `CHECK_FORMS`. */
const FORM_TYPES: readonly TypeEntry[] = [
  { id: 'http', label: 'HTTP', icon: 'globe-network', docs: 'http' },
  { id: 'exec', label: 'Exec', icon: 'console', docs: 'exec' },
  { id: 'alertmanager', label: 'Alert Manager', icon: 'notifications', docs: 'alert-manager' },
  { id: 'elasticsearch', label: 'Elasticsearch', icon: 'search', docs: 'elasticsearch' },
  { id: 'redis', label: 'Redis', icon: 'database', docs: 'redis' },
  { id: 'mongodb', label: 'Mongo DB', icon: 'database', docs: 'mongo' },
  { id: 'icmp', label: 'ICMP Ping', icon: 'pulse', docs: 'icmp' },
  { id: 'folder', label: 'Folder', icon: 'folder-close', docs: 'folder' },
  { id: 'tcp', label: 'TCP', icon: 'exchange', docs: 'tcp' },
];

/**
 * A folder check reading a remote store: canary-checker has no key of its own for GCS, SMB or
 * SFTP, they are `folder` checks whose path names the protocol, with its connection.
 */
function folderPreset(path: string, connection: string): () => Record<string, unknown> {
  return () => ({ name: '', path, [connection]: {} });
}

/** The code-only types (spec 002 §2.12), with canary-checker's spec keys. */
const CODE_TYPES: readonly TypeEntry[] = [
  { id: 'awsConfigRule', label: 'AWS Config Rule', icon: 'shield', docs: 'aws-config-rule' },
  { id: 'awsConfig', label: 'AWS Config', icon: 'cloud', docs: 'aws-config' },
  { id: 'github', label: 'GitHub', icon: 'git-repo', docs: 'github' },
  { id: 'ec2', label: 'EC2', icon: 'desktop', docs: 'ec2' },
  { id: 'ldap', label: 'LDAP', icon: 'people', docs: 'ldap' },
  { id: 'pod', label: 'Pod', icon: 'cube', docs: 'pod' },
  { id: 'cloudwatch', label: 'Cloud Watch', icon: 'eye-open', docs: 'cloudwatch' },
  { id: 'dns', label: 'DNS', icon: 'ip-address', docs: 'dns' },
  {
    id: 'gcs',
    specKey: 'folder',
    label: 'GCS',
    icon: 'cloud-upload',
    docs: 'gcs-bucket',
    defaults: folderPreset('gcs://bucket/path', 'gcpConnection'),
  },
  { id: 's3', label: 'AWS S3', icon: 'box', docs: 's3-bucket' },
  {
    id: 'smb',
    specKey: 'folder',
    label: 'SMB',
    icon: 'folder-shared',
    docs: 'smb',
    defaults: folderPreset('smb://server/share', 'smbConnection'),
  },
  {
    id: 'sftp',
    specKey: 'folder',
    label: 'SFTP',
    icon: 'folder-shared-open',
    docs: 'sftp',
    defaults: folderPreset('sftp://host/path', 'sftpConnection'),
  },
  { id: 'prometheus', label: 'Prometheus', icon: 'timeline-line-chart', docs: 'prometheus' },
  { id: 'kubernetes', label: 'Kubernetes', icon: 'heat-grid', docs: 'kubernetes' },
  {
    id: 'sql',
    specKey: 'postgres',
    label: 'SQL Query',
    icon: 'th',
    docs: 'postgres',
    defaults: () => ({ name: '', connection: '', query: 'SELECT 1' }),
  },
  { id: 'catalog', label: 'Mission Control Catalog', icon: 'list-detail-view', docs: 'catalog' },
  { id: 'azureDevops', label: 'Azure DevOps', icon: 'git-branch', docs: 'azure-devops' },
  { id: 'jmeter', label: 'JMeter', icon: 'dashboard', docs: 'jmeter' },
  { id: 'junit', label: 'JUnit', icon: 'tick-circle', docs: 'junit' },
  { id: 'dynatrace', label: 'Dynatrace', icon: 'chart', docs: 'dynatrace' },
  { id: 'namespace', label: 'Kubernetes Namespace', icon: 'folder-open', docs: 'namespace' },
  { id: CUSTOM_TYPE, label: 'Custom', icon: 'code' },
];

/**
 * Every health-check type of the picker, sorted by label: the form types (with their Form and
 * defaults once `CHECK_FORMS` has them) and the code-only ones. A check entry starts with a
 * `name` (it mirrors the resource's name, spec 002 §3.8).
 */
export function checkTypes(forms: TypeForms = CHECK_FORMS): EditorType[] {
  return editorTypes(
    { docs: DOCS, entries: [...FORM_TYPES, ...CODE_TYPES], blank: () => ({ name: '' }) },
    forms,
  );
}

/** The ids of the types spec 002 §2.12 gives a form. */
export const CHECK_FORM_TYPE_IDS: readonly string[] = FORM_TYPES.map((entry) => entry.id);
