/**
 * The policy every framed document runs under: no script, no request to any address (styles
 * written in the document and images inlined as `data:` only).
 */
export const FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** The document a frame is given: the policy first, so it holds before any of the content. */
export function frameDocument(html: string): string {
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><meta charset="utf-8"></head><body>${html}</body></html>`;
}

export interface HtmlFrameProps {
  /** The HTML to show, as it came. */
  html: string;
  /** The frame's accessible name. */
  title: string;
  className?: string;
}

/**
 * HTML from elsewhere (a playbook's output) shown in a frame that is sandboxed with no
 * permission at all (`sandbox=""`: no script, no form, no navigation of the page, an origin of
 * its own) and whose document forbids scripts and network requests in its own policy.
 */
export function HtmlFrame({ html, title, className }: HtmlFrameProps) {
  return (
    <iframe
      className={className}
      title={title}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={frameDocument(html)}
    />
  );
}
