import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { counter, gaugeReadAtScrape, type Metrics } from '../../../platform/metrics';
import { findFfmpeg, HLS_FILE, type HlsMaker, renditionsFor, startHls } from './hls';
import { listenRtmp, type RtmpIngest, type RtmpPush } from './rtmp-ingest';
import { createStreamStats } from './stream-stats';

/**
 * The live module's check of a push: the stream id to publish under (its playback addresses use
 * it, never the key), or null to refuse.
 */
export type AuthorizePublish = (
  streamKey: string,
  context: { ip: string },
) => Promise<{ streamId: string; record?: boolean } | null>;

/** Where pushes arrive: this process (embedded), an nginx-rtmp calling our hook (external), or nowhere. */
export type IngestMode = 'embedded' | 'external' | 'none';

export interface StreamInfo {
  streamId: string;
  /** When the push was accepted (ms since the epoch). */
  since: number;
  /** Media arrived within the last two seconds. */
  arriving: boolean;
  /** Resolution the encoder announced; null when unknown (and always with the external ingest). */
  width: number | null;
  height: number | null;
  /** Measured over the last second; null when unknown (external ingest). */
  fps: number | null;
  bitrateKbps: number | null;
}

export interface PlaybackLine {
  /** flv: HTTP-FLV for mpegts.js, the low-delay line; hls: for hls.js (and Safari), the compatible line. */
  kind: 'flv' | 'hls';
  url: string;
}

export interface MediaOptions {
  ingest: IngestMode;
  /** The RTMP port of the embedded ingest; 0 picks a free one (see `rtmpPort()`). */
  rtmpPort: number;
  rtmpHost: string;
  /** Base of playback URLs (a CDN in front of /media); '' for the app's own origin. */
  publicUrl: string;
  /** Where the embedded ingest writes HLS, one folder per stream. */
  hlsDir: string;
  /** The ffmpeg to make HLS with; undefined finds one (see findFfmpeg), null makes none (FLV only). */
  ffmpeg?: string | null;
  authorizePublish: AuthorizePublish;
  /** Called once a push is admitted (may return a promise); a failure is logged, the stream stays up. */
  onPublish?: (streamId: string, info: StreamInfo) => unknown;
  /** Called when an admitted push ends (at once: no grace period here). */
  onUnpublish?: (streamId: string) => unknown;
  /**
   * Where the embedded ingest records each push (one folder per push, kept after it ends), when
   * ffmpeg is there; unset records nothing.
   */
  recordingsDir?: string;
  /** A push's recording began, in `folder` of the recordings directory. */
  onRecordingStarted?: (streamId: string, folder: string, startedAt: Date) => unknown;
  /** A push's recording ended; nothing was recorded (and the folder is gone) unless `recorded`. */
  onRecordingEnded?: (folder: string, endedAt: Date, recorded: boolean) => unknown;
  /**
   * The RTMP address anchors push to (their key appended), e.g. rtmp://live.example.com/live;
   * default the embedded ingest on the host the anchor reached the site by.
   */
  pushUrl?: string;
  /** How many streams at once get the quality ladder (renditions re-encoded below the source); 0 none. */
  ladderRooms?: number;
  /** Where the pushes on air here, the ingest's state and the HLS makers' failures are told. */
  metrics?: Metrics;
  log: Logger;
}

/** FLV tag types, the first byte of a tag. */
const FLV_AUDIO = 8;
const FLV_VIDEO = 9;
/** A push without pictures starts its HLS maker after this many tags all the same. */
const MAX_EARLY_TAGS = 300;

/** A stream id names folders and URLs: letters, digits, - and _ only. */
export const STREAM_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A recording's folder: its stream id and the push's start in ms. */
const RECORDING_FOLDER = /^[A-Za-z0-9_-]{1,64}-\d{13}$/;

interface Publication {
  streamId: string;
  /** The push's key (external ingest: to recognise its end under either name). */
  key: string;
  since: number;
  push?: RtmpPush;
  stats?: ReturnType<typeof createStreamStats>;
  hls?: HlsMaker;
  /** How many renditions its HLS maker makes beside the source. */
  renditions?: number;
  /** Stops the FLV players and the internal subscribers. */
  stops: Set<() => void>;
}

