import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** The score feeds SCORE_FEED may name (besides `none`). */
export type ScoreFeedName = 'simulator' | 'football-data' | 'pandascore';

/** Every setting the server reads from the environment, checked once at start-up. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  APP_ENV: z.enum(['dev', 'pro', 'pro_guonei']).default('pro'),
  PRODUCT_CHANNEL: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/, 'must be 1-32 lowercase letters, digits, - or _')
    .default('xiongmao'),
  DEMO_DATA: flag,
  GEOIP_URL: z
    .string()
    .trim()
    .refine((v) => !v || (v.includes('{ip}') && z.url().safeParse(v.replace('{ip}', '1.1.1.1')).success), {
      message: 'must be a URL containing {ip}',
    })
    .optional(),
  GEOIP_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(300),
  /** Serves Prometheus metrics at /metrics to requests with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Operators' calls (docs/decisions/041-backups.md): with it set, GET /ops/backup streams a backup
   * archive to requests with `Authorization: Bearer <token>`; without it there is no such endpoint.
   */
  OPS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag,
  /**
   * The sandbox, only when set to true: codes and mails go to the dev outbox (/java/dev/outbox),
   * the test login and the sandbox payments work, for anyone. Off unless chosen (`npm start`
   * chooses it, `npm run serve` does not); never in production. Pages show a ribbon while it is on.
   */
  DEV_ADAPTERS: flag,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Panda Sports <no-reply@localhost>'),
  /** An HTTP SMS provider: JSON POST {to, text} with a bearer token. */
  SMS_URL: optionalUrl,
  SMS_TOKEN: z.string().optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The first administrator, created at start-up when both are set. */
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** How long a page rendered for a guest may be served to other guests; 0 turns it off. */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Websocket connects one IP may make a minute (across instances with Redis); beyond, 429. */
  WS_CONNECTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Payments (decision 009). Diamonds per RMB when bought in the recharge dialog. */
  DIAMONDS_PER_RMB: z.coerce.number().int().min(1).max(1000).default(10),
  /** Days a visitor stays attributed to the first promotion channel they came through (decision 027). */
  CHANNEL_ATTRIBUTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How often the promotion channels' daily numbers are recomputed from the raw rows. */
  CHANNEL_ROLL_UP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Minutes a payment order may be paid before it expires. */
  PAYMENT_ORDER_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Card payments through Stripe Checkout: the secret key and the webhook signing secret. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Alipay: app id, our RSA2 private key, Alipay's public key (PEM or bare base64), the gateway. */
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  /** USDT (TRC-20): the receiving address; orders are matched by their unique amount. */
  USDT_ADDRESS: z.string().optional(),
  /** The TronGrid API that reports transfers to USDT_ADDRESS. */
  USDT_TRONGRID_URL: z.url().default('https://api.trongrid.io'),
  /**
   * Third-party sign-in (docs/decisions/005-third-party-sign-in.md). A provider is offered only when
   * its id and secret are set. LOGIN_CALLBACK_URL is the page providers send the browser back to,
   * registered with each of them; default PUBLIC_URL + "/".
   */
  LOGIN_CALLBACK_URL: optionalUrl,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** Apple: the Services ID, then either a ready client secret or the team's key to make one. */
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  /** The .p8 key in PEM; "\n" escapes are read as line breaks. */
  APPLE_PRIVATE_KEY: z.string().optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  LINE_CHANNEL_ID: z.string().optional(),
  LINE_CHANNEL_SECRET: z.string().optional(),
  LINE_ISSUER: z.url().default('https://access.line.me'),
  X_CONSUMER_KEY: z.string().optional(),
  X_CONSUMER_SECRET: z.string().optional(),
  X_API_URL: z.url().default('https://api.x.com'),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  QQ_APP_ID: z.string().optional(),
  QQ_APP_KEY: z.string().optional(),
  QQ_API_URL: z.url().default('https://graph.qq.com'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_OPEN_URL: z.url().default('https://open.weixin.qq.com'),
  WECHAT_API_URL: z.url().default('https://api.weixin.qq.com'),
  /**
   * Where live scores come from (docs/decisions/007-live-scores.md and 040): a comma-separated list
   * of the seeded simulator, the football-data.org v4 API (needs FOOTBALL_DATA_TOKEN) and the
   * PandaScore esports API (needs PANDASCORE_TOKEN), or `none`. They run side by side on the
   * leader instance; the simulator leaves out the games a real feed brings. Read as the list of
   * feeds to run (`none` is the empty list).
   */
  SCORE_FEED: z
    .string()
    .trim()
    .optional()
    .transform((value) =>
      (value || 'simulator')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(['simulator', 'football-data', 'pandascore', 'none']))
        .min(1, 'names at least one feed, or none')
        .refine((names) => new Set(names).size === names.length, 'names a feed twice')
        .refine((names) => !names.includes('none') || names.length === 1, 'none goes alone'),
    )
    .transform((names) => names.filter((name) => name !== 'none') as ScoreFeedName[]),
  /** Simulator: game seconds per real second. */
  SIM_SPEED: z.coerce.number().min(0.01).max(1000).default(1),
  SIM_SEED: z.coerce.number().int().min(0).default(1),
  FOOTBALL_DATA_TOKEN: z.string().optional(),
  FOOTBALL_DATA_URL: z.url().default('https://api.football-data.org'),
  /** PandaScore (decision 040): the bearer token, the REST base and the live websockets' base. */
  PANDASCORE_TOKEN: z.string().optional(),
  PANDASCORE_URL: z.url().default('https://api.pandascore.co'),
  PANDASCORE_LIVE_URL: z
    .string()
    .regex(/^wss?:\/\/\S+$/, 'must be a ws:// or wss:// address')
    .default('wss://live.pandascore.co'),
  /**
   * The catalogue games PandaScore brings (`lol,csgo,dota2`); default every game it maps. The
   * simulator leaves these out.
   */
  PANDASCORE_GAMES: z
    .string()
    .trim()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((slug) => slug.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9]+$/, 'must be catalogue slugs'))
        .min(1)
        .optional(),
    ),
  /**
   * Live-room media (docs/decisions/017-live-media.md): anchors' RTMP pushes arrive in this process
   * (embedded, on RTMP_PORT), at an nginx-rtmp that calls the publish hook (external), or nowhere.
   */
  MEDIA_INGEST: z.enum(['embedded', 'external', 'none']).default('embedded'),
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  /** Base of the playback addresses (a CDN in front of /media); default the app's own origin. */
  MEDIA_PUBLIC_URL: optionalUrl,
  /** The RTMP address anchors push to; default rtmp://<the site's host>:RTMP_PORT/live. */
  MEDIA_PUSH_URL: z
    .string()
    .regex(/^rtmps?:\/\/\S+$/, 'must be an rtmp:// address')
    .optional(),
  /** Guards the publish hooks: the secret their URLs carry, and/or the addresses that may call them. */
  MEDIA_HOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  MEDIA_HOOK_ALLOW: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .optional(),
  /**
   * Web Push alerts (docs/decisions/028-web-push-alerts.md): the VAPID key pair, base64url as
   * web-push makes them; unset, a pair is generated once and kept in the database. The subject is
   * an https: or mailto: address the push services may contact; default PUBLIC_URL when https.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{80,90}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{40,45}$/, 'must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(https:\/\/|mailto:)\S+$/, 'must be an https: or mailto: address')
    .optional(),
  /** Tests only: push subscriptions may name a plain-http endpoint on localhost (the stand-in push service). */
  PUSH_LOCAL_HTTP: flag,
  /** The ffmpeg that makes the HLS line; default the machine's, else the one inside the npm package. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /**
   * How many live streams at once an instance gives the quality ladder (720p and 480p re-encoded
   * below a taller source, about half a core each); the others play their source only. 0: none.
   */
  LIVE_LADDER_ROOMS: z.coerce.number().int().min(0).max(100).default(2),
});

