/**
 * Blueprint's icon names, in the order of its generated enum, as one string the build defines
 * (webpack.config.ts); undefined outside the build (tests), where Blueprint's own module is used.
 */
declare const __BLUEPRINT_ICON_NAMES__: string | undefined;

/**
 * Stands in for Blueprint's generated `blueprint-icons-16` module where its icon list imports it
 * (`iconNames.js`, which reads only the enum's values to build `IconNames` and the set of known
 * names): the same names in the same order, without the enum's keys and the font codepoints
 * table, which the first load does not use.
 */
export const BlueprintIcons_16: Readonly<Record<string, string>> = Object.fromEntries(
  (typeof __BLUEPRINT_ICON_NAMES__ === 'undefined' ? '' : __BLUEPRINT_ICON_NAMES__)
    .split(' ')
    .filter((name) => name !== '')
    .map((name) => [name, name]),
);
