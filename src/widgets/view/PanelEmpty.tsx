import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { NO_PANEL_DATA } from './panelValues';

export interface PanelEmptyProps {
  /** What the panel says instead of drawing. Default "No data". */
  children?: ReactNode;
}

/** The short message of a panel with nothing to draw. */
export function PanelEmpty({ children = NO_PANEL_DATA }: PanelEmptyProps) {
  return <p className={`mc-view-panel-empty ${Classes.TEXT_MUTED}`}>{children}</p>;
}
