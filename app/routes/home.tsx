import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import { BCP47 } from '../../lib/locales';
import { pageMeta, rootMetaData } from '../lib/seo';
import type { Route } from './+types/home';

export function loader({ context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const t = services.i18n.fixed(locale, 'common');
  return {
    title: t('seo.title'),
    description: t('seo.description'),
    claims: services.project.claims,
    games: services.catalog.list(locale),
    menus: services.catalog.menus(locale),
  };
}

export const meta: Route.MetaFunction = ({ data, matches, location }) =>
  data
    ? pageMeta({
        title: data.title,
        description: data.description,
        pathname: location.pathname,
        root: rootMetaData(matches),
      })
    : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { claims, games, menus } = loaderData;
  const byId = new Map(games.map((game) => [game.gameId, game]));
  const numbers = new Intl.NumberFormat(BCP47[i18n.language as keyof typeof BCP47] ?? 'zh-CN');
  return (
    <div className="flex flex-col gap-6">
      <section className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand to-zinc-900 p-6 text-white sm:p-10">
        <h1 className="text-2xl font-bold sm:text-4xl">{t('home.headline')}</h1>
        <p className="mt-2 max-w-2xl text-white/85">{t('home.tagline')}</p>
        <p className="mt-4 text-sm font-medium text-white/90">
          {t('home.claims', { esportsGames: claims.esportsGames, users: numbers.format(claims.users) })}
        </p>
      </section>

      <section
        aria-labelledby="popular-title"
        className="rounded-2xl bg-white p-4 shadow-sm dark:bg-zinc-900"
      >
        <h2 id="popular-title" className="mb-3 font-semibold">
          {t('home.popular')}
        </h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable row must be reachable by keyboard */}
        <ul className="flex gap-2 overflow-x-auto pb-1" tabIndex={0} aria-labelledby="popular-title">
          {menus.homeTabs.map((tab) => (
            <li key={'gameId' in tab ? tab.gameId : tab.key} className="shrink-0">
              <span className="flex items-center gap-2 rounded-full border border-zinc-200 px-3 py-1.5 text-sm dark:border-zinc-700">
                {'logo' in tab && <img src={tab.logo} alt="" width={20} height={20} />}
                {tab.name}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="browse-title" className="rounded-2xl bg-white p-4 shadow-sm dark:bg-zinc-900">
        <h2 id="browse-title" className="mb-3 font-semibold">
          {t('home.browse')}
        </h2>
        <Tabs.Root defaultValue={menus.secondMenu[0]?.id}>
          <Tabs.List
            aria-labelledby="browse-title"
            className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800"
          >
            {menus.secondMenu.map((menu) => (
              <Tabs.Trigger
                key={menu.id}
                value={menu.id}
                className="shrink-0 border-b-2 border-transparent px-3 py-2 text-sm text-zinc-600 data-[state=active]:border-brand data-[state=active]:font-semibold data-[state=active]:text-zinc-900 dark:text-zinc-400 dark:data-[state=active]:text-white"
              >
                {menu.name}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {menus.secondMenu.map((menu) => (
            <Tabs.Content key={menu.id} value={menu.id} className="pt-4">
              <p className="mb-3 text-xs text-zinc-500 dark:text-zinc-400">
                {t('home.gameCount', { count: menu.gameIds.length })}
              </p>
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
                {menu.gameIds.map((id) => {
                  const game = byId.get(id);
                  if (!game) return null;
                  return (
                    <li
                      key={id}
                      className="flex items-center gap-2 rounded-xl bg-zinc-50 p-2 dark:bg-zinc-800"
                    >
                      <img src={game.logo} alt="" width={32} height={32} />
                      <span className="min-w-0">
                        <span className="block truncate text-sm font-medium">{game.name}</span>
                        <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                          {t(game.kind === 'esport' ? 'home.esports' : 'home.sports')}
                        </span>
                      </span>
                    </li>
                  );
                })}
              </ul>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </section>
    </div>
  );
}
