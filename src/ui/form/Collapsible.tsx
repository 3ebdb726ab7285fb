import { Button, Collapse } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useState } from 'react';

export interface CollapsibleProps {
  /** The toggle's text. */
  title: string;
  /** Default false. */
  defaultOpen?: boolean;
  children: ReactNode;
}

/**
 * Fields shown on demand behind a toggle button. They stay mounted while closed, so they keep
 * validating and keep what the user typed (a field mounting anew would be reset to the form's
 * initial value).
 */
export function Collapsible({ title, defaultOpen = false, children }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div className="mc-collapsible">
      <Button
        variant="minimal"
        icon={open ? 'chevron-down' : 'chevron-right'}
        text={title}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      />
      <Collapse isOpen={open} keepChildrenMounted>
        {children}
      </Collapse>
    </div>
  );
}
