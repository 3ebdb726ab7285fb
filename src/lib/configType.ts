/** The class of a config type: the part before the first `::` (`AWS::EC2::Instance` → `AWS`). */
export function configClassOf(type: string | null | undefined): string {
  if (!type) return '';
  const at = type.indexOf('::');
  return at === -1 ? type : type.slice(0, at);
}
