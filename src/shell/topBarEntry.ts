import type { ReactNode } from 'react';
import { createContext } from 'react';

/**
 * What the app adds to the top bar beside the notifications bell (the assistant's button and
 * panel): the providers around the router set it, the shell draws it without knowing the area.
 */
export type RenderTopBarEntry = () => ReactNode;

export const TopBarEntryContext = createContext<RenderTopBarEntry | null>(null);
