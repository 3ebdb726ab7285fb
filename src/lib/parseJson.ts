/** A JSON text parsed, or undefined when it is not JSON (so `null` is told from no value). */
export function parseJson(content: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(content) as unknown };
  } catch {
    return undefined;
  }
}
