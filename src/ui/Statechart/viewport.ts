/**
 * How a drawing sits in its panel: a scale and an offset. `fitView` scales it to fit (never
 * larger than `MAX_FIT`) and centres it; `zoomView` scales about a point, keeping that point
 * where it is; `panView` moves it.
 */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Small charts are drawn a little larger than their natural size, not more. */
export const MAX_FIT = 1.25;
export const MIN_SCALE = 0.1;
export const MAX_SCALE = 4;
/** One press of zoom in or out. */
export const ZOOM_STEP = 1.25;
const MARGIN = 8;

const clamp = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The scale at which the drawing fits the panel; 1 while the panel has no size yet. */
export function fitScale(drawing: Size, panel: Size): number {
  if (panel.width <= 0 || panel.height <= 0 || drawing.width <= 0 || drawing.height <= 0) return 1;
  const room = { width: panel.width - 2 * MARGIN, height: panel.height - 2 * MARGIN };
  return clamp(Math.min(MAX_FIT, room.width / drawing.width, room.height / drawing.height));
}

/** The drawing fitted to the panel and centred in it. */
export function fitView(drawing: Size, panel: Size): View {
  const scale = fitScale(drawing, panel);
  if (panel.width <= 0 || panel.height <= 0) return { scale, x: 0, y: 0 };
  return {
    scale,
    x: (panel.width - drawing.width * scale) / 2,
    y: (panel.height - drawing.height * scale) / 2,
  };
}

/** The view scaled by `factor` about the panel point `at`. */
export function zoomView(view: View, factor: number, at: { x: number; y: number }): View {
  const scale = clamp(view.scale * factor);
  const applied = scale / view.scale;
  return { scale, x: at.x - (at.x - view.x) * applied, y: at.y - (at.y - view.y) * applied };
}

export function panView(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

export function transformOf(view: View): string {
  const round = (n: number) => Math.round(n * 100) / 100;
  return `translate(${round(view.x)} ${round(view.y)}) scale(${round(view.scale * 1000) / 1000})`;
}
