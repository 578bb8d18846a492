import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { RoomLine } from '../../../modules/live/live.contract';
import { FLV_PLAYER_CONFIG, HLS_PLAYER_CONFIG } from '../../components/live/player-config';
import { useTranslation } from '../../i18n/translations';

/** The pause before a player that gave up while online plays its line again. */
const RESTART_AFTER_MS = 3000;
/** How often the player's delay behind the ingest is measured, and how many measures count. */
const DELAY_EVERY_MS = 1000;
const DELAY_MEASURES = 4;
/**
 * What HTTP-FLV adds to the media the browser has buffered: the server relays each tag as it
 * arrives, so only the network and mpegts.js's remuxing lie between.
 */
const FLV_TRANSIT_MS = 300;
/** A line's delay taken until it can be measured (the first second of play): more than it usually is. */
const UNMEASURED_DELAY_MS = { flv: 2000, hls: 5000 } as const;
/** The browser's own HLS (Safari) knows only the playlist's edge, which lags the ingest by up to a segment. */
const HLS_EDGE_LAG_S = 1;

interface Quality {
  /** hls.js level index; -1 is automatic. */
  level: number;
  label: string;
}

/**
 * Plays a line into the video element: HTTP-FLV with mpegts.js, HLS with hls.js (or the browser's
 * own HLS, as in Safari). Answers the qualities the line offers and a way to pick one.
 */
function usePlayback(
  video: HTMLVideoElement | null,
  line: RoomLine | null,
  onDelay?: (ms: number | null) => void,
) {
  const delayRef = useRef(onDelay);
  delayRef.current = onDelay;
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [pick, setPick] = useState<((level: number) => void) | null>(null);
  // Counts the times the line was started again after its player gave up.
  const [restarts, setRestarts] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `restarts` starts the player again.
  useEffect(() => {
    if (!video || !line) return;
    let stop = () => {};
    let stopped = false;
    let wait: ReturnType<typeof setTimeout> | undefined;
    const again = () => setRestarts((n) => n + 1);
    // A player that gave up (the network was lost) plays the live line again from its edge: once
    // the browser is online, or after a pause while it is.
    const gaveUp = () => {
      if (stopped) return;
      if (navigator.onLine) wait = setTimeout(again, RESTART_AFTER_MS);
      else window.addEventListener('online', again, { once: true });
    };
    setQualities([]);
    setPick(null);
    // How far behind the ingest the picture is: the most of the last few measures, since a delay
    // under-told lets a spoiler through; the line's usual delay until a few seconds are measured;
    // null while the picture does not move.
    let behindMs = (): number | null => null;
    let measures: number[] = [];
    const report = () => {
      const measured = video.paused ? null : behindMs();
      if (video.paused) measures = [];
      else if (measured !== null) measures = [...measures, measured].slice(-DELAY_MEASURES);
      delayRef.current?.(
        video.paused
          ? null
          : measures.length < DELAY_MEASURES
            ? UNMEASURED_DELAY_MS[line.kind]
            : Math.max(...measures),
      );
    };
    video.addEventListener('playing', report);
    const measure = setInterval(report, DELAY_EVERY_MS);
    const start = async () => {
      if (line.kind === 'flv') {
        const mpegts = (await import('mpegts.js')).default;
        if (stopped) return;
        const player = mpegts.createPlayer({ type: 'flv', isLive: true, url: line.url }, FLV_PLAYER_CONFIG);
        player.on(mpegts.Events.ERROR, gaveUp);
        player.attachMediaElement(video);
        player.load();
        behindMs = () => {
          const { buffered } = video;
          if (buffered.length === 0) return null;
          return (buffered.end(buffered.length - 1) - video.currentTime) * 1000 + FLV_TRANSIT_MS;
        };
        stop = () => player.destroy();
      } else {
        const Hls = (await import('hls.js')).default;
        if (stopped) return;
        if (!Hls.isSupported()) {
          video.src = line.url;
          // The browser's own HLS: the end of what can be sought is the playlist's edge.
          behindMs = () => {
            const { seekable } = video;
            if (seekable.length === 0) return null;
            return (seekable.end(seekable.length - 1) - video.currentTime + HLS_EDGE_LAG_S) * 1000;
          };
          stop = () => video.removeAttribute('src');
        } else {
          const hls = new Hls(HLS_PLAYER_CONFIG);
          // A line of one rendition offers no choice: its one level is the source.
          hls.on(Hls.Events.MANIFEST_PARSED, (_event, { levels }) =>
            setQualities(
              levels.length < 2
                ? []
                : levels.map((level, index) => ({
                    level: index,
                    label: level.height ? `${level.height}p` : `${Math.round(level.bitrate / 1000)} kbps`,
                  })),
            ),
          );
          hls.on(Hls.Events.ERROR, (_event, error) => {
            if (error.fatal) gaveUp();
          });
          hls.loadSource(line.url);
          hls.attachMedia(video);
          // hls.js's latency (the live edge, advanced by the time since the playlist came, less the
          // position played), plus a segment: the playlist came up to a reload after it was written.
          behindMs = () => {
            const segment = hls.levels[hls.currentLevel]?.details?.targetduration;
            return hls.latency > 0 && segment ? (hls.latency + segment) * 1000 : null;
          };
          setPick(() => (level: number) => {
            hls.currentLevel = level;
          });
          stop = () => hls.destroy();
        }
      }
      video.play().catch(() => {
        // Autoplay refused: the controls start it.
      });
    };
    void start();
    return () => {
      stopped = true;
      clearInterval(measure);
      video.removeEventListener('playing', report);
      delayRef.current?.(null);
      clearTimeout(wait);
      window.removeEventListener('online', again);
      stop();
    };
  }, [video, line, restarts]);
  return { qualities, pick };
}