/** Settings that depend on each other. */
const CheckedEnvSchema = EnvSchema.refine(
  (env) => !env.SCORE_FEED.includes('football-data') || env.FOOTBALL_DATA_TOKEN,
  {
    message: 'is required when SCORE_FEED names football-data',
    path: ['FOOTBALL_DATA_TOKEN'],
  },
)
  .refine((env) => !env.SCORE_FEED.includes('pandascore') || env.PANDASCORE_TOKEN, {
    message: 'is required when SCORE_FEED names pandascore',
    path: ['PANDASCORE_TOKEN'],
  })
  .refine((env) => env.MEDIA_INGEST !== 'external' || env.MEDIA_HOOK_SECRET || env.MEDIA_HOOK_ALLOW?.length, {
    message: 'MEDIA_HOOK_SECRET or MEDIA_HOOK_ALLOW is required when MEDIA_INGEST is external',
    path: ['MEDIA_HOOK_SECRET'],
  })
  .refine((env) => !env.VAPID_PUBLIC_KEY === !env.VAPID_PRIVATE_KEY, {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine((env) => !env.PUSH_LOCAL_HTTP || env.NODE_ENV === 'test', {
    message: 'is for tests only (NODE_ENV=test)',
    path: ['PUSH_LOCAL_HTTP'],
  });

export type Env = z.output<typeof EnvSchema>;

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError naming the variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = CheckedEnvSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}
