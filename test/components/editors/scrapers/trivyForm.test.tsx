import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { TrivyForm } from '../../../../src/features/editors/scrapers/forms/TrivyForm';
import { TOGGLE } from '../../../support/fillFields';
import { renderScraperForm, textbox } from './renderScraperForm';

const prefix = 'spec.trivy[0]';

/** Picks `option` in the multi-select `label`. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(textbox(label));
  await user.click(within(await screen.findByRole('option', { name: option })).getByText(option));
}

describe('the Trivy scraper form', () => {
  it('sends its flags and texts as a config-db trivy scrape config', async () => {
    const { fill, expectSent } = renderScraperForm(TrivyForm, {
      prefix,
      initialValues: { spec: { trivy: [{ kubernetes: {} }] } },
    });
    await fill({
      Version: '0.50.0',
      Compliance: ['k8s-cis'],
      'Ignore Unfixed': TOGGLE,
      'Ignored Licenses': ['MIT'],
      'License Full': TOGGLE,
      Timeout: '20m',
      'Kubernetes Context': 'prod',
      'Kubernetes Namespace': 'shop',
    });
    await expectSent({
      version: '0.50.0',
      compliance: ['k8s-cis'],
      ignoreUnfixed: true,
      ignoredLicenses: ['MIT'],
      licenseFull: true,
      timeout: '20m',
      kubernetes: { context: 'prod', namespace: 'shop' },
    });
  });

  it('sends the severities, scanners and components chosen', async () => {
    const { user, expectSent } = renderScraperForm(TrivyForm, {
      prefix,
      initialValues: { spec: { trivy: [{ kubernetes: {} }] } },
    });
    await pick(user, 'Severity', 'HIGH');
    await pick(user, 'Severity', 'CRITICAL');
    await pick(user, 'Scanners', 'vuln');
    await pick(user, 'Kubernetes Components', 'workload');
    await expectSent({
      severity: ['HIGH', 'CRITICAL'],
      scanners: ['vuln'],
      kubernetes: { components: ['workload'] },
    });
  });
});
