import {
  readSvgaMovie,
  type SvgaColor,
  type SvgaFrame,
  type SvgaMovie,
  type SvgaShape,
  type SvgaStyle,
  type SvgaTransform,
} from '../../../lib/svga';

/** A playing animation, to stop early. */
export interface Playing {
  destroy(): void;
}

/** Downloads an SVGA 2 movie and inflates it with the browser's own zlib. */
async function loadMovie(url: string): Promise<SvgaMovie> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  const inflated = await new Response(
    response.body.pipeThrough(new DecompressionStream('deflate')),
  ).arrayBuffer();
  return readSvgaMovie(new Uint8Array(inflated));
}

const css = ({ r, g, b, a }: SvgaColor) =>
  `rgba(${Math.round(r * 255)}, ${Math.round(g * 255)}, ${Math.round(b * 255)}, ${a})`;

const apply = (context: CanvasRenderingContext2D, t: SvgaTransform | null) => {
  if (t) context.transform(t.a, t.b, t.c, t.d, t.tx, t.ty);
};

function pathOf(shape: SvgaShape): Path2D {
  if (shape.kind === 'path') return new Path2D(shape.d);
  const path = new Path2D();
  if (shape.kind === 'rect') path.roundRect(shape.x, shape.y, shape.width, shape.height, shape.cornerRadius);
  else path.ellipse(shape.x, shape.y, shape.radiusX, shape.radiusY, 0, 0, Math.PI * 2);
  return path;
}

function paint(context: CanvasRenderingContext2D, path: Path2D, style: SvgaStyle) {
  if (style.fill) {
    context.fillStyle = css(style.fill);
    context.fill(path);
  }
  if (style.stroke && style.strokeWidth > 0) {
    context.strokeStyle = css(style.stroke);
    context.lineWidth = style.strokeWidth;
    context.lineCap = style.lineCap;
    context.lineJoin = style.lineJoin;
    if (style.miterLimit > 0) context.miterLimit = style.miterLimit;
    context.setLineDash(style.lineDash);
    context.stroke(path);
  }
}

function drawFrame(context: CanvasRenderingContext2D, frame: SvgaFrame, bitmap: ImageBitmap | undefined) {
  if (frame.alpha <= 0) return;
  context.save();
  context.globalAlpha = frame.alpha;
  apply(context, frame.transform);
  if (frame.clipPath) context.clip(new Path2D(frame.clipPath));
  if (bitmap) context.drawImage(bitmap, 0, 0, frame.width, frame.height);
  for (const shape of frame.shapes) {
    context.save();
    apply(context, shape.transform);
    paint(context, pathOf(shape), shape.style);
    context.restore();
  }
  context.restore();
}

/**
 * Plays an SVGA 2 movie once on the canvas, fitted and centred, frame by frame at its own rate;
 * `onEnd` when the last frame has shown. Vector shapes and bitmaps, with their transforms, alpha
 * and clip paths (what gift animations use); no sound.
 */
export async function playSvga(canvas: HTMLCanvasElement, url: string, onEnd: () => void): Promise<Playing> {
  const movie = await loadMovie(url);
  const bitmaps = new Map<string, ImageBitmap>();
  for (const [key, bytes] of movie.images)
    if (bytes.length > 0) bitmaps.set(key, await createImageBitmap(new Blob([bytes as BlobPart])));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  const scale = Math.min(canvas.width / movie.width, canvas.height / movie.height);
  const left = (canvas.width - movie.width * scale) / 2;
  const top = (canvas.height - movie.height * scale) / 2;
  const started = performance.now();
  let request = 0;
  const clear = () => context.clearRect(0, 0, canvas.width, canvas.height);
  const tick = (now: number) => {
    const index = Math.floor(((now - started) * movie.fps) / 1000);
    clear();
    if (index >= movie.frames) {
      onEnd();
      return;
    }
    context.save();
    context.setTransform(scale, 0, 0, scale, left, top);
    for (const sprite of movie.sprites) {
      const frame = sprite.frames[index];
      if (frame) drawFrame(context, frame, bitmaps.get(sprite.imageKey));
    }
    context.restore();
    request = requestAnimationFrame(tick);
  };
  request = requestAnimationFrame(tick);
  return {
    destroy() {
      cancelAnimationFrame(request);
      clear();
      for (const bitmap of bitmaps.values()) bitmap.close();
    },
  };
}