export type Media = ReturnType<typeof createMedia>;

/**
 * The media layer of live rooms: admits pushes through the live module's check, reports them
 * (onPublish / onUnpublish), and serves what the playback routes need. Embedded: RTMP in this
 * process, HTTP-FLV from the broadcast, HLS made by ffmpeg. External: nginx-rtmp asks our hook and
 * serves HLS itself (docs/decisions/017-live-media.md).
 */
export function createMedia(options: MediaOptions) {
  const { log, authorizePublish } = options;
  const live = new Map<string, Publication>();
  /** The streams whose pushes are recorded, as the publish check said. */
  const recorded = new Set<string>();
  let ingest: RtmpIngest | null = null;
  let ffmpeg: string | null = null;
  let closing = false;
  const hlsFailures =
    options.metrics &&
    mediaMetrics(options.metrics, live, () => (options.ingest === 'embedded' ? ingest !== null : null));

  const end = (publication: Publication) => {
    if (live.get(publication.streamId) !== publication) return;
    live.delete(publication.streamId);
    for (const stop of publication.stops) stop();
    void publication.hls?.stop();
    log.info({ streamId: publication.streamId }, 'stream ended');
    void report(() => options.onUnpublish?.(publication.streamId));
  };

  /** The live module's check, and ours: one publication per stream id. */
  const admit = async (key: string, ip: string): Promise<string | null> => {
    let streamId: string | null = null;
    try {
      const admitted = await authorizePublish(key, { ip });
      streamId = admitted?.streamId ?? null;
      if (streamId !== null && admitted?.record) recorded.add(streamId);
      else if (streamId !== null) recorded.delete(streamId);
    } catch (err) {
      log.error({ err }, 'the publish check failed; push refused');
      return null;
    }
    if (streamId !== null && !STREAM_ID.test(streamId)) {
      log.error({ streamId }, 'the publish check gave an unusable stream id; push refused');
      return null;
    }
    if (streamId !== null && live.has(streamId)) {
      log.info({ streamId, ip }, 'push refused: the stream is already live');
      return null;
    }
    if (streamId === null) log.info({ ip }, 'push refused');
    return streamId;
  };

  const acceptRtmpPush = async (push: RtmpPush) => {
    const streamId = push.app === 'live' && !closing ? await admit(push.key, push.ip) : null;
    if (streamId === null || !push.isOpen() || live.has(streamId)) return push.refuse();
    const stats = createStreamStats();
    const publication: Publication = {
      streamId,
      key: push.key,
      since: Date.now(),
      push,
      stats,
      stops: new Set(),
    };
    live.set(streamId, publication);
    publication.stops.add(push.subscribe((tag) => stats.countTag(tag)));
    const hlsWith = ffmpeg;
    if (hlsWith) {
      const recordingsDir = recorded.has(streamId) ? options.recordingsDir : undefined;
      const folder = `${streamId}-${publication.since}`;
      if (recordingsDir)
        void report(() => options.onRecordingStarted?.(streamId, folder, new Date(publication.since)));
      // The HLS maker starts at the stream's first picture, once its height is known (the ladder
      // is made for it); what came before is handed to it then.
      const early: Buffer[] = [];
      let videoTags = 0;
      let audio = false;
      let started = false;
      const startLine = () => {
        started = true;
        const transcoding = [...live.values()].filter((p) => p.renditions).length;
        const renditions = transcoding < (options.ladderRooms ?? 0) ? renditionsFor(push.video().height) : [];
        publication.renditions = renditions.length;
        const hls = startHls({
          ffmpeg: hlsWith,
          dir: path.join(options.hlsDir, streamId),
          log: log.child({ streamId }),
          onFailed: () => {
            publication.hls = undefined;
            hlsFailures?.inc();
          },
          record: recordingsDir
            ? {
                dir: path.join(recordingsDir, folder),
                onEnded: (recorded) =>
                  void report(() => options.onRecordingEnded?.(folder, new Date(), recorded)),
              }
            : undefined,
          renditions,
          source: push.video(),
          audio,
        });
        publication.hls = hls;
        for (const tag of early.splice(0)) hls.write(tag);
      };
      publication.stops.add(
        push.subscribe((tag) => {
          if (started) return publication.hls?.write(tag);
          early.push(tag);
          if (tag[0] === FLV_AUDIO) audio = true;
          // The first video tag is the decoder's configuration; the second is a picture.
          if (tag[0] === FLV_VIDEO) videoTags += 1;
          if (videoTags >= 2 || early.length >= MAX_EARLY_TAGS) startLine();
        }),
      );
    }
    push.onEnd(() => end(publication));
    log.info({ streamId, ip: push.ip }, 'stream published');
    void report(() => options.onPublish?.(streamId, infoOf(publication)));
  };

  const infoOf = (publication: Publication): StreamInfo => {
    const { push, stats } = publication;
    const video = push?.video();
    const measured = stats?.read();
    return {
      streamId: publication.streamId,
      since: publication.since,
      arriving: measured?.arriving ?? true,
      width: video?.width || null,
      height: video?.height || null,
      // Until a full second is measured, the frame rate the encoder announced.
      fps: measured ? (measured.arriving ? measured.fps || video?.fps || 0 : 0) : null,
      bitrateKbps: measured?.bitrateKbps ?? null,
    };
  };

  /** Runs a callback of the live module; its failure is logged, never thrown into the ingest. */
  const report = async (callback: () => unknown) => {
    try {
      await callback();
    } catch (err) {
      log.error({ err }, 'a live stream callback failed');
    }
  };

  const url = (pathname: string) => `${options.publicUrl.replace(/\/$/, '')}${pathname}`;

  return {
    ingest: options.ingest,

    /** Starts the embedded RTMP listener and looks for ffmpeg (HLS); nothing to start otherwise. */
    async start() {
      if (options.ingest !== 'embedded') return;
      rmSync(options.hlsDir, { recursive: true, force: true }); // what a crash left behind
      ffmpeg = options.ffmpeg === null ? null : await findFfmpeg(options.ffmpeg);
      if (!ffmpeg) log.warn('no ffmpeg found: live streams play as HTTP-FLV only, without the HLS line');
      ingest = await listenRtmp({
        port: options.rtmpPort,
        host: options.rtmpHost,
        log,
        onPush: (push) => void acceptRtmpPush(push),
      });
    },

    /** The address anchors push to, their stream key appended: `<pushUrl>/<key>`. */
    pushUrl(siteHost: string): string {
      const host = siteHost.replace(/:\d+$/, '');
      return options.pushUrl ?? `rtmp://${host}:${ingest?.port ?? options.rtmpPort}/live`;
    },

    /** The port the embedded ingest listens on; null when it does not run. */
    rtmpPort(): number | null {
      return ingest?.port ?? null;
    },

    async close() {
      closing = true;
      const hlsStopped = [...live.values()].map((publication) => publication.hls?.stop());
      await ingest?.close();
      for (const publication of [...live.values()]) end(publication);
      await Promise.all(hlsStopped);
    },

    /** Cuts a stream off (its anchor was banned): the embedded push is disconnected; an external one is forgotten. */
    stopStream(streamId: string) {
      const publication = live.get(streamId);
      if (publication?.push) publication.push.refuse();
      else if (publication) end(publication);
    },

    isLive(streamId: string): boolean {
      return live.has(streamId);
    },

    /** The stream as the anchor centre shows it; null when it is not live here. */
    streamInfo(streamId: string): StreamInfo | null {
      const publication = live.get(streamId);
      return publication ? infoOf(publication) : null;
    },

    /**
     * The lines a viewer can play. Embedded: those of a stream live here (HLS once its first
     * playlist is written). External: the HLS line nginx-rtmp writes, whoever knows it is live
     * (the live module keeps that, from onPublish / onUnpublish).
     */
    linesFor(streamId: string): PlaybackLine[] {
      const hls: PlaybackLine = { kind: 'hls', url: url(`/media/hls/${streamId}/index.m3u8`) };
      if (options.ingest === 'external') return STREAM_ID.test(streamId) ? [hls] : [];
      const publication = live.get(streamId);
      if (!publication) return [];
      const flv: PlaybackLine = { kind: 'flv', url: url(`/media/live/${streamId}.flv`) };
      return publication.hls?.ready ? [flv, hls] : [flv];
    },

    /**
     * Plays a live stream as HTTP-FLV: `write` gets the FLV header, the stream's headers, the
     * tags from the last keyframe on, then every new tag; `end` is called when the stream ends.
     * Returns the stop, or null when the stream is not live here.
     */
    playFlv(streamId: string, write: (chunk: Buffer) => void, end: () => void): (() => void) | null {
      const publication = live.get(streamId);
      if (!publication?.push) return null;
      const unsubscribe = publication.push.subscribe(write);
      const stop = () => {
        if (!publication.stops.delete(stop)) return;
        unsubscribe();
        end();
      };
      publication.stops.add(stop);
      return stop;
    },

    /** The file of a stream's HLS line, or null when there is none. */
    hlsFile(streamId: string, file: string): string | null {
      const publication = live.get(streamId);
      if (!publication?.hls?.ready || !HLS_FILE.test(file)) return null;
      return path.join(options.hlsDir, streamId, file);
    },

    /** A file of a recording (its playlist or a segment), or null when the names are not one. */
    recordingFile(folder: string, file: string): string | null {
      const { recordingsDir } = options;
      if (!recordingsDir || !RECORDING_FOLDER.test(folder) || !HLS_FILE.test(file)) return null;
      return path.join(recordingsDir, folder, file);
    },

    /** Deletes a recording's files. */
    removeRecording(folder: string) {
      if (options.recordingsDir && RECORDING_FOLDER.test(folder))
        rmSync(path.join(options.recordingsDir, folder), { recursive: true, force: true });
    },

    /** nginx-rtmp's on_publish: the stream id to rename the stream to, or null to refuse. */
    async hookPublish(key: string, ip: string): Promise<string | null> {
      const streamId = await admit(key, ip);
      if (streamId === null || live.has(streamId)) return null;
      const publication: Publication = { streamId, key, since: Date.now(), stops: new Set() };
      live.set(streamId, publication);
      log.info({ streamId, ip }, 'stream published (external ingest)');
      void report(() => options.onPublish?.(streamId, infoOf(publication)));
      return streamId;
    },

    /** nginx-rtmp's on_publish_done, under the stream id or the key the push used. */
    hookPublishDone(name: string) {
      const publication = live.get(name) ?? [...live.values()].find((p) => p.key === name);
      if (publication) end(publication);
    },
  };
}

/**
 * Pushes on air on this instance by line, whether the embedded ingest listens (`listening` null:
 * the ingest is not this instance's), the HLS makers' failures.
 */
function mediaMetrics(metrics: Metrics, live: Map<string, Publication>, listening: () => boolean | null) {
  gaugeReadAtScrape(
    metrics,
    {
      name: 'live_pushes',
      help: 'Anchors pushing to this instance, by the line each feeds (flv: every push; hls: those with a working HLS maker)',
      labelNames: ['line'],
    },
    () => [
      [{ line: 'flv' }, live.size],
      [{ line: 'hls' }, [...live.values()].filter((publication) => publication.hls).length],
    ],
  );
  gaugeReadAtScrape(
    metrics,
    { name: 'live_ingest_up', help: '1 while the embedded RTMP ingest of this instance listens' },
    () => {
      const up = listening();
      return up === null ? [] : [[{}, up ? 1 : 0]];
    },
  );
  return counter(metrics, {
    name: 'live_hls_failures_total',
    help: "HLS makers (ffmpeg) that failed on this instance; their room's HLS line is gone until the next push",
  });
}
