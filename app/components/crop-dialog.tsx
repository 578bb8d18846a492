import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState, type WheelEvent } from 'react';
import { useTranslation } from '../i18n/translations';
import { clampOffset, cropArea, displayScale, type Offset, type Size } from '../lib/crop';
import { buttonClass, Dialog } from './ui';

/** The frame on screen, in CSS pixels, and the crop's size in the file it makes. */
const FRAME = 280;
const OUTPUT = 512;
const MAX_ZOOM = 4;
const KEY_STEP = 10;

/**
 * Crops a chosen picture to a square before it is uploaded: drag (or arrow keys) to move it,
 * the slider, the wheel or two fingers to zoom. Answers a new file of the same type.
 */
export function CropDialog({
  file,
  onCropped,
  onClose,
}: {
  file: File | null;
  onCropped: (file: File) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const image = useRef<HTMLImageElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<number | null>(null);

  useEffect(() => {
    setNatural(null);
    setZoom(1);
    setOffset({ x: 0, y: 0 });
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);

  const place = (nextZoom: number, nextOffset: Offset) => {
    if (!natural) return;
    const zoomed = Math.min(MAX_ZOOM, Math.max(1, nextZoom));
    setZoom(zoomed);
    setOffset(clampOffset(natural, FRAME, zoomed, nextOffset));
  };

  const down = (event: PointerEvent) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    pinch.current = null;
  };
  const move = (event: PointerEvent) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch.current) place(zoom * (distance / pinch.current), offset);
      pinch.current = distance;
    } else {
      place(zoom, { x: offset.x + event.clientX - last.x, y: offset.y + event.clientY - last.y });
    }
  };
  const up = (event: PointerEvent) => {
    pointers.current.delete(event.pointerId);
    pinch.current = null;
  };
  const wheel = (event: WheelEvent) => place(zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1), offset);
  const key = (event: KeyboardEvent) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!step) return;
    event.preventDefault();
    place(zoom, { x: offset.x + (step[0] ?? 0) * KEY_STEP, y: offset.y + (step[1] ?? 0) * KEY_STEP });
  };

  const confirm = () => {
    const source = image.current;
    if (!file || !natural || !source) return;
    const area = cropArea(natural, FRAME, zoom, offset);
    const size = Math.min(OUTPUT, Math.round(area.size));
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    canvas.getContext('2d')?.drawImage(source, area.x, area.y, area.size, area.size, 0, 0, size, size);
    const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    canvas.toBlob(
      (blob) => {
        if (blob) onCropped(new File([blob], file.name, { type }));
      },
      type,
      0.9,
    );
  };

  const scale = natural ? displayScale(natural, FRAME, zoom) : 1;
  return (
    <Dialog open={file !== null} onClose={onClose} title={t('crop.title')}>
      <div className="flex flex-col items-center gap-3">
        <div
          role="img"
          aria-label={t('crop.frame')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys move the picture in the frame
          tabIndex={0}
          data-testid="crop-frame"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          onWheel={wheel}
          onKeyDown={key}
          className="relative cursor-move touch-none overflow-hidden rounded-lg bg-zinc-200 outline-offset-2 dark:bg-zinc-800"
          style={{ width: FRAME, height: FRAME }}
        >
          {url && (
            <img
              ref={image}
              src={url}
              alt=""
              draggable={false}
              onLoad={(event) =>
                setNatural({
                  width: event.currentTarget.naturalWidth,
                  height: event.currentTarget.naturalHeight,
                })
              }
              className="absolute top-1/2 left-1/2 max-w-none select-none"
              style={
                natural
                  ? {
                      width: natural.width * scale,
                      height: natural.height * scale,
                      transform: `translate(calc(-50% + ${offset.x}px), calc(-50% + ${offset.y}px))`,
                    }
                  : { visibility: 'hidden' }
              }
            />
          )}
        </div>
        <p className="text-center text-xs text-zinc-600 dark:text-zinc-400">{t('crop.hint')}</p>
        <label className="flex w-full items-center gap-2 text-sm">
          {t('crop.zoom')}
          <input
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={zoom}
            onChange={(event) => place(Number(event.target.value), offset)}
            className="flex-1 accent-brand"
          />
        </label>
        <div className="flex w-full justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('crop.cancel')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={confirm} disabled={!natural}>
            {t('crop.confirm')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
