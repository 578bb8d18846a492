/**
 * The score push's limits, without zod: code every page runs imports these, so the browser's first
 * load need not carry the schemas.
 */

/**
 * Topics a client may follow: `live` (every match in play), `live:{gameId}`, `day:{YYYY-MM-DD}`
 * (matches starting that UTC day) and `match:{id}`.
 */
export const TOPIC_PATTERN = /^(live(:\d{1,3})?|day:\d{4}-\d{2}-\d{2}|match:\d{1,15})$/;
export const MAX_TOPICS = 200;
