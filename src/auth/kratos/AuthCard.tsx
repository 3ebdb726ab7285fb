import './kratos.css';
import { Card, Elevation, H2 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  /** The page heading. */
  title: string;
  children: ReactNode;
  /** Links under the form (e.g. "Reset password"). Default none. */
  footer?: ReactNode;
}

/** The frame of the public account pages: a centred card with a heading. */
export function AuthCard({ title, children, footer }: AuthCardProps) {
  return (
    <main className="kratos-page">
      <Card className="kratos-card" elevation={Elevation.TWO}>
        <H2>{title}</H2>
        {children}
        {footer && <div className="kratos-footer">{footer}</div>}
      </Card>
    </main>
  );
}
