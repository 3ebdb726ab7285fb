import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { TrivyForm } from '../../../../src/features/editors/scrapers/forms/TrivyForm';
import { renderScraperForm, textbox, typeTags } from './renderScraperForm';

const prefix = 'spec.trivy[0]';

/** Picks `option` in the multi-select `label`. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(textbox(label));
  await user.click(within(await screen.findByRole('option', { name: option })).getByText(option));
}

describe('the Trivy scraper form', () => {
  it('sends its flags and texts as a config-db trivy scrape config', async () => {
    const { user, submit, submitted } = renderScraperForm(TrivyForm, {
      prefix,
      initialValues: { spec: { trivy: [{ kubernetes: {} }] } },
    });
    await user.type(textbox('Version'), '0.50.0');
    await typeTags(user, textbox('Compliance'), ['k8s-cis']);
    await user.click(screen.getByLabelText('Ignore Unfixed'));
    await typeTags(user, textbox('Ignored Licenses'), ['MIT']);
    await user.click(screen.getByLabelText('License Full'));
    await user.type(textbox('Timeout'), '20m');
    await user.type(textbox('Kubernetes Context'), 'prod');
    await user.type(textbox('Kubernetes Namespace'), 'shop');
    await submit();
    expect(submitted()).toEqual({
      spec: {
        trivy: [
          {
            version: '0.50.0',
            compliance: ['k8s-cis'],
            ignoreUnfixed: true,
            ignoredLicenses: ['MIT'],
            licenseFull: true,
            timeout: '20m',
            kubernetes: { context: 'prod', namespace: 'shop' },
          },
        ],
      },
    });
  });

  it('sends the severities, scanners and components chosen', async () => {
    const { user, submit, submitted } = renderScraperForm(TrivyForm, {
      prefix,
      initialValues: { spec: { trivy: [{ kubernetes: {} }] } },
    });
    await pick(user, 'Severity', 'HIGH');
    await pick(user, 'Severity', 'CRITICAL');
    await pick(user, 'Scanners', 'vuln');
    await pick(user, 'Kubernetes Components', 'workload');
    await submit();
    expect(submitted()).toEqual({
      spec: {
        trivy: [
          {
            severity: ['HIGH', 'CRITICAL'],
            scanners: ['vuln'],
            kubernetes: { components: ['workload'] },
          },
        ],
      },
    });
  });
});
