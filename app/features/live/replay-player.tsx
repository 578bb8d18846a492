import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translations';

/** A moment of the broadcast to jump to: a goal, a round or a map of its match. */
export interface Chapter {
  id: number;
  label: string;
  /** Its wall-clock time, epoch ms. */
  at: number;
}

/** The part of a fragment of hls.js's playlist the seeking uses. */
interface TimedFragment {
  start: number;
  duration: number;
  programDateTime: number | null;
}

/**
 * Plays a replay's VOD playlist with hls.js (or the browser's own HLS, as in Safari), with the
 * video element's controls to seek, and the chapters below it: each jumps to its wall-clock
 * time, found through the playlist's PROGRAM-DATE-TIME of every segment (a replay of several
 * pushes has gaps between them). `data-state` says when it plays, for the page's tests.
 */
export function ReplayPlayer({
  url,
  label,
  chapters = [],
}: {
  url: string;
  label: string;
  chapters?: Chapter[];
}) {
  const { t } = useTranslation('live');
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const fragments = useRef<TimedFragment[]>([]);
  useEffect(() => {
    if (!video) return;
    let stop = () => {};
    let stopped = false;
    void import('hls.js').then(({ default: Hls }) => {
      if (stopped) return;
      if (!Hls.isSupported()) {
        video.src = url;
        stop = () => video.removeAttribute('src');
        return;
      }
      const hls = new Hls();
      hls.on(Hls.Events.LEVEL_LOADED, (_event, { details }) => {
        fragments.current = details.fragments;
      });
      hls.loadSource(url);
      hls.attachMedia(video);
      stop = () => hls.destroy();
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [video, url]);

  /** The position of a wall-clock time in the video: inside the segment that holds it, else the next one. */
  const seek = (at: number) => {
    if (!video) return;
    const timed = fragments.current.filter((f) => f.programDateTime !== null);
    const holding = timed.find((f) => at < (f.programDateTime as number) + f.duration * 1000);
    // The browser's own HLS knows only the first segment's time.
    const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.().getTime();
    video.currentTime = holding
      ? holding.start + Math.max(0, at - (holding.programDateTime as number)) / 1000
      : Number.isFinite(start) && start
        ? Math.max(0, (at - start) / 1000)
        : video.currentTime;
    void video.play().catch(() => {
      // Autoplay refused: the controls start it.
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-hidden rounded-2xl bg-black">
        {/* biome-ignore lint/a11y/useMediaCaption: a broadcast's recording has no captions to offer */}
        <video
          ref={setVideo}
          aria-label={label}
          controls
          playsInline
          className="aspect-video w-full bg-black"
        />
      </div>
      {chapters.length > 0 && (
        <nav aria-label={t('replays.chapters')}>
          <ul className="flex flex-wrap gap-2">
            {chapters.map((chapter) => (
              <li key={chapter.id}>
                <button
                  type="button"
                  onClick={() => seek(chapter.at)}
                  className="rounded-full border border-zinc-200 px-3 py-1 text-sm tabular-nums hover:border-brand dark:border-zinc-700"
                >
                  {chapter.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
