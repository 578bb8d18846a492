import type { Env } from '../../platform/env';

/**
 * The project config of spec point 3: what differs between deployments of the same code.
 * It is sent to the browser, so it holds nothing secret. Titles and SEO text are translations
 * (namespace "common", keys "brand" and "seo.*").
 */
export interface ProjectConfig {
  channel: string;
  mode: 'pro';
  environment: Env['APP_ENV'];
  themeColor: string;
  logos: { mark: string; wordmark: string; favicon: string };
  /** Base URLs; relative ones are on the site's own origin. */
  urls: { api: string; liveWs: string; pushWs: string; rechargeWs: string; sdk: string; im: string };
  /** Editable copy of the about page. */
  claims: { esportsGames: number; users: number };
  contact: { complaintEmail: string; businessEmail: string };
}

export function projectConfig(env: Env): ProjectConfig {
  return {
    channel: env.PRODUCT_CHANNEL,
    mode: 'pro',
    environment: env.APP_ENV,
    themeColor: '#d9381f',
    logos: { mark: '/brand/mark.svg', wordmark: '/brand/wordmark.svg', favicon: '/favicon.svg' },
    urls: {
      api: '/java',
      liveWs: '/ws/live',
      pushWs: '/ws/push',
      rechargeWs: '/ws/push',
      sdk: '/sdk',
      im: '/ws/live',
    },
    claims: { esportsGames: 38, users: 1_000_000 },
    contact: { complaintEmail: 'complaint@xiongmao.tv', businessEmail: 'business@xiongmao.tv' },
  };
}
