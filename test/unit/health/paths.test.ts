import { paths } from '../../../src/shell/paths';
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
