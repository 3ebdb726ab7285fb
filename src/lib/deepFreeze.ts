/**
 * Freezes a tree of plain objects and arrays in place, and returns it. The store freezes what
 * it keeps anyway, walking every object of it first; a tree frozen before it is stored is kept
 * as it is, which halves the cost of storing a large answer (thousands of objects).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (const item of value) deepFreeze(item);
  } else {
    for (const key in value) deepFreeze(value[key]);
  }
  return value;
}
