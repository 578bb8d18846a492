import { describe, expect, it } from 'vitest';
import { clampOffset, cropArea } from './crop';

const landscape = { width: 1200, height: 800 };

describe('a square crop of a picture', () => {
  it('shows the centre square of the short side at zoom 1', () => {
    expect(cropArea(landscape, 300, 1, { x: 0, y: 0 })).toEqual({ x: 200, y: 0, size: 800 });
  });

  it('moves with the picture: dragging it right shows more of its left side', () => {
    // 300 frame pixels show 800 picture pixels: 75 frame pixels are 200 picture pixels.
    expect(cropArea(landscape, 300, 1, { x: 75, y: 0 })).toEqual({ x: 0, y: 0, size: 800 });
  });

  it('never leaves part of the frame empty, however far the picture is dragged', () => {
    expect(clampOffset(landscape, 300, 1, { x: 500, y: 40 })).toEqual({ x: 75, y: 0 });
    expect(cropArea(landscape, 300, 1, { x: -999, y: 999 })).toEqual({ x: 400, y: 0, size: 800 });
  });

  it('shows a smaller square when zoomed in, centred where it was', () => {
    expect(cropArea(landscape, 300, 2, { x: 0, y: 0 })).toEqual({ x: 400, y: 200, size: 400 });
  });
});
