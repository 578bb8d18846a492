import { readFileSync } from 'node:fs';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readSvgaMovie, SvgaFormatError } from './svga';

const gift = (name: string) =>
  inflateSync(readFileSync(new URL(`../public/gifts/${name}.svga`, import.meta.url)));

describe('reading SVGA 2 movies', () => {
  it("reads the demo heart: its size, frame rate, frames and every sprite's shapes", () => {
    const movie = readSvgaMovie(gift('heart'));
    expect(movie).toMatchObject({ width: 300, height: 300, fps: 30, frames: 60 });
    expect(movie.sprites.length).toBeGreaterThan(0);
    for (const sprite of movie.sprites) {
      expect(sprite.frames).toHaveLength(60);
      const shown = sprite.frames.find((frame) => frame.alpha > 0);
      expect(shown?.shapes.length).toBeGreaterThan(0);
      expect(shown?.transform).not.toBeNull();
    }
    const colours = movie.sprites.flatMap((s) =>
      s.frames.flatMap((f) => f.shapes.map((shape) => shape.style.fill)),
    );
    expect(colours.some((fill) => fill && fill.r > 0.5 && fill.a > 0)).toBe(true);
  });

  it('reads every demo gift', () => {
    for (const name of ['heart', 'star', 'rocket', 'crown'])
      expect(readSvgaMovie(gift(name)).sprites.length).toBeGreaterThan(0);
  });

  it('refuses what is not a movie: other bytes, a movie without sprites, a field running past the end', () => {
    expect(() => readSvgaMovie(new Uint8Array([0xff, 0xff, 0xff]))).toThrow(SvgaFormatError);
    expect(() =>
      readSvgaMovie(inflateSync(deflateSync(Buffer.from([0x0a, 0x03, 0x32, 0x2e, 0x30])))),
    ).toThrow('no params or no sprites');
    expect(() => readSvgaMovie(new Uint8Array([0x12, 0x40, 0x01]))).toThrow('runs past the end');
  });
});
