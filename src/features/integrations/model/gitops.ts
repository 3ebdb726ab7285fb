/**
 * The GitOps output of the Add Integration wizard (spec 002 §2.3, §9): for a chart of the
 * Flanksource registry, a namespace and the values, a Flux manifest (a HelmRepository and a
 * HelmRelease) and the Helm CLI commands installing the same release. Pure.
 */
import { dump, load } from 'js-yaml';

/** The chart registry. */
export const CHART_REPOSITORY_URL = 'https://flanksource.github.io/charts';
/** The registry's name in Flux and Helm. */
export const CHART_REPOSITORY_NAME = 'flanksource';
/** Where integrations are installed unless the user says otherwise (spec 002 §9). */
export const DEFAULT_INTEGRATION_NAMESPACE = 'mission-control';
/** How often Flux reconciles the repository and the release (spec 002 §9). */
export const DEFAULT_INTEGRATION_INTERVAL = '30m';
/** The values file the Helm commands read. */
export const VALUES_FILE = 'values.yaml';

export interface GitOpsInput {
  /** The chart's name in the registry, e.g. `mission-control-prometheus`. */
  chart: string;
  /** The release's name; default the chart's. */
  release?: string;
  /** Default `mission-control`. */
  namespace?: string;
  /** The values as YAML text, as typed. */
  values: string;
  /** Default `30m`. */
  interval?: string;
}

/** The values text read as a map: blank text, or YAML that is not a map, gives none. */
export function parseValues(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return undefined;
  try {
    const value = load(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The namespace given, or the default when blank. */
export function namespaceOf(namespace: string | undefined): string {
  const trimmed = namespace?.trim() ?? '';
  return trimmed === '' ? DEFAULT_INTEGRATION_NAMESPACE : trimmed;
}

const yaml = (value: unknown) => dump(value, { noRefs: true, lineWidth: -1 });

/**
 * The Flux manifest: a HelmRepository of the registry and a HelmRelease of the chart from it,
 * both in the namespace, reconciled every interval, with the values (when they parse as a
 * map) inline.
 */
export function fluxManifest(input: GitOpsInput): string {
  const namespace = namespaceOf(input.namespace);
  const interval = input.interval ?? DEFAULT_INTEGRATION_INTERVAL;
  const release = input.release ?? input.chart;
  const repository = {
    apiVersion: 'source.toolkit.fluxcd.io/v1',
    kind: 'HelmRepository',
    metadata: { name: CHART_REPOSITORY_NAME, namespace },
    spec: { interval, url: CHART_REPOSITORY_URL },
  };
  const values = parseValues(input.values);
  const helmRelease = {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name: release, namespace },
    spec: {
      interval,
      chart: {
        spec: {
          chart: input.chart,
          sourceRef: { kind: 'HelmRepository', name: CHART_REPOSITORY_NAME, namespace },
        },
      },
      ...(values ? { values } : {}),
    },
  };
  return `${yaml(repository)}---\n${yaml(helmRelease)}`;
}

/**
 * The Helm CLI commands: add and update the registry, then install the release in the
 * namespace (created when missing) with the values written to `values.yaml` first.
 */
export function helmCommands(input: GitOpsInput): string {
  const namespace = namespaceOf(input.namespace);
  const release = input.release ?? input.chart;
  const lines = [
    `helm repo add ${CHART_REPOSITORY_NAME} ${CHART_REPOSITORY_URL}`,
    'helm repo update',
  ];
  const hasValues = input.values.trim() !== '';
  if (hasValues) {
    const text = input.values.endsWith('\n') ? input.values : `${input.values}\n`;
    lines.push(`cat > ${VALUES_FILE} <<'EOF'\n${text}EOF`);
  }
  lines.push(
    `helm install ${release} ${CHART_REPOSITORY_NAME}/${input.chart} -n ${namespace} --create-namespace` +
      (hasValues ? ` -f ${VALUES_FILE}` : ''),
  );
  return `${lines.join('\n')}\n`;
}
