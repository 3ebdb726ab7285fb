import type { Feature } from '../../../src/auth/featureFlags';
import {
  ALL_ENABLED,
  DEFAULT_OFF_FEATURES,
  FEATURES,
  createFeatureFlags,
  disablePropertyName,
} from '../../../src/auth/featureFlags';
import { expectAnswers } from '../../support/answers';

/** The features that are off by default, switched on (`{feature}.disable` = `false`). */
const defaultOffOn = [...DEFAULT_OFF_FEATURES].map((feature) => ({
  name: disablePropertyName(feature),
  value: 'false',
}));

/** These features off, and every feature that is off by default on. */
const off = (...features: Feature[]) => [
  ...features.map((feature) => ({ name: disablePropertyName(feature), value: 'true' })),
  ...defaultOffOn,
];

describe('createFeatureFlags', () => {
  it('enables everything without properties but the features off by default', () => {
    for (const feature of FEATURES) {
      expect(ALL_ENABLED.isEnabled(feature)).toBe(!DEFAULT_OFF_FEATURES.has(feature));
    }
    expect(ALL_ENABLED.disabled).toEqual(['settings.flows']);
    expect(createFeatureFlags(defaultOffOn).disabled).toEqual([]);
  });

  describe('a feature off by default (settings.flows)', () => {
    const flows = (value: string) =>
      createFeatureFlags([{ name: 'settings.flows.disable', value }]).isEnabled('settings.flows');

    it('is on only with {feature}.disable = false', () => {
      expect(createFeatureFlags([]).isEnabled('settings.flows')).toBe(false);
      expectAnswers(flows, [
        ['false', true],
        ['true', false],
        ['FALSE', false],
        ['', false],
        ['0', false],
      ]);
    });

    it('follows settings, and the first property of its name decides', () => {
      expect(
        createFeatureFlags([
          { name: 'settings.flows.disable', value: 'false' },
          { name: 'settings.disable', value: 'true' },
        ]).isEnabled('settings.flows'),
      ).toBe(false);
      expect(
        createFeatureFlags([
          { name: 'settings.flows.disable', value: 'true' },
          { name: 'settings.flows.disable', value: 'false' },
        ]).isEnabled('settings.flows'),
      ).toBe(false);
      expect(
        createFeatureFlags([
          { name: 'settings.flows.disable', value: 'false' },
          { name: 'settings.flows.disable', value: 'true' },
        ]).isEnabled('settings.flows'),
      ).toBe(true);
    });
  });

  /** The top-level sections: every feature but Settings and its pages. */
  const sections = FEATURES.filter((feature) => !feature.startsWith('settings'));

  it('has nine top-level sections', () => {
    expect(sections).toHaveLength(9);
  });

  it.each(sections)('disables %s with {feature}.disable = true', (feature) => {
    const flags = createFeatureFlags(off(feature));
    expect(flags.isEnabled(feature)).toBe(false);
    expect(flags.disabled).toContain(feature);
    expect(flags.isEnabled('settings.feature_flags')).toBe(true);
  });

  it.each([
    ['config', ['settings.config_scraper']],
    ['topology', ['settings.topology']],
    ['health', ['settings.health', 'settings.job_history']],
  ] as const)('disabling %s also disables %j', (parent, children) => {
    const flags = createFeatureFlags(off(parent));
    expect(flags.disabled).toEqual([parent, ...children]);
  });

  it('disabling settings disables every settings page, the agents page included', () => {
    const flags = createFeatureFlags(off('settings'));
    const settingsPages = FEATURES.filter(
      (f) => f === 'settings' || f === 'agents' || f.startsWith('settings.'),
    );
    expect(flags.disabled).toEqual(settingsPages);
    expect(flags.isEnabled('topology')).toBe(true);
  });

  it('disabling logs disables the log backends page', () => {
    const flags = createFeatureFlags(off('logs'));
    expect(flags.disabled).toEqual(['logs', 'settings.logging_backends']);
  });

  it('disabling views disables the views settings page, and settings disables it too', () => {
    expect(createFeatureFlags(off('views')).disabled).toEqual(['views', 'settings.views']);
    expect(createFeatureFlags(off('settings')).isEnabled('settings.views')).toBe(false);
    expect(createFeatureFlags(off('settings')).isEnabled('views')).toBe(true);
  });

  it('disables one settings page on its own', () => {
    const flags = createFeatureFlags(off('settings.job_history'));
    expect(flags.disabled).toEqual(['settings.job_history']);
    expect(flags.isEnabled('health')).toBe(true);
  });

  it.each([
    ['false', 'false'],
    ['TRUE', 'TRUE'],
    ['" true"', ' true'],
    ['1', '1'],
    ['empty', ''],
  ])('keeps the feature on for the value %s', (_name, value) => {
    expect(createFeatureFlags([{ name: 'logs.disable', value }]).isEnabled('logs')).toBe(true);
  });

  it('ignores unknown features and other properties', () => {
    const flags = createFeatureFlags([
      { name: 'unknown.disable', value: 'true' },
      { name: 'logs.enable', value: 'true' },
      { name: 'logs', value: 'true' },
      { name: '.disable', value: 'true' },
      ...defaultOffOn,
    ]);
    expect(flags.disabled).toEqual([]);
  });

  it('lets the first property of a name decide', () => {
    const flags = createFeatureFlags([
      { name: 'logs.disable', value: 'false' },
      { name: 'logs.disable', value: 'true' },
      { name: 'views.disable', value: 'true' },
      { name: 'views.disable', value: 'false' },
    ]);
    expect(flags.isEnabled('logs')).toBe(true);
    expect(flags.isEnabled('views')).toBe(false);
  });
});
