import type { SearchKind } from '../../../api/endpoints/resources';

/** The kinds the selector tool searches, as the user names them. */
export const SELECTOR_KINDS = [
  'config',
  'component',
  'check',
  'canary',
  'playbook',
  'connection',
] as const;
export type SelectorKind = (typeof SELECTOR_KINDS)[number];

export interface SelectorKindInfo {
  label: string;
  /** The kind's key in MISC-03's body and answer. */
  search: SearchKind;
  /** Selectors to start from: each one, clicked, is written into the selector. */
  examples: readonly string[];
  /** What a resource of the kind calls its tags (configs have tags, the others labels). */
  tagsKey: 'tags' | 'labels';
}

export const SELECTOR_KIND_INFO: Record<SelectorKind, SelectorKindInfo> = {
  config: {
    label: 'Config',
    search: 'configs',
    tagsKey: 'tags',
    examples: [
      'type=Kubernetes::Deployment health=unhealthy',
      'type=Kubernetes::Pod tags.cluster=*',
      'type=AWS::* health=!healthy',
      'health=unhealthy,warning',
      'tags.team=payments',
    ],
  },
  component: {
    label: 'Component',
    search: 'components',
    tagsKey: 'labels',
    examples: ['health=unhealthy', 'type=Application', 'labels.team=*', 'status!=healthy'],
  },
  check: {
    label: 'Check',
    search: 'checks',
    tagsKey: 'labels',
    examples: ['type=http', 'health=unhealthy', 'type=http,tcp health=healthy', 'labels.app=*'],
  },
  canary: {
    label: 'Canary',
    search: 'canaries',
    tagsKey: 'labels',
    examples: ['name=*-health', 'labels.team=*', 'source=UI'],
  },
  playbook: {
    label: 'Playbook',
    search: 'playbooks',
    tagsKey: 'labels',
    examples: ['category=*', 'name=restart-*', 'source=!UI'],
  },
  connection: {
    label: 'Connection',
    search: 'connections',
    tagsKey: 'labels',
    examples: ['type=postgres', 'type=aws,gcp', 'name=*prod*'],
  },
};

export function isSelectorKind(value: string): value is SelectorKind {
  return (SELECTOR_KINDS as readonly string[]).includes(value);
}
