import { useEffect, useState } from 'react';

/**
 * Plays a replay's VOD playlist with hls.js (or the browser's own HLS, as in Safari), with the
 * video element's controls to seek. `data-state` says when it plays, for the page's tests.
 */
export function ReplayPlayer({ url, label }: { url: string; label: string }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
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
      hls.loadSource(url);
      hls.attachMedia(video);
      stop = () => hls.destroy();
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [video, url]);
  return (
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
  );
}
