/**
 * The tiles of the Add Integration wizard (spec 002 §2.3, §9) as data: each option's label,
 * icon and, for the GitOps ones, the chart of the registry it installs.
 */
import type { IconName } from '@blueprintjs/core';
import type {
  DirectOption,
  GitOpsOption,
  IntegrationOption,
} from '../../../../machines/integrations/addIntegration';
import { DIRECT_OPTIONS, GITOPS_OPTIONS } from '../../../../machines/integrations/addIntegration';

export interface OptionInfo {
  label: string;
  /** The icon of the tile. */
  icon: IconName;
}

export const GITOPS_INFO: Readonly<Record<GitOpsOption, OptionInfo & { chart: string }>> = {
  aws: { label: 'AWS', icon: 'cloud', chart: 'mission-control-aws' },
  azure: { label: 'Azure', icon: 'cloud-server', chart: 'mission-control-azure' },
  prometheus: {
    label: 'Prometheus',
    icon: 'timeline-line-chart',
    chart: 'mission-control-prometheus',
  },
  flux: { label: 'Flux', icon: 'git-branch', chart: 'mission-control-flux' },
  kubernetes: { label: 'Kubernetes', icon: 'cube', chart: 'mission-control-kubernetes' },
  'mission-control': {
    label: 'Mission Control',
    icon: 'control',
    chart: 'mission-control',
  },
};

export const DIRECT_INFO: Readonly<Record<DirectOption, OptionInfo>> = {
  topology: { label: 'Custom Topology', icon: 'graph' },
  scraper: { label: 'Catalog Scraper', icon: 'search-template' },
  'log-backend': { label: 'Log Backends', icon: 'th-list' },
};

/** The words of the wizard. */
export const WIZARD_TEXT = {
  title: 'Add Integration',
  gitOps: 'Add via GitOps',
  direct: 'Add Directly',
  back: 'Back',
  close: 'Close',
  namespace: 'Namespace',
  values: 'Values',
  flux: 'Flux',
  helm: 'Helm CLI',
  copy: 'Copy',
  copied: 'Copied to clipboard',
  fluxNote: 'The Kubernetes chart must be installed in flux.',
  schemaUnavailable: 'The values schema could not be loaded: the values are not checked.',
} as const;

/** The dialog's title: "Add Integration", then the chosen option's label. */
export function wizardTitle(option: IntegrationOption | undefined): string {
  if (!option) return WIZARD_TEXT.title;
  const label = option in GITOPS_INFO ? GITOPS_INFO[option as GitOpsOption].label : undefined;
  return `${WIZARD_TEXT.title} ${label ?? DIRECT_INFO[option as DirectOption].label}`;
}

/** The direct options offered: Log Backends only while the logs feature is on. */
export function directOptions(logsEnabled: boolean): DirectOption[] {
  return DIRECT_OPTIONS.filter((option) => option !== 'log-backend' || logsEnabled);
}

export const gitOpsOptions = (): GitOpsOption[] => [...GITOPS_OPTIONS];
