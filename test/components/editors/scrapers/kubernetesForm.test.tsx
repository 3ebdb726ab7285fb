import { screen, within } from '@testing-library/react';
import { KubernetesForm } from '../../../../src/features/editors/scrapers/forms/KubernetesForm';
import { NOT_A_NUMBER, REQUIRED } from '../../../../src/ui/form/fieldError';
import { entry, renderScraperForm, textbox, typeTags } from './renderScraperForm';

const prefix = 'spec.kubernetes[0]';

describe('the Kubernetes scraper form', () => {
  it('sends a filled form as a config-db kubernetes scrape config', async () => {
    const { user, submit, submitted } = renderScraperForm(KubernetesForm, {
      prefix,
      initialValues: { spec: { kubernetes: [{ maxInflight: 64 }] } },
    });
    await user.type(textbox('Cluster Name (required)'), 'prod');
    await user.type(textbox('Kubeconfig'), '/etc/kube/config');
    await user.type(textbox('Namespace'), 'default');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Scope' }), 'cluster');
    await user.type(textbox('Since'), '2h');
    await user.type(textbox('Selector'), 'app=web');
    await user.type(textbox('Field Selector'), 'status.phase=Running');
    await user.click(screen.getByRole('button', { name: 'Add resource' }));
    await user.type(textbox('API Version (required)', entry('Resource 1')), 'apps/v1');
    await user.type(textbox('Kind (required)', entry('Resource 1')), 'Deployment');
    await typeTags(user, textbox('Excluded Namespaces'), ['kube-system', 'flux-*']);
    await user.click(screen.getByRole('button', { name: 'Add Excluded Label' }));
    await user.type(textbox('Excluded Label 1 key'), 'tier');
    await user.type(textbox('Excluded Label 1 value'), 'test');
    await submit();
    expect(submitted()).toEqual({
      spec: {
        kubernetes: [
          {
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
          },
        ],
      },
    });
  });

  it('requires the cluster name, and each watched resource’s version and kind, on submit', async () => {
    const { user, submit, onSubmit } = renderScraperForm(KubernetesForm, { prefix });
    await user.click(screen.getByRole('button', { name: 'Add resource' }));
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
    const { user, submit, submitted } = renderScraperForm(KubernetesForm, {
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
    await user.click(screen.getByRole('button', { name: 'Add resource' }));
    await user.type(textbox('API Version (required)', entry('Resource 3')), 'batch/v1');
    await user.type(textbox('Kind (required)', entry('Resource 3')), 'Job');
    await user.click(screen.getByRole('button', { name: 'Remove resource 1' }));
    expect(screen.queryByRole('group', { name: 'Resource 3' })).toBeNull();
    await submit();
    expect(submitted()).toEqual({
      spec: {
        kubernetes: [
          {
            clusterName: 'prod',
            watch: [
              { apiVersion: 'apps/v1', kind: 'Deployment' },
              { apiVersion: 'batch/v1', kind: 'Job' },
            ],
          },
        ],
      },
    });
  });

  it('takes max in flight as an integer, and refuses text', async () => {
    const { user, submit, submitted, onSubmit } = renderScraperForm(KubernetesForm, {
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
    await submit();
    expect(submitted()).toEqual({
      spec: { kubernetes: [{ clusterName: 'prod', maxInflight: 12 }] },
    });
  });

  it('reads the kubeconfig from a secret, clearing the value', async () => {
    const { user, submit, submitted } = renderScraperForm(KubernetesForm, {
      prefix,
      initialValues: {
        spec: { kubernetes: [{ clusterName: 'prod', kubeconfig: { value: 'x' } }] },
      },
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kubeconfig from' }), 'secret');
    expect(screen.queryByRole('textbox', { name: 'Kubeconfig' })).toBeNull();
    await user.type(textbox('Kubeconfig secret name (required)'), 'kube');
    await user.type(textbox('Kubeconfig secret key (required)'), 'config');
    await submit();
    expect(submitted()).toEqual({
      spec: {
        kubernetes: [
          {
            clusterName: 'prod',
            kubeconfig: { valueFrom: { secretKeyRef: { name: 'kube', key: 'config' } } },
          },
        ],
      },
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
