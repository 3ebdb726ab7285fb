/**
 * A `Content-Disposition` value naming a file (RFC 6266): `filename` in quotes for every client
 * (characters outside printable ASCII replaced by `_`, quotes and backslashes escaped) and
 * `filename*` with the name in UTF-8 when it has other characters. Control characters are
 * dropped, so a name can never break the header.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const name = [...filename].filter((char) => char >= ' ' && char !== '\x7f').join('');
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, (char) => `\\${char}`);
  const value = `${kind}; filename="${ascii}"`;
  if (/^[\x20-\x7e]*$/.test(name)) return value;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${value}; filename*=UTF-8''${encoded}`;
}
