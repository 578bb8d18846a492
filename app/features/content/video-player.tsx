import { useEffect, useRef } from 'react';
import { isHls } from '../../../modules/content/content.contract';
import { useTranslation } from '../../i18n/translations';

/**
 * Plays an MP4 natively, and an HLS playlist natively where the browser can (Safari) or with
 * hls.js, loaded only when needed. Without a source it shows the cover and says so.
 */
export function VideoPlayer({
  source,
  poster,
  title,
}: {
  source: string | null;
  poster: string | null;
  title: string;
}) {
  const { t } = useTranslation('content');
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element || !source) return;
    if (!isHls(source) || element.canPlayType('application/vnd.apple.mpegurl')) {
      element.src = source;
      return;
    }
    let destroy: (() => void) | undefined;
    let cancelled = false;
    import('hls.js').then(({ default: Hls }) => {
      if (cancelled || !Hls.isSupported()) return;
      const hls = new Hls();
      hls.loadSource(source);
      hls.attachMedia(element);
      destroy = () => hls.destroy();
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [source]);

  if (!source)
    return (
      <div className="relative aspect-video overflow-hidden rounded-2xl bg-zinc-900">
        {poster && <img src={poster} alt="" className="h-full w-full object-cover opacity-60" />}
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-white">
          {t('video.unavailable')}
        </p>
      </div>
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: highlight clips carry no speech to caption
    <video
      ref={video}
      controls
      playsInline
      preload="metadata"
      poster={poster ?? undefined}
      aria-label={title}
      className="aspect-video w-full rounded-2xl bg-black"
    />
  );
}
