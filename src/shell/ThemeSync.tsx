import { Classes } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { selectPreferences } from './preferencesSlice';

/** Our own class beside Blueprint's, for the page background (global.css / shell.css). */
export const DARK_THEME_CLASS = 'mc-dark';

/**
 * Applies the theme preference to the document body, so pages and overlays (dialogs,
 * popovers, toasts) follow it alike. Renders nothing.
 */
export function ThemeSync() {
  const { theme } = useSelector(selectPreferences);
  useEffect(() => {
    const dark = theme === 'dark';
    document.body.classList.toggle(Classes.DARK, dark);
    document.body.classList.toggle(DARK_THEME_CLASS, dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [theme]);
  return null;
}
