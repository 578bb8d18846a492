import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../../lib/locales';
import type { Env } from '../../platform/env';
import type { Translator } from '../../platform/i18n';
import { SESSION_COOKIE } from '../../platform/session-cookie';
import type { SessionResolver, SessionUser } from '../../platform/sessions';
import { matchesCalendar } from './calendar';
import type { MatchFollows } from './follows.service';
import type { MatchSummary } from './matches.contract';
import type { MatchesService } from './matches.service';

const DAY_MS = 86_400_000;

/**
 * Calendar files (.ics) calendar apps import or subscribe to: a team's fixtures on the board
 * (public), and the caller's reserved matches (with the login cookie, as a download).
 */
export async function calendarRoutes(
  app: FastifyInstance,
  {
    matches,
    sessions,
    i18n,
    env,
  }: {
    matches: MatchesService & { follows: MatchFollows };
    sessions: SessionResolver;
    i18n: Translator;
    env: Env;
  },
) {
  /**
   * The login cookie as pages read it: a link the user follows downloads their file. Another site
   * can make the browser fetch it too, but never read what it gets.
   */
  const cookieUser = async (request: FastifyRequest): Promise<SessionUser | null> => {
    const token = request.cookies?.[SESSION_COOKIE];
    return token ? sessions.resolve(token).catch(() => null) : null;
  };
  const localeOf = (request: FastifyRequest): Locale => {
    const asked = (request.query as { locale?: unknown }).locale;
    return isLocale(asked) ? asked : request.locale;
  };
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    file: string,
    name: string,
    list: MatchSummary[],
  ) => {
    const locale = localeOf(request);
    const body = matchesCalendar(list, {
      name,
      origin: env.PUBLIC_URL ?? `${request.protocol}://${request.host}`,
      title: (match) =>
        match.home && match.away
          ? i18n.t(locale, 'matches:row.match', { home: match.home.name, away: match.away.name })
          : match.league.name,
    });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'private, max-age=300')
      .send(body);
  };

  app.get<{ Params: { file: string } }>('/calendar/team/:file', async (request, reply) => {
    const teamId = /^(\d{1,10})\.ics$/.exec(request.params.file)?.[1];
    if (!teamId) return reply.status(404).send();
    const id = Number(teamId);
    const locale = localeOf(request);
    const fixtures = matches
      .list({ from: Date.now() - DAY_MS, locale })
      .filter((match) => match.home?.id === id || match.away?.id === id);
    const team = fixtures.map((match) => (match.home?.id === id ? match.home : match.away)).find(Boolean);
    const name = i18n.t(locale, 'matches:calendar.team', { team: team?.name ?? teamId });
    return send(request, reply, `team-${id}.ics`, name, fixtures);
  });

  app.get('/calendar/reservations.ics', async (request, reply) => {
    const user = (await request.sessionUser()) ?? (await cookieUser(request));
    if (!user)
      return reply
        .status(401)
        .type('text/plain')
        .send(i18n.t(localeOf(request), 'messages:pleaseLogIn'));
    const pages = await Promise.all(
      (['in_progress', 'not_started'] as const).map((state) =>
        matches.follows.reservations(user.uid, {
          state,
          pageIndex: 1,
          pageSize: 100,
          locale: localeOf(request),
        }),
      ),
    );
    const list = pages.flatMap((page) => page.list.map((reservation) => reservation.match));
    const name = i18n.t(localeOf(request), 'matches:calendar.reservations');
    return send(request, reply, 'reservations.ics', name, list);
  });
}
