import { IconSize, IconSvgPaths16, IconSvgPaths20, Icons } from '@blueprintjs/icons';
import { iconModuleUrl, loadIconPaths, loadIconsOneByOne } from '../../../src/ui/iconPaths';

describe('loading icon paths one by one', () => {
  it("addresses an icon's own module, 16 px below the large size and 20 px from it", () => {
    expect(iconModuleUrl('add-child', IconSize.STANDARD)).toBe('/assets/icons/16px/add-child.js');
    expect(iconModuleUrl('add-child', 12)).toBe('/assets/icons/16px/add-child.js');
    expect(iconModuleUrl('heart', IconSize.LARGE)).toBe('/assets/icons/20px/heart.js');
    expect(iconModuleUrl('heart', 32)).toBe('/assets/icons/20px/heart.js');
  });

  it("answers an icon's paths in 16 px from that icon's own module", async () => {
    const paths = await loadIconPaths('add-child', IconSize.STANDARD);
    expect(paths).toEqual(IconSvgPaths16.AddChild);
    expect(paths.length).toBeGreaterThan(0);
  });

  it('answers the 20 px drawing for the large size', async () => {
    const paths = await loadIconPaths('add-child', IconSize.LARGE);
    expect(paths).toEqual(IconSvgPaths20.AddChild);
    expect(paths).not.toEqual(IconSvgPaths16.AddChild);
  });

  it('is what Blueprint icons load with once installed', async () => {
    loadIconsOneByOne();
    expect(Icons.getPaths('heart', IconSize.STANDARD)).toBeUndefined();
    await Icons.load('heart', IconSize.STANDARD);
    expect(Icons.getPaths('heart', IconSize.STANDARD)).toEqual(IconSvgPaths16.Heart);
    expect(Icons.getPaths('heart', IconSize.LARGE)).toBeUndefined();
  });

  it('rejects a name that has no module', async () => {
    await expect(loadIconPaths('no-such-icon' as 'add', IconSize.STANDARD)).rejects.toThrow();
  });
});
