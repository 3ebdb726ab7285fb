import { HYPOTHESIS_STATUSES } from '../../model/incidentValues';

const LAST = HYPOTHESIS_STATUSES.length - 1;

/** Where a status sits on the scale (0 proven … 5 disproven), -1 when it is not on it. */
export function scaleIndexOf(status: string | null | undefined): number {
  return HYPOTHESIS_STATUSES.findIndex((choice) => choice.value === status);
}

/**
 * The step a key moves to from `index` (-1: none marked): arrows move one step and wrap round,
 * Home and End go to the ends; other keys move nowhere (undefined).
 */
export function stepOnScale(index: number, key: string): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return index < 0 || index >= LAST ? 0 : index + 1;
    case 'ArrowLeft':
    case 'ArrowUp':
      return index <= 0 ? LAST : index - 1;
    case 'Home':
      return 0;
    case 'End':
      return LAST;
    default:
      return undefined;
  }
}