const selectClass =
  'rounded-full border border-white/30 bg-black/60 px-2 py-1 text-xs text-white focus-visible:outline-2 focus-visible:outline-white';

/**
 * The room's player (16:9) with its line picker (the low-delay HTTP-FLV line, the compatible HLS
 * line) and quality picker. `overlay` is drawn over the video (the danmu and gift layer); `blocked`
 * covers it instead of playing (locked room, trial over, off air).
 */
export function LivePlayer({
  lines,
  overlay,
  blocked,
  controls,
  onDelay,
}: {
  lines: RoomLine[];
  overlay?: ReactNode;
  blocked?: ReactNode;
  /** Buttons of the room beside the pickers (theatre, danmu). */
  controls?: ReactNode;
  /** Told every second how far behind the ingest the picture is (ms), null while it does not play. */
  onDelay?: (ms: number | null) => void;
}) {
  const { t } = useTranslation('live');
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [kind, setKind] = useState<RoomLine['kind'] | null>(null);
  const line = blocked ? null : (lines.find((l) => l.kind === kind) ?? lines[0] ?? null);
  const { qualities, pick } = usePlayback(video, line, onDelay);
  const [quality, setQuality] = useState(-1);
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl bg-black">
      <div className="relative aspect-video w-full">
        {blocked ? (
          <div className="absolute inset-0 flex items-center justify-center p-4 text-center text-white">
            {blocked}
          </div>
        ) : (
          <>
            <video
              ref={setVideo}
              data-line={line?.kind}
              controls
              muted
              playsInline
              autoPlay
              className="size-full bg-black"
            />
            {overlay}
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 px-3 py-2">
        {lines.length > 0 && !blocked && (
          <label className="flex items-center gap-1 text-xs text-zinc-300">
            {t('player.line')}
            <select
              className={selectClass}
              value={line?.kind ?? ''}
              onChange={(event) => setKind(event.target.value as RoomLine['kind'])}
            >
              {lines.map((l) => (
                <option key={l.kind} value={l.kind}>
                  {t(`player.lines.${l.kind}`)}
                  {l.pro ? ` · ${t('player.pro')}` : ''}
                </option>
              ))}
            </select>
          </label>
        )}
        {line && (
          <label className="flex items-center gap-1 text-xs text-zinc-300">
            {t('player.quality')}
            <select
              className={selectClass}
              value={quality}
              disabled={!pick || qualities.length === 0}
              onChange={(event) => {
                const level = Number(event.target.value);
                setQuality(level);
                pick?.(level);
              }}
            >
              <option value={-1}>{t(qualities.length > 0 ? 'player.auto' : 'player.source')}</option>
              {qualities.map((q) => (
                <option key={q.level} value={q.level}>
                  {q.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="ms-auto flex items-center gap-2">{controls}</div>
      </div>
    </div>
  );
}
