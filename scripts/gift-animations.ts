/**
 * Draws the seeded gifts' animations as SVGA 2 files (public/gifts/*.svga): vector shapes, one
 * sprite each, 30 fps. Run with `npx tsx scripts/gift-animations.ts` after changing a drawing.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import protobuf from 'protobufjs';

const PROTO = `
syntax = "proto3";
package com.opensource.svga;
message MovieParams { float viewBoxWidth = 1; float viewBoxHeight = 2; int32 fps = 3; int32 frames = 4; }
message SpriteEntity { string imageKey = 1; repeated FrameEntity frames = 2; }
message Layout { float x = 1; float y = 2; float width = 3; float height = 4; }
message Transform { float a = 1; float b = 2; float c = 3; float d = 4; float tx = 5; float ty = 6; }
message ShapeEntity {
  enum ShapeType { SHAPE = 0; RECT = 1; ELLIPSE = 2; KEEP = 3; }
  message ShapeArgs { string d = 1; }
  message EllipseArgs { float x = 1; float y = 2; float radiusX = 3; float radiusY = 4; }
  message ShapeStyle {
    message RGBAColor { float r = 1; float g = 2; float b = 3; float a = 4; }
    RGBAColor fill = 1; RGBAColor stroke = 2; float strokeWidth = 3;
  }
  ShapeType type = 1;
  oneof args { ShapeArgs shape = 2; EllipseArgs ellipse = 4; }
  ShapeStyle styles = 10;
  Transform transform = 11;
}
message FrameEntity { float alpha = 1; Layout layout = 2; Transform transform = 3; repeated ShapeEntity shapes = 5; }
message MovieEntity { string version = 1; MovieParams params = 2; map<string, bytes> images = 3; repeated SpriteEntity sprites = 4; }
`;

const SIZE = 300;
const FRAMES = 60;
type Rgb = [number, number, number];
const color = ([r, g, b]: Rgb, a = 1) => ({ r: r / 255, g: g / 255, b: b / 255, a });

/** A path drawn around the origin, scaled and turned over the frames, fading out at the end. */
function sprite(
  d: string,
  fill: Rgb,
  stroke: Rgb,
  motion: (t: number) => { scale: number; turn: number; dy: number },
) {
  return {
    imageKey: 'shape',
    frames: Array.from({ length: FRAMES }, (_, i) => {
      const t = i / (FRAMES - 1);
      const { scale, turn, dy } = motion(t);
      const cos = Math.cos(turn) * scale;
      const sin = Math.sin(turn) * scale;
      return {
        alpha: t < 0.8 ? 1 : (1 - t) / 0.2,
        layout: { x: 0, y: 0, width: SIZE, height: SIZE },
        transform: { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 },
        shapes: [
          {
            type: 0,
            shape: { d },
            styles: { fill: color(fill), stroke: color(stroke), strokeWidth: 4 },
            transform: { a: cos, b: sin, c: -sin, d: cos, tx: SIZE / 2, ty: SIZE / 2 + dy },
          },
        ],
      };
    }),
  };
}

const star = (points: number, outer: number, inner: number) =>
  `${Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    return `${i === 0 ? 'M' : 'L'}${(r * Math.cos(a)).toFixed(1)} ${(r * Math.sin(a)).toFixed(1)}`;
  }).join(' ')} Z`;

const pop = (t: number) => Math.min(1, t * 4) * (1 + 0.08 * Math.sin(t * Math.PI * 6));

export const ANIMATIONS: Record<string, ReturnType<typeof sprite>> = {
  heart: sprite(
    'M0 30 C-60 -10 -50 -70 0 -40 C50 -70 60 -10 0 30 Z',
    [239, 68, 68],
    [255, 255, 255],
    (t) => ({ scale: pop(t) * 1.6, turn: 0, dy: -60 * t }),
  ),
  star: sprite(star(5, 80, 34), [250, 204, 21], [180, 83, 9], (t) => ({
    scale: pop(t),
    turn: t * Math.PI * 2,
    dy: 0,
  })),
  rocket: sprite(
    'M0 -90 C30 -60 30 10 22 40 L40 70 L10 55 L0 75 L-10 55 L-40 70 L-22 40 C-30 10 -30 -60 0 -90 Z',
    [96, 165, 250],
    [30, 64, 175],
    (t) => ({ scale: 1, turn: 0, dy: 120 - 300 * t * t }),
  ),
  crown: sprite(
    'M-80 40 L-80 -30 L-40 10 L0 -60 L40 10 L80 -30 L80 40 Z',
    [234, 179, 8],
    [120, 53, 15],
    (t) => ({ scale: pop(t) * 1.2, turn: 0.15 * Math.sin(t * Math.PI * 4), dy: 0 }),
  ),
};

const root = protobuf.parse(PROTO).root;
const Movie = root.lookupType('com.opensource.svga.MovieEntity');
const dir = path.resolve(import.meta.dirname, '../public/gifts');
for (const [name, drawn] of Object.entries(ANIMATIONS)) {
  const movie = Movie.fromObject({
    version: '2.0',
    params: { viewBoxWidth: SIZE, viewBoxHeight: SIZE, fps: 30, frames: FRAMES },
    images: {},
    sprites: [drawn],
  });
  writeFileSync(path.join(dir, `${name}.svga`), deflateSync(Movie.encode(movie).finish()));
}
