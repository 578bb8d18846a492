import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAppError } from '../../lib/errors';
import { isLocale, type Locale } from '../../lib/locales';
import type { Translator } from '../../platform/i18n';
import { hasRole } from '../../platform/roles';
import { SESSION_COOKIE } from '../../platform/session-cookie';
import type { SessionResolver, SessionUser } from '../../platform/sessions';
import { rangeQuery } from './channels.contract';
import type { Channels } from './channels.service';
import { type ChannelRange, EXPORT_VIEWS, type ExportView } from './channels-constants.contract';
import { toCsv } from './csv';

/** Rows exported at most; a promoter with more narrows the range or a channel. */
const EXPORT_ROWS = 10_000;
const ALL = { pageIndex: 1, pageSize: EXPORT_ROWS };

/**
 * /channel/export/<view>.csv: what a promoter's page shows, as a file. A link the promoter follows
 * downloads it with the login cookie, as pages read it; another site can make the browser fetch
 * it but never read it.
 */
export async function channelExportRoutes(
  app: FastifyInstance,
  { channels, sessions, i18n }: { channels: Channels; sessions: SessionResolver; i18n: Translator },
) {
  const cookieUser = async (request: FastifyRequest): Promise<SessionUser | null> => {
    const token = request.cookies?.[SESSION_COOKIE];
    return token ? sessions.resolve(token).catch(() => null) : null;
  };

  async function rows(
    view: ExportView,
    user: SessionUser,
    query: { days: ChannelRange; channelId?: string },
    locale: Locale,
  ) {
    const t = (key: string) => i18n.t(locale, `channels:${key}`);
    const range = { days: query.days, channelId: query.channelId };
    switch (view) {
      case 'statistical': {
        const stats = await channels.statistics(user, range);
        return [
          [
            t('day'),
            t('visits'),
            t('registeredVisits'),
            t('registrations'),
            t('downloads'),
            t('recharges'),
            t('rechargeRmb'),
          ],
          ...stats.series.map((d) => [
            d.day,
            d.visits,
            d.registeredVisits,
            d.registrations,
            d.downloads,
            d.recharges,
            d.rechargeFen / 100,
          ]),
        ];
      }
      case 'user': {
        const list = (await channels.users(user, { ...range, ...ALL })).list;
        return [
          [t('uid'), t('username'), t('channel'), t('registeredAt'), t('rechargeRmb')],
          ...list.map((u) => [u.uid, u.username, u.channelId, u.registeredAt, u.rechargeFen / 100]),
        ];
      }
      case 'gold': {
        const list = (await channels.gold(user, { ...range, ...ALL })).list;
        return [
          [
            t('orderNo'),
            t('uid'),
            t('username'),
            t('channel'),
            t('product'),
            t('rechargeRmb'),
            t('coins'),
            t('diamonds'),
            t('paidAt'),
          ],
          ...list.map((o) => [
            o.orderNo,
            o.uid,
            o.username,
            o.channelId,
            o.product,
            o.priceFen / 100,
            o.coins,
            o.diamonds,
            o.paidAt,
          ]),
        ];
      }
      case 'water': {
        const list = (await channels.water(user, { ...range, ...ALL })).list;
        return [
          [t('time'), t('uid'), t('username'), t('channel'), t('currency'), t('type'), t('amount')],
          ...list.map((r) => [r.createdAt, r.uid, r.username, r.channelId, r.currency, r.type, r.amount]),
        ];
      }
    }
  }

  function parse(query: unknown) {
    const parsed = rangeQuery.safeParse(query);
    return parsed.success
      ? { days: parsed.data.days as ChannelRange, channelId: parsed.data.channelId }
      : null;
  }

  app.get<{ Params: { file: string } }>('/channel/export/:file', async (request, reply) => {
    const view = EXPORT_VIEWS.find((name) => request.params.file === `${name}.csv`);
    const query = parse(request.query);
    if (!view || !query) return reply.status(404).send();
    const asked = (request.query as { locale?: unknown }).locale;
    const locale = isLocale(asked) ? asked : request.locale;
    const user = (await request.sessionUser()) ?? (await cookieUser(request));
    if (!user) return reply.status(401).type('text/plain').send(i18n.t(locale, 'messages:pleaseLogIn'));
    if (!hasRole(user, 'promoter'))
      return reply.status(403).type('text/plain').send(i18n.t(locale, 'messages:accessDenied'));
    try {
      const body = toCsv(await rows(view, user, query, locale));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="channel-${view}-${query.days}d.csv"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    } catch (err) {
      if (isAppError(err) && err.key === 'channelNotFound') return reply.status(404).send();
      throw err;
    }
  });
}
