import { type ReactNode, useEffect, useState } from 'react';
import type { RoomLine } from '../../../modules/live/live.contract';
import { FLV_PLAYER_CONFIG, HLS_PLAYER_CONFIG } from '../../components/live/player-config';
import { useTranslation } from '../../i18n/translations';

/** The pause before a player that gave up while online plays its line again. */
const RESTART_AFTER_MS = 3000;

interface Quality {
  /** hls.js level index; -1 is automatic. */
  level: number;
  label: string;
}

/**
 * Plays a line into the video element: HTTP-FLV with mpegts.js, HLS with hls.js (or the browser's
 * own HLS, as in Safari). Answers the qualities the line offers and a way to pick one.
 */
function usePlayback(video: HTMLVideoElement | null, line: RoomLine | null) {
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
    const start = async () => {
      if (line.kind === 'flv') {
        const mpegts = (await import('mpegts.js')).default;
        if (stopped) return;
        const player = mpegts.createPlayer({ type: 'flv', isLive: true, url: line.url }, FLV_PLAYER_CONFIG);
        player.on(mpegts.Events.ERROR, gaveUp);
        player.attachMediaElement(video);
        player.load();
        stop = () => player.destroy();
      } else {
        const Hls = (await import('hls.js')).default;
        if (stopped) return;
        if (!Hls.isSupported()) {
          video.src = line.url;
          stop = () => video.removeAttribute('src');
        } else {
          const hls = new Hls(HLS_PLAYER_CONFIG);
          hls.on(Hls.Events.MANIFEST_PARSED, (_event, { levels }) =>
            setQualities(levels.map((level, index) => ({ level: index, label: `${level.height}p` }))),
          );
          hls.on(Hls.Events.ERROR, (_event, error) => {
            if (error.fatal) gaveUp();
          });
          hls.loadSource(line.url);
          hls.attachMedia(video);
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
}: {
  lines: RoomLine[];
  overlay?: ReactNode;
  blocked?: ReactNode;
  /** Buttons of the room beside the pickers (theatre, danmu). */
  controls?: ReactNode;
}) {
  const { t } = useTranslation('live');
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [kind, setKind] = useState<RoomLine['kind'] | null>(null);
  const line = blocked ? null : (lines.find((l) => l.kind === kind) ?? lines[0] ?? null);
  const { qualities, pick } = usePlayback(video, line);
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
              disabled={!pick}
              onChange={(event) => {
                const level = Number(event.target.value);
                setQuality(level);
                pick?.(level);
              }}
            >
              <option value={-1}>{t(pick ? 'player.auto' : 'player.source')}</option>
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
