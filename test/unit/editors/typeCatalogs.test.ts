import { IconNames } from '@blueprintjs/icons';
import type { TypeFormProps } from '../../../src/features/editors/types';
import { CUSTOM_TYPE } from '../../../src/features/editors/types';
import { CHECK_FORM_TYPE_IDS, checkTypes } from '../../../src/features/editors/checks/checkTypes';
import { CHECK_FORMS } from '../../../src/features/editors/checks/forms';
import { SCRAPER_FORMS } from '../../../src/features/editors/scrapers/forms';
import {
  SCRAPER_FORM_TYPE_IDS,
  scraperTypes,
} from '../../../src/features/editors/scrapers/scraperTypes';
import { inferType, specKeyOf } from '../../../src/features/editors/model/typedResource';
import { expectAnswers } from '../../support/answers';

const TestForm = (_: TypeFormProps) => null;
const BLUEPRINT_ICONS = new Set<string>(Object.values(IconNames));

/** Spec 002 §2.12, word for word. */
const CHECK_FORM_LABELS = [
  'HTTP',
  'Exec',
  'Alert Manager',
  'Elasticsearch',
  'Redis',
  'Mongo DB',
  'ICMP Ping',
  'Folder',
  'TCP',
];
const CHECK_CODE_LABELS = [
  'AWS Config Rule',
  'AWS Config',
  'GitHub',
  'EC2',
  'LDAP',
  'Pod',
  'Cloud Watch',
  'DNS',
  'GCS',
  'AWS S3',
  'SMB',
  'SFTP',
  'Prometheus',
  'Kubernetes',
  'SQL Query',
  'Mission Control Catalog',
  'Azure DevOps',
  'JMeter',
  'JUnit',
  'Dynatrace',
  'Kubernetes Namespace',
  'Custom',
];
/** Spec 002 §2.11. */
const SCRAPER_FORM_LABELS = [
  'Kubernetes',
  'Azure',
  'Kubernetes File',
  'SQL',
  'Trivy',
  'AWS',
  'File',
  'Github Actions',
  'HTTP',
  'Azure DevOps',
];

const labels = (types: Array<{ label: string }>) => types.map((type) => type.label);
const sorted = (list: string[]) => [...list].sort((a, b) => a.localeCompare(b));

describe('health-check types', () => {
  it('has every type of spec 002 §2.12, sorted by label', () => {
    const types = checkTypes({});
    expect(sorted(labels(types))).toEqual(sorted([...CHECK_FORM_LABELS, ...CHECK_CODE_LABELS]));
    expect(labels(types)).toEqual(sorted(labels(types)));
  });

  it('uses canary-checker spec keys, the remote folders as folder checks', () => {
    const keyOf = (label: string) => {
      const type = checkTypes({}).find((t) => t.label === label);
      return type ? specKeyOf(type) : 'missing';
    };
    expectAnswers(keyOf, [
      ['HTTP', 'http'],
      ['Alert Manager', 'alertmanager'],
      ['Mongo DB', 'mongodb'],
      ['ICMP Ping', 'icmp'],
      ['AWS Config Rule', 'awsConfigRule'],
      ['AWS S3', 's3'],
      ['SMB', 'folder'],
      ['SFTP', 'folder'],
      ['GCS', 'folder'],
      ['Mission Control Catalog', 'catalog'],
      ['Kubernetes Namespace', 'namespace'],
    ]);
    expect(keyOf('Custom')).toBeUndefined();
  });

  it('takes the Form and defaults of CHECK_FORMS for the form types only', () => {
    const defaults = () => ({ name: '', url: 'https://' });
    const forms = Object.fromEntries(
      [...CHECK_FORM_TYPE_IDS, 'dns'].map((id) => [id, { Form: TestForm, defaults }]),
    );
    const types = checkTypes(forms);
    const http = types.find((t) => t.id === 'http');
    expect(http?.Form).toBe(TestForm);
    expect(http?.defaults?.()).toEqual({ name: '', url: 'https://' });
    for (const id of CHECK_FORM_TYPE_IDS) {
      expect(types.find((t) => t.id === id)?.Form).toBe(TestForm);
    }
    expect(types.filter((t) => t.Form).map((t) => t.id)).toHaveLength(
      CHECK_FORM_TYPE_IDS.length + 1,
    );
    // Without a registered form, a form type is edited as code until its form arrives.
    expect(checkTypes({}).some((t) => t.Form)).toBe(false);
  });

  it('links each type but Custom to its documentation, with a Blueprint icon', () => {
    for (const type of checkTypes({})) {
      expect(BLUEPRINT_ICONS.has(type.icon)).toBe(true);
      if (type.id === CUSTOM_TYPE) expect(type.docsUrl).toBeUndefined();
      else expect(type.docsUrl).toMatch(/^https:\/\/canarychecker\.io\/reference\/[a-z0-9-]+$/);
    }
  });

  it('starts the remote folder presets with their connection', () => {
    const smb = checkTypes({}).find((t) => t.id === 'smb');
    expect(smb?.defaults?.()).toEqual({ name: '', path: 'smb://server/share', smbConnection: {} });
  });
});

