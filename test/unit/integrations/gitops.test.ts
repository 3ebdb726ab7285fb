import { loadAll } from 'js-yaml';
import {
  CHART_REPOSITORY_URL,
  fluxManifest,
  helmCommands,
  namespaceOf,
  parseValues,
} from '../../../src/features/integrations/model/gitops';
import { directOptions, wizardTitle } from '../../../src/features/integrations/model/options';

describe('fluxManifest', () => {
  it('writes a HelmRepository and a HelmRelease of the chart in the namespace, every 30m', () => {
    const text = fluxManifest({
      chart: 'mission-control-prometheus',
      namespace: 'monitoring',
      values: 'prometheus:\n  url: http://prometheus:9090\n',
    });
    const [repository, release] = loadAll(text);
    expect(repository).toEqual({
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'HelmRepository',
      metadata: { name: 'flanksource', namespace: 'monitoring' },
      spec: { interval: '30m', url: CHART_REPOSITORY_URL },
    });
    expect(release).toEqual({
      apiVersion: 'helm.toolkit.fluxcd.io/v2',
      kind: 'HelmRelease',
      metadata: { name: 'mission-control-prometheus', namespace: 'monitoring' },
      spec: {
        interval: '30m',
        chart: {
          spec: {
            chart: 'mission-control-prometheus',
            sourceRef: { kind: 'HelmRepository', name: 'flanksource', namespace: 'monitoring' },
          },
        },
        values: { prometheus: { url: 'http://prometheus:9090' } },
      },
    });
  });

  it('defaults the namespace to mission-control and leaves out values that are not a map', () => {
    const [repository, release] = loadAll(
      fluxManifest({ chart: 'mission-control-aws', namespace: '  ', values: '- a\n- b\n' }),
    ) as Array<{ metadata: { namespace: string }; spec: object }>;
    expect(repository!.metadata.namespace).toBe('mission-control');
    expect(release!.metadata.namespace).toBe('mission-control');
    expect(release!.spec).not.toHaveProperty('values');
  });
});

describe('helmCommands', () => {
  it('adds the registry, writes the values and installs the release in the namespace', () => {
    const text = helmCommands({
      chart: 'mission-control-kubernetes',
      namespace: 'ops',
      values: 'clusterName: prod',
    });
    expect(text).toBe(
      [
        'helm repo add flanksource https://flanksource.github.io/charts',
        'helm repo update',
        "cat > values.yaml <<'EOF'",
        'clusterName: prod',
        'EOF',
        'helm install mission-control-kubernetes flanksource/mission-control-kubernetes -n ops --create-namespace -f values.yaml',
        '',
      ].join('\n'),
    );
  });

  it('installs without a values file when there are no values', () => {
    const text = helmCommands({ chart: 'mission-control', values: ' ' });
    expect(text).not.toContain('values.yaml');
    expect(text).toContain(
      'helm install mission-control flanksource/mission-control -n mission-control --create-namespace\n',
    );
  });
});

describe('values and options', () => {
  it('reads only maps as values', () => {
    expect(parseValues('a: 1')).toEqual({ a: 1 });
    expect(parseValues('')).toBeUndefined();
    expect(parseValues('a: [')).toBeUndefined();
  });

  it('trims the namespace, falling back to the default', () => {
    expect(namespaceOf(' team ')).toBe('team');
    expect(namespaceOf(undefined)).toBe('mission-control');
  });

  it('titles the wizard with the chosen option', () => {
    expect(wizardTitle(undefined)).toBe('Add Integration');
    expect(wizardTitle('prometheus')).toBe('Add Integration Prometheus');
    expect(wizardTitle('topology')).toBe('Add Integration Custom Topology');
  });

  it('offers Log Backends only while the logs feature is on', () => {
    expect(directOptions(true)).toEqual(['topology', 'scraper', 'log-backend']);
    expect(directOptions(false)).toEqual(['topology', 'scraper']);
  });
});
