import { Button } from '@blueprintjs/core';
import type { ButtonProps } from '@blueprintjs/core';
import { useCan } from '../auth/hooks';
import { useHasSlot } from './slots/SlotsProvider';

/** The button's text; with the resource's name, its accessible name. */
export const ACCESS_CHECK_BUTTON = 'Check access';

/**
 * Whether "Check access" is offered: the page supplies the `AccessCheck` slot and the user may
 * read RBAC (which the access review needs).
 */
export function useCanCheckAccess(): boolean {
  const supplied = useHasSlot('AccessCheck');
  const canRead = useCan('rbac', 'read');
  return supplied && canRead;
}

export interface AccessCheckButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  /** The resource's name, in the button's accessible name. */
  name: string;
  /** Only the icon (a table row). Default false. */
  iconOnly?: boolean;
  onClick: () => void;
}

/**
 * "Check access" on a playbook or a connection; the page opens the `AccessCheck` slot with the
 * resource preset.
 */
export function AccessCheckButton({
  name,
  iconOnly = false,
  onClick,
  ...look
}: AccessCheckButtonProps) {
  return (
    <Button
      {...look}
      icon="endorsed"
      text={iconOnly ? undefined : ACCESS_CHECK_BUTTON}
      aria-label={`${ACCESS_CHECK_BUTTON} ${name}`}
      title={iconOnly ? ACCESS_CHECK_BUTTON : undefined}
      onClick={onClick}
    />
  );
}
