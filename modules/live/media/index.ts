// The media layer of live rooms: what the live module builds its anchors, rooms and pages on.

export { findFfmpeg } from './hls';
export {
  type AuthorizePublish,
  createMedia,
  type IngestMode,
  type Media,
  type MediaOptions,
  type PlaybackLine,
  STREAM_ID,
  type StreamInfo,
} from './media';
export { type MediaRoutesOptions, mediaRoutes } from './media.routes';
