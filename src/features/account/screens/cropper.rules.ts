/**
 * The avatar cropper's geometry (docs/product.md, Uploads: fixed box, scale mode), pure so it is tested without a
 * canvas. The image is shown behind a square box of `box` pixels; at zoom 1 it just covers the box, and it can
 * never be moved or zoomed so that any part of the box is left empty.
 */

export interface Size {
  width: number;
  height: number;
}

export interface View {
  /** Image pixels → box pixels. */
  scale: number;
  /** Where the image's top-left corner sits in the box (0 or negative). */
  x: number;
  y: number;
}

export const MAX_ZOOM = 4;

/** The longest side at most `max`, keeping the shape (the cropper's 'max image 2000'). */
export function fitWithin(size: Size, max: number): Size {
  const longest = Math.max(size.width, size.height);
  if (longest <= max) return size;
  const k = max / longest;
  return { width: Math.max(1, Math.round(size.width * k)), height: Math.max(1, Math.round(size.height * k)) };
}

export function coverScale(image: Size, box: number): number {
  return box / Math.min(image.width, image.height);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Keeps the box covered: x within [box - shown width, 0], the same for y. */
export function clampView(view: View, image: Size, box: number): View {
  return {
    scale: view.scale,
    x: clamp(view.x, box - image.width * view.scale, 0),
    y: clamp(view.y, box - image.height * view.scale, 0),
  };
}

/** The starting view: the image covering the box, centred. */
export function initialView(image: Size, box: number): View {
  const scale = coverScale(image, box);
  return { scale, x: (box - image.width * scale) / 2, y: (box - image.height * scale) / 2 };
}

export function zoomOf(view: View, image: Size, box: number): number {
  return view.scale / coverScale(image, box);
}

/** Zoom (1 … MAX_ZOOM) about the box's centre, so what is in the middle stays there. */
export function zoomTo(view: View, zoom: number, image: Size, box: number): View {
  const scale = coverScale(image, box) * clamp(zoom, 1, MAX_ZOOM);
  const cx = (box / 2 - view.x) / view.scale;
  const cy = (box / 2 - view.y) / view.scale;
  return clampView({ scale, x: box / 2 - cx * scale, y: box / 2 - cy * scale }, image, box);
}

export function moveBy(view: View, dx: number, dy: number, image: Size, box: number): View {
  return clampView({ ...view, x: view.x + dx, y: view.y + dy }, image, box);
}

/** The square of the image (in its own pixels) that the box shows: what the output is drawn from. */
export function sourceSquare(view: View, box: number): { x: number; y: number; side: number } {
  return { x: -view.x / view.scale, y: -view.y / view.scale, side: box / view.scale };
}
