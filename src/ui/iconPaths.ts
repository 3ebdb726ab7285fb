import type { IconPaths, IconPathsLoader } from '@blueprintjs/icons';
import { IconSize, Icons } from '@blueprintjs/icons';

/** Where the build puts Blueprint's per-icon path modules (webpack.config.ts), by version. */
declare const __ICON_PATHS_URL__: string | undefined;

/** The folder of the icon modules: `{folder}/16px/{icon}.js` and `{folder}/20px/{icon}.js`. */
export function iconPathsUrl(): string {
  return typeof __ICON_PATHS_URL__ === 'undefined' ? '/assets/icons' : __ICON_PATHS_URL__;
}

/** The address of one icon's paths in one size (16 px below the large size, else 20 px). */
export function iconModuleUrl(name: string, size: number): string {
  const pixels = size < IconSize.LARGE ? IconSize.STANDARD : IconSize.LARGE;
  return `${iconPathsUrl()}/${pixels}px/${name}.js`;
}

/**
 * Loads the paths of one icon in one size from that icon's own module, a file of a few hundred
 * bytes the build copies from Blueprint as it is. Blueprint's default loader fetches every icon
 * of a size at once (90 KB each); with this one a page downloads only the icons it draws, and
 * the first screen carries no table of them.
 */
export const loadIconPaths: IconPathsLoader = async (name, size) => {
  const module = (await import(/* webpackIgnore: true */ iconModuleUrl(name, size))) as {
    default: IconPaths;
  };
  return module.default;
};

/** Makes every Blueprint icon load its paths with `loadIconPaths`; call once, before rendering. */
export function loadIconsOneByOne(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
