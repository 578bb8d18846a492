/**
 * SVGA 2 movies (the gift animations of the Chinese live-streaming apps): a zlib-deflated
 * protobuf `MovieEntity` (github.com/svga/SVGA-Format, svga.proto). Read here by walking the
 * protobuf wire format with the schema below written out by hand, so neither the server's check
 * nor the browser's player needs generated code or `eval` (which the pages' script policy refuses).
 * Inflating is the caller's: zlib on the server, DecompressionStream in the browser.
 */

export interface SvgaColor {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** A 2D affine transform, as canvas's `transform(a, b, c, d, tx, ty)` takes it. */
export interface SvgaTransform {
  a: number;
  b: number;
  c: number;
  d: number;
  tx: number;
  ty: number;
}

export interface SvgaStyle {
  fill: SvgaColor | null;
  stroke: SvgaColor | null;
  strokeWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  miterLimit: number;
  lineDash: number[];
}

export type SvgaShape =
  | { kind: 'path'; d: string; style: SvgaStyle; transform: SvgaTransform | null }
  | {
      kind: 'rect';
      x: number;
      y: number;
      width: number;
      height: number;
      cornerRadius: number;
      style: SvgaStyle;
      transform: SvgaTransform | null;
    }
  | {
      kind: 'ellipse';
      x: number;
      y: number;
      radiusX: number;
      radiusY: number;
      style: SvgaStyle;
      transform: SvgaTransform | null;
    };

export interface SvgaFrame {
  alpha: number;
  width: number;
  height: number;
  transform: SvgaTransform | null;
  clipPath: string;
  shapes: SvgaShape[];
}

export interface SvgaSprite {
  /** The bitmap it shows, a key of `images`; empty for shapes only. */
  imageKey: string;
  frames: SvgaFrame[];
}

export interface SvgaMovie {
  width: number;
  height: number;
  fps: number;
  frames: number;
  images: Map<string, Uint8Array>;
  sprites: SvgaSprite[];
}

export class SvgaFormatError extends Error {}

type Value = number | Uint8Array;

/** The fields of one protobuf message, in order: [field number, value]. */
function fieldsOf(bytes: Uint8Array): [number, Value][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: [number, Value][] = [];
  let at = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; shift < 64; shift += 7) {
      if (at >= bytes.length) break;
      const byte = bytes[at++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
    throw new SvgaFormatError('a number runs past the end');
  };
  const take = (length: number): number => {
    const start = at;
    at += length;
    if (at > bytes.length) throw new SvgaFormatError('a field runs past the end');
    return start;
  };
  while (at < bytes.length) {
    const tag = varint();
    const field = Math.floor(tag / 8);
    if (field === 0) throw new SvgaFormatError('field number 0');
    switch (tag & 7) {
      case 0:
        out.push([field, varint()]);
        break;
      case 1:
        take(8);
        break;
      case 2: {
        const length = varint();
        const start = take(length);
        out.push([field, bytes.subarray(start, start + length)]);
        break;
      }
      case 5:
        out.push([field, view.getFloat32(take(4), true)]);
        break;
      default:
        throw new SvgaFormatError(`wire type ${tag & 7}`);
    }
  }
  return out;
}

const text = new TextDecoder();
const bytesOf = (value: Value | undefined) => (value instanceof Uint8Array ? value : new Uint8Array(0));
const numberOf = (value: Value | undefined, otherwise = 0) => (typeof value === 'number' ? value : otherwise);

/** The last value of each field (proto3 keeps the last), and every value of the repeated ones. */
function message(bytes: Uint8Array) {
  const fields = fieldsOf(bytes);
  const last = new Map<number, Value>(fields);
  return {
    has: (n: number) => last.has(n),
    num: (n: number, otherwise = 0) => numberOf(last.get(n), otherwise),
    str: (n: number) => text.decode(bytesOf(last.get(n))),
    bytes: (n: number) => bytesOf(last.get(n)),
    sub: (n: number) => (last.get(n) instanceof Uint8Array ? message(last.get(n) as Uint8Array) : null),
    all: (n: number) => fields.filter(([f]) => f === n).map(([, v]) => bytesOf(v)),
  };
}

type Message = ReturnType<typeof message>;

const transformOf = (m: Message | null): SvgaTransform | null =>
  m && { a: m.num(1, 1), b: m.num(2), c: m.num(3), d: m.num(4, 1), tx: m.num(5), ty: m.num(6) };

const colorOf = (m: Message | null): SvgaColor | null =>
  m && { r: m.num(1), g: m.num(2), b: m.num(3), a: m.num(4) };

const LINE_CAPS: CanvasLineCap[] = ['butt', 'round', 'square'];
const LINE_JOINS: CanvasLineJoin[] = ['miter', 'round', 'bevel'];

function styleOf(m: Message | null): SvgaStyle {
  return {
    fill: colorOf(m?.sub(1) ?? null),
    stroke: colorOf(m?.sub(2) ?? null),
    strokeWidth: m?.num(3) ?? 0,
    lineCap: LINE_CAPS[m?.num(4) ?? 0] ?? 'butt',
    lineJoin: LINE_JOINS[m?.num(5) ?? 0] ?? 'miter',
    miterLimit: m?.num(6) ?? 0,
    lineDash: [m?.num(7) ?? 0, m?.num(8) ?? 0, m?.num(9) ?? 0].filter((n) => n > 0),
  };
}

/** ShapeEntity.type: SHAPE 0, RECT 1, ELLIPSE 2, KEEP 3 (the shapes of the frame before). */
const KEEP = 3;

function shapeOf(m: Message): SvgaShape | null {
  const style = styleOf(m.sub(10));
  const transform = transformOf(m.sub(11));
  const type = m.num(1);
  const args = m.sub(type === 1 ? 3 : type === 2 ? 4 : 2);
  if (type === 0) return { kind: 'path', d: args?.str(1) ?? '', style, transform };
  if (type === 1 && args)
    return {
      kind: 'rect',
      x: args.num(1),
      y: args.num(2),
      width: args.num(3),
      height: args.num(4),
      cornerRadius: args.num(5),
      style,
      transform,
    };
  if (type === 2 && args)
    return {
      kind: 'ellipse',
      x: args.num(1),
      y: args.num(2),
      radiusX: args.num(3),
      radiusY: args.num(4),
      style,
      transform,
    };
  return null;
}

function spriteOf(m: Message): SvgaSprite {
  let shapes: SvgaShape[] = [];
  const frames = m.all(2).map((bytes) => {
    const frame = message(bytes);
    const entities = frame.all(5).map(message);
    if (!(entities.length > 0 && entities[0]?.num(1) === KEEP))
      shapes = entities.flatMap((entity) => shapeOf(entity) ?? []);
    const layout = frame.sub(2);
    return {
      alpha: frame.num(1),
      width: layout?.num(3) ?? 0,
      height: layout?.num(4) ?? 0,
      transform: transformOf(frame.sub(3)),
      clipPath: frame.str(4),
      shapes,
    };
  });
  return { imageKey: m.str(1), frames };
}

/** Reads an inflated SVGA 2 movie; throws SvgaFormatError when it is not one. */
export function readSvgaMovie(inflated: Uint8Array): SvgaMovie {
  const movie = message(inflated);
  const params = movie.sub(2);
  const sprites = movie.all(4).map((bytes) => spriteOf(message(bytes)));
  if (!params || sprites.length === 0) throw new SvgaFormatError('no params or no sprites');
  const images = new Map<string, Uint8Array>();
  for (const entry of movie.all(3).map(message)) images.set(entry.str(1), entry.bytes(2));
  const fps = params.num(3, 20);
  const frames = params.num(4);
  if (!(fps > 0 && fps <= 120 && frames > 0 && frames <= 10_000))
    throw new SvgaFormatError('frame rate or frame count out of range');
  return { width: params.num(1), height: params.num(2), fps, frames, images, sprites };
}
