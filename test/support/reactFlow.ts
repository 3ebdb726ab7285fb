/**
 * What React Flow needs from a browser that jsdom lacks: `ResizeObserver` (it measures its
 * pane and nodes), `DOMMatrixReadOnly` (it reads the zoom from the viewport's transform),
 * element sizes (jsdom lays nothing out: an element is as large as its inline `px` size, else
 * 1000 × 800) and `getBBox` (edge labels). Call once at the top of a test file that draws a
 * graph; the stubs live as long as that file's environment.
 *
 * The pane's pan and zoom handlers read the window of a `mousedown` (`event.view`), which
 * user-event leaves empty: click graph nodes with `fireEvent.click`.
 */
export function installReactFlowStubs(): void {
  class ResizeObserverStub {
    constructor(private readonly callback: ResizeObserverCallback) {}
    /** Reports the element's size once, after the current task, as a browser does. */
    observe(target: Element) {
      setTimeout(() =>
        this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver),
      );
    }
    unobserve() {}
    disconnect() {}
  }

  class DOMMatrixReadOnlyStub {
    readonly m22: number;
    constructor(transform?: string) {
      const scale = /scale\(([\d.]+)\)/.exec(transform ?? '')?.[1];
      this.m22 = scale === undefined ? 1 : Number(scale);
    }
  }

  /** An element's inline `px` size, or the fallback. */
  const inlineSize = (dimension: 'width' | 'height', fallback: number) =>
    function (this: HTMLElement) {
      const px = /^([\d.]+)px$/.exec(this.style[dimension])?.[1];
      return px === undefined ? fallback : Number(px);
    };

  Object.assign(globalThis, {
    ResizeObserver: ResizeObserverStub,
    DOMMatrixReadOnly: DOMMatrixReadOnlyStub,
  });
  Object.defineProperties(HTMLElement.prototype, {
    offsetWidth: { configurable: true, get: inlineSize('width', 1000) },
    offsetHeight: { configurable: true, get: inlineSize('height', 800) },
  });
  Object.defineProperty(SVGElement.prototype, 'getBBox', {
    configurable: true,
    value: () => ({ x: 0, y: 0, width: 0, height: 0 }),
  });
}
