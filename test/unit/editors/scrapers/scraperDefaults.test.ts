import { SCRAPER_FORMS } from '../../../../src/features/editors/scrapers/forms';
import { DEFAULT_MAX_IN_FLIGHT } from '../../../../src/features/editors/scrapers/forms/KubernetesForm';
import { expectAnswers } from '../../../support/answers';

const defaultsOf = (type: string) => {
  const defaults = SCRAPER_FORMS[type]?.defaults;
  if (!defaults) throw new Error(`no defaults for ${type}`);
  return defaults();
};

describe('the scraper forms', () => {
  it('offers a form for every scraper type of spec 002 §2.11, by config-db spec key', () => {
    expect(Object.keys(SCRAPER_FORMS).sort()).toEqual(
      [
        'aws',
        'azure',
        'azureDevops',
        'file',
        'githubActions',
        'http',
        'kubernetes',
        'kubernetesFile',
        'sql',
        'trivy',
      ].sort(),
    );
    for (const entry of Object.values(SCRAPER_FORMS)) expect(entry.Form).toBeDefined();
  });

  it('gives each new entry its defaults', () => {
    expect(DEFAULT_MAX_IN_FLIGHT).toBe(64);
    expectAnswers(defaultsOf, [
      ['kubernetes', { maxInflight: 64 }],
      ['aws', { region: [] }],
      ['kubernetesFile', { selector: {}, files: [] }],
      ['trivy', { kubernetes: {} }],
    ]);
    for (const type of ['sql', 'file', 'http', 'githubActions', 'azureDevops', 'azure']) {
      expect(defaultsOf(type)).toEqual({});
    }
  });

  it('gives a fresh object each time, so entries never share their values', () => {
    for (const type of Object.keys(SCRAPER_FORMS)) {
      const first = defaultsOf(type);
      expect(defaultsOf(type)).not.toBe(first);
    }
    const kubernetesFile = defaultsOf('kubernetesFile');
    (kubernetesFile.files as unknown[]).push({ path: ['/a'] });
    expect(defaultsOf('kubernetesFile')).toEqual({ selector: {}, files: [] });
  });
});
