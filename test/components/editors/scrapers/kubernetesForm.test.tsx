import { screen, within } from '@testing-library/react';
import { KubernetesForm } from '../../../../src/features/editors/scrapers/forms/KubernetesForm';
import { NOT_A_NUMBER, REQUIRED } from '../../../../src/ui/form/fieldError';
import { PRESS } from '../../../support/fillFields';
import { entry, renderScraperForm, textbox } from './renderScraperForm';

const prefix = 'spec.kubernetes[0]';

describe('the Kubernetes scraper form', () => {
  it('sends a filled form as a config-db kubernetes scrape config', async () => {
    const { fill, expectSent } = renderScraperForm(KubernetesForm, {
      prefix,
      initialValues: { spec: { kubernetes: [{ maxInflight: 64 }] } },
    });
    await fill({
      'Cluster Name (required)': 'prod',
      Kubeconfig: '/etc/kube/config',
      Namespace: 'default',
      Scope: { choose: 'cluster' },
      Since: '2h',
      Selector: 'app=web',
      'Field Selector': 'status.phase=Running',
      'Add resource': PRESS,
    });
    await fill(
      { 'API Version (required)': 'apps/v1', 'Kind (required)': 'Deployment' },
      entry('Resource 1'),
    );
    await fill({
      'Excluded Namespaces': ['kube-system', 'flux-*'],
      'Add Excluded Label': PRESS,
      'Excluded Label 1 key': 'tier',
      'Excluded Label 1 value': 'test',
    });
    await expectSent({
      clusterName: 'prod',
      kubeconfig: { value: '/etc/kube/config' },
      namespace: 'default',
      scope: 'cluster',
      since: '2h',
      selector: 'app=web',
      fieldSelector: 'status.phase=Running',
      maxInflight: 64,
      watch: [{ apiVersion: 'apps/v1', kind: 'Deployment' }],
      exclusions: { namespace: ['kube-system', 'flux-*'], labels: { tier: 'test' } },
    });
  });

  it('requires the cluster name, and each watched resource’s version and kind, on submit', async () => {
    const { fill, submit, onSubmit } = renderScraperForm(KubernetesForm, { prefix });
    await fill({ 'Add resource': PRESS });
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(textbox('Cluster Name (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(entry('Resource 1')).getAllByText(REQUIRED)).toHaveLength(2);
    expect(screen.getAllByText(REQUIRED)).toHaveLength(3);
  });

  it('shows the cluster name’s error once it is left empty', async () => {
    const { user } = renderScraperForm(KubernetesForm, { prefix });
    expect(screen.queryByText(REQUIRED)).toBeNull();
    await user.click(textbox('Cluster Name (required)'));
    await user.tab();
    expect(screen.getByText(REQUIRED)).toBeInTheDocument();
  });

  it('adds and removes watched resources, keeping the others', async () => {
    const { fill, expectSent } = renderScraperForm(KubernetesForm, {
      prefix,
      initialValues: {
        spec: {
          kubernetes: [
            {
              clusterName: 'prod',
              watch: [
                { apiVersion: 'v1', kind: 'Pod' },
                { apiVersion: 'apps/v1', kind: 'Deployment' },
              ],
            },
          ],
        },
      },
    });
    expect(textbox('Kind (required)', entry('Resource 2'))).toHaveValue('Deployment');
    await fill({ 'Add resource': PRESS });
    await fill(
      { 'API Version (required)': 'batch/v1', 'Kind (required)': 'Job' },
      entry('Resource 3'),
    );
    await fill({ 'Remove resource 1': PRESS });
    expect(screen.queryByRole('group', { name: 'Resource 3' })).toBeNull();
    await expectSent({
      clusterName: 'prod',
      watch: [
        { apiVersion: 'apps/v1', kind: 'Deployment' },
        { apiVersion: 'batch/v1', kind: 'Job' },
      ],
    });
  });

  it('takes max in flight as an integer, and refuses text', async () => {
    const { user, submit, expectSent, onSubmit } = renderScraperForm(KubernetesForm, {
      prefix,
      initialValues: { spec: { kubernetes: [{ clusterName: 'prod', maxInflight: 64 }] } },
    });
    const maxInFlight = textbox('Max In Flight');
    expect(maxInFlight).toHaveValue('64');
    await user.clear(maxInFlight);
    await user.type(maxInFlight, 'many');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(NOT_A_NUMBER)).toBeInTheDocument();
    await user.clear(maxInFlight);
    await user.type(maxInFlight, '12.7');
    await expectSent({ clusterName: 'prod', maxInflight: 12 });
  });

  it('reads the kubeconfig from a secret, clearing the value', async () => {
    const { fill, expectSent } = renderScraperForm(KubernetesForm, {
      prefix,
      initialValues: {
        spec: { kubernetes: [{ clusterName: 'prod', kubeconfig: { value: 'x' } }] },
      },
    });
    await fill({ 'Kubeconfig from': { choose: 'secret' } });
    expect(screen.queryByRole('textbox', { name: 'Kubeconfig' })).toBeNull();
    await fill({
      'Kubeconfig secret name (required)': 'kube',
      'Kubeconfig secret key (required)': 'config',
    });
    await expectSent({
      clusterName: 'prod',
      kubeconfig: { valueFrom: { secretKeyRef: { name: 'kube', key: 'config' } } },
    });
  });

  it('lets nothing be changed when disabled (a read-only record)', async () => {
    renderScraperForm(KubernetesForm, {
      prefix,
      disabled: true,
      initialValues: {
        spec: { kubernetes: [{ clusterName: 'prod', watch: [{ apiVersion: 'v1', kind: 'Pod' }] }] },
      },
    });
    expect(textbox('Cluster Name (required)')).toBeDisabled();
    expect(textbox('Kind (required)', entry('Resource 1'))).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add resource' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove resource 1' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Kubeconfig from' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Excluded Label' })).toBeDisabled();
  });
});