describe('scraper types', () => {
  it('has the form types of spec 002 §2.11 and Custom, sorted by label', () => {
    const types = scraperTypes({});
    expect(sorted(labels(types))).toEqual(sorted([...SCRAPER_FORM_LABELS, 'Custom']));
    expect(labels(types)).toEqual(sorted(labels(types)));
    expect(SCRAPER_FORM_TYPE_IDS).toEqual([
      'kubernetes',
      'azure',
      'kubernetesFile',
      'sql',
      'trivy',
      'aws',
      'file',
      'githubActions',
      'http',
      'azureDevops',
    ]);
  });

  it('takes the Form of SCRAPER_FORMS, never for Custom', () => {
    const types = scraperTypes({ kubernetes: { Form: TestForm }, custom: { Form: TestForm } });
    expect(types.find((t) => t.id === 'kubernetes')?.Form).toBe(TestForm);
    expect(types.find((t) => t.id === 'azure')?.Form).toBeUndefined();
    for (const type of types) {
      expect(BLUEPRINT_ICONS.has(type.icon)).toBe(true);
      if (type.id !== CUSTOM_TYPE) {
        expect(type.docsUrl).toMatch(
          /^https:\/\/flanksource\.com\/docs\/guide\/config-db\/scrapers\/[a-z-]+$/,
        );
      }
    }
  });
});

describe('the registered forms', () => {
  it('each belongs to a form type of its family, and the catalog uses it', () => {
    const checks = checkTypes();
    for (const [key, form] of Object.entries(CHECK_FORMS)) {
      expect(CHECK_FORM_TYPE_IDS).toContain(key);
      expect(checks.find((t) => t.id === key)?.Form).toBe(form.Form);
    }
    const scrapers = scraperTypes();
    for (const [key, form] of Object.entries(SCRAPER_FORMS)) {
      expect(SCRAPER_FORM_TYPE_IDS).toContain(key);
      expect(scrapers.find((t) => t.id === key)?.Form).toBe(form.Form);
    }
  });
});

describe('inferType', () => {
  const checks = checkTypes({});
  const scrapers = scraperTypes({});

  it('is the first key other than schedule and retention', () => {
    expect(inferType({ schedule: '@every 1m', http: [{}], dns: [{}] }, checks)).toBe('http');
    expect(inferType({ retention: {}, schedule: '@daily', kubernetes: [{}] }, scrapers)).toBe(
      'kubernetes',
    );
    expect(inferType({ azureDevops: [{}] }, scrapers)).toBe('azureDevops');
  });

  it('passes over keys that are no known type', () => {
    expect(inferType({ env: {}, owner: 'ops', tcp: [{}] }, checks)).toBe('tcp');
    expect(inferType({ mysql: [{}], redis: [{}] }, checks)).toBe('redis');
  });

  it('is custom when no key is a known type, or the spec is empty', () => {
    expect(inferType({ schedule: '@every 1m' }, checks)).toBe(CUSTOM_TYPE);
    expect(inferType({ mysql: [{}] }, checks)).toBe(CUSTOM_TYPE);
    expect(inferType({}, scrapers)).toBe(CUSTOM_TYPE);
    expect(inferType(null, scrapers)).toBe(CUSTOM_TYPE);
  });

  it('reads a shared key as the type whose id it is, a preset key as its type', () => {
    expect(inferType({ folder: [{ path: 'smb://x' }] }, checks)).toBe('folder');
    expect(inferType({ postgres: [{ query: 'SELECT 1' }] }, checks)).toBe('sql');
  });
});
