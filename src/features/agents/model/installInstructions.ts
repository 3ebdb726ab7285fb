/**
 * The install instructions of a newly registered agent (AGENT-03): the values and the commands
 * that install the mission-control-agent Helm chart, pointed at this Mission Control with the
 * agent's credentials.
 */

/** The Helm repository of the chart. */
/** The register dialog's title and the list's button that opens it. */
export const REGISTER_AGENT_TITLE = 'Register agent';

export const CHART_REPO_URL = 'https://flanksource.github.io/charts';
export const CHART_REPO_NAME = 'flanksource';
export const CHART_NAME = 'mission-control-agent';
/** The release and the namespace it is installed into. */
export const RELEASE_NAME = 'mc-agent';
export const AGENT_NAMESPACE = 'mission-control';

/** What the instructions are built from. */
export interface AgentCredentials {
  /** The agent's name, also its cluster name. */
  name: string;
  /** AGENT-03's `username`. */
  username: string;
  /** AGENT-03's `access_token`, the password the agent signs in with. */
  accessToken: string;
  /** Where the agent reaches Mission Control: `{origin}/api`. */
  upstreamHost: string;
}

/** The upstream host of an agent of the console at `origin`: `{origin}/api`. */
export function upstreamHost(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/api`;
}

/** A YAML scalar that reads back as the same string whatever it holds (JSON is YAML). */
function yamlString(value: string): string {
  return JSON.stringify(value);
}

/** A shell word that the shell passes on unchanged: single-quoted, with `'` escaped. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The chart's values: the cluster name and the upstream with the agent's credentials. */
export function agentHelmValues(agent: AgentCredentials): string {
  return [
    `clusterName: ${yamlString(agent.name)}`,
    'upstream:',
    '  createSecret: true',
    `  host: ${yamlString(agent.upstreamHost)}`,
    `  username: ${yamlString(agent.username)}`,
    `  password: ${yamlString(agent.accessToken)}`,
    '',
  ].join('\n');
}

/** The commands that add the chart repository and install the chart with those values. */
export function agentHelmCommand(agent: AgentCredentials): string {
  return [
    `helm repo add ${CHART_REPO_NAME} ${CHART_REPO_URL}`,
    'helm repo update',
    `helm install ${RELEASE_NAME} ${CHART_REPO_NAME}/${CHART_NAME} \\`,
    `  --namespace ${AGENT_NAMESPACE} --create-namespace \\`,
    `  --set clusterName=${shellQuote(agent.name)} \\`,
    '  --set upstream.createSecret=true \\',
    `  --set upstream.host=${shellQuote(agent.upstreamHost)} \\`,
    `  --set upstream.username=${shellQuote(agent.username)} \\`,
    `  --set upstream.password=${shellQuote(agent.accessToken)}`,
    '',
  ].join('\n');
}
