import { z } from 'zod';
import type { Env } from '../../platform/env';
import type { SessionUser } from '../../platform/sessions';
import type { Settings } from './settings';

/**
 * The project config of spec point 3: what differs between deployments of the same code.
 * It is sent to the browser, so it holds nothing secret. Titles and SEO text are translations
 * (namespace "common", keys "brand" and "seo.*").
 */
export interface ProjectConfig extends EditableProjectConfig {
  channel: string;
  mode: 'pro';
  environment: Env['APP_ENV'];
}

/** An address on the site's own origin (/path) or an https one. */
const address = z
  .string()
  .trim()
  .max(300)
  .regex(/^(\/(?!\/)|https:\/\/)\S*$/);

/** What administrators change at run time; the deployment's channel, mode and environment stay. */
export const editableProjectConfigRule = z.object({
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  logos: z.object({ mark: address, wordmark: address, favicon: address }),
  /** Base URLs; relative ones are on the site's own origin. */
  urls: z.object({
    api: address,
    liveWs: address,
    pushWs: address,
    rechargeWs: address,
    sdk: address,
    im: address,
  }),
  /** Editable copy of the about page. */
  claims: z.object({
    esportsGames: z.number().int().min(0).max(10_000),
    users: z.number().int().min(0).max(10_000_000_000),
  }),
  contact: z.object({ complaintEmail: z.email(), businessEmail: z.email() }),
});
export type EditableProjectConfig = z.output<typeof editableProjectConfigRule>;

const SETTING = 'project_config';

const DEFAULTS: EditableProjectConfig = {
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

/**
 * The project config: the defaults above until an administrator saves other values. Read from
 * the database on each use, so a change shows on every instance's next page.
 */
export function createProjectConfig(deps: { env: Env; settings: Settings }) {
  const { env, settings } = deps;

  async function editable(): Promise<EditableProjectConfig> {
    const stored = editableProjectConfigRule.safeParse(await settings.get(SETTING));
    return stored.success ? stored.data : DEFAULTS;
  }

  return {
    editable,

    async get(): Promise<ProjectConfig> {
      return { channel: env.PRODUCT_CHANNEL, mode: 'pro', environment: env.APP_ENV, ...(await editable()) };
    },

    async set(admin: SessionUser, next: EditableProjectConfig): Promise<EditableProjectConfig> {
      await settings.setAudited(SETTING, next, {
        actorId: admin.uid,
        action: 'set_project_config',
        details: { config: next },
      });
      return next;
    },
  };
}

export type ProjectConfigService = ReturnType<typeof createProjectConfig>;
