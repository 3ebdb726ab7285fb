import { CHECK_LINK_TIME_RANGE, paths } from '../../../src/shell/paths';
import { checkIconName } from '../../../src/features/health/CheckIcon';

describe('health paths', () => {
  it('links to the list, or to a check with its time range', () => {
    expect(paths.health.path).toBe('/health');
    expect(paths.health.getHref()).toBe('/health');
    expect(paths.health.getHref({ checkId: 'c 1', timeRange: '1h' })).toBe(
      '/health?checkId=c+1&timeRange=1h',
    );
    expect(paths.health.getHref({ timeRange: '3d' })).toBe('/health?timeRange=3d');
    expect(paths.viewHealth.getHref()).toBe('/view/health');
  });

  it('links to a check from elsewhere over the last hour, with Run Now when asked', () => {
    expect(CHECK_LINK_TIME_RANGE).toBe('1h');
    expect(paths.check.path).toBe(paths.health.path);
    expect(paths.check.getHref('c 1')).toBe('/health?checkId=c+1&timeRange=1h');
    expect(paths.check.getHref('k', { run: true })).toBe('/health?checkId=k&timeRange=1h&run=1');
    expect(paths.check.getHref('k', { run: false })).toBe('/health?checkId=k&timeRange=1h');
  });
});

describe('check icons', () => {
  it('picks an icon by the icon name, then by the type', () => {
    expect(checkIconName('postgres', 'http')).toBe('database');
    expect(checkIconName('', 'http')).toBe('globe-network');
    expect(checkIconName('unknown-thing', 'kubernetes')).toBe('cube');
    expect(checkIconName(null, null)).toBe('pulse');
    expect(checkIconName('multiple', 'multiple')).toBe('layers');
  });
});
