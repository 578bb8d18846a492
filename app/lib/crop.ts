export interface Size {
  width: number;
  height: number;
}

export interface Offset {
  x: number;
  y: number;
}

/**
 * A square crop: the picture is scaled so its short side fills the frame at zoom 1, and moved by
 * `offset` (frame pixels, from centred). These keep the frame covered and say what it shows.
 */
export const displayScale = (natural: Size, frame: number, zoom: number) =>
  (frame / Math.min(natural.width, natural.height)) * zoom;

/** The offset moved back inside the range where the picture still covers the whole frame. */
export function clampOffset(natural: Size, frame: number, zoom: number, offset: Offset): Offset {
  const scale = displayScale(natural, frame, zoom);
  const maxX = (natural.width * scale - frame) / 2;
  const maxY = (natural.height * scale - frame) / 2;
  const clamp = (value: number, max: number) => Math.min(max, Math.max(-max, value)) || 0;
  return { x: clamp(offset.x, maxX), y: clamp(offset.y, maxY) };
}

/** The square of the picture, in its own pixels, that the frame shows. */
export function cropArea(natural: Size, frame: number, zoom: number, offset: Offset) {
  const scale = displayScale(natural, frame, zoom);
  const { x, y } = clampOffset(natural, frame, zoom, offset);
  const left = (frame - natural.width * scale) / 2 + x;
  const top = (frame - natural.height * scale) / 2 + y;
  // `|| 0`: no negative zero where the picture's edge meets the frame's.
  return { x: -left / scale || 0, y: -top / scale || 0, size: frame / scale };
}
