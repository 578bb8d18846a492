import { lazy } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { GameEntry } from '../../../modules/catalog';
import { Icon } from '../../components/icon';
import { LazyMenu, LinkTabs } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { addDays, WINDOW_DAYS } from '../../lib/days';
import { usePreferences } from '../../lib/preferences';
import { type GameChoice, type GameKind, withParams } from './params';

const loadGameMenu = () => import('./game-menu').then((module) => ({ default: module.GameMenu }));
const GameMenu = lazy(loadGameMenu);

/**
 * The user's favourite games first, in the order they were chosen; the others keep theirs, and
 * an item that is no game (null: the hot tab) stays ahead of them all.
 */
export function favouritesFirst<T>(
  items: T[],
  gameIdOf: (item: T) => number | null,
  favourites: number[],
): T[] {
  const rank = (item: T) => {
    const id = gameIdOf(item);
    if (id === null) return -1;
    const at = favourites.indexOf(id);
    return at === -1 ? favourites.length : at;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/** The home tab list (hot, then the user's favourite games, then the popular ones) as a game filter. */
export function GameFilter({
  tabs,
  choice,
}: {
  tabs: ({ key: 'hot'; name: string } | GameEntry)[];
  choice: GameChoice;
}) {
  const { t } = useTranslation('matches');
  const [search] = useSearchParams();
  const { favouriteGames } = usePreferences();
  const only = choice.games.length === 1 ? choice.games[0] : undefined;
  const ordered = favouritesFirst(tabs, (tab) => ('slug' in tab ? tab.gameId : null), favouriteGames);
  const items = ordered.map((tab) =>
    'slug' in tab
      ? {
          key: tab.slug,
          label: tab.name,
          to: withParams(search, { games: tab.slug, kind: null }),
          active: only === tab.slug,
        }
      : {
          key: 'hot',
          label: tab.name,
          to: withParams(search, { games: null, kind: null }),
          active: choice.kind === 'all' && choice.games.length === 0,
        },
  );
  return <LinkTabs label={t('filters.games')} items={items} size="small" />;
}

/** The sport/esport switch, and the multi-select of the games of that kind. */
export function GameSwitch({ games, choice }: { games: GameEntry[]; choice: GameChoice }) {
  const { t } = useTranslation('matches');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const kinds: GameKind[] = ['all', 'esport', 'sport'];
  const { favouriteGames } = usePreferences();
  const offered = favouritesFirst(
    games.filter((game) => choice.kind === 'all' || game.kind === choice.kind),
    (game) => game.gameId,
    favouriteGames,
  );
  const toggle = (slug: string) => {
    const picked = new Set(choice.games);
    if (picked.has(slug)) picked.delete(slug);
    else picked.add(slug);
    const ordered = offered.filter((game) => picked.has(game.slug)).map((game) => game.slug);
    navigate(withParams(search, { games: ordered.length ? ordered.join(',') : null }), {
      preventScrollReset: true,
      replace: true,
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <fieldset className="flex rounded-full bg-zinc-100 p-0.5 dark:bg-zinc-800">
        <legend className="sr-only">{t('filters.kind')}</legend>
        {kinds.map((kind) => (
          <Link
            key={kind}
            to={withParams(search, { kind: kind === 'all' ? null : kind, games: null })}
            preventScrollReset
            aria-current={choice.kind === kind ? 'true' : undefined}
            className="rounded-full px-3 py-1 text-xs font-medium text-zinc-600 aria-[current=true]:bg-white aria-[current=true]:text-zinc-900 aria-[current=true]:shadow-sm dark:text-zinc-400 dark:aria-[current=true]:bg-zinc-950 dark:aria-[current=true]:text-white"
          >
            {t(`filters.${kind}`)}
          </Link>
        ))}
      </fieldset>
      <LazyMenu
        load={loadGameMenu}
        menu={(trigger) => (
          <GameMenu
            offered={offered}
            chosen={choice.games}
            toggle={toggle}
            clear={() =>
              navigate(withParams(search, { games: null }), { preventScrollReset: true, replace: true })
            }
            trigger={trigger}
          />
        )}
        trigger={
          <button
            type="button"
            className="flex items-center gap-1 rounded-full border border-zinc-200 px-3 py-1 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {choice.games.length
              ? t('filters.gamesChosen', { count: choice.games.length })
              : t('filters.pickGames')}
            <Icon size={14}>
              <path d="M6 9l6 6 6-6" />
            </Icon>
          </button>
        }
      />
    </div>
  );
}

/**
 * The calendar: the previous and next day, and a date picker over the window of days that have
 * matches. Choosing a day sets `date` and drops the parameters `clear` names.
 */
export function DayPicker({ day, today, clear = [] }: { day: string; today: string; clear?: string[] }) {
  const { t } = useTranslation('matches');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const first = addDays(today, -WINDOW_DAYS);
  const last = addDays(today, WINDOW_DAYS);
  const cleared = Object.fromEntries(clear.map((name) => [name, null]));
  const to = (date: string) => withParams(search, { ...cleared, date });
  const arrowClass =
    'flex size-8 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 aria-disabled:pointer-events-none aria-disabled:opacity-40 dark:text-zinc-300 dark:hover:bg-zinc-800';
  const step = (days: number, label: string, path: string) => {
    const date = addDays(day, days);
    const disabled = date < first || date > last;
    return (
      <Link
        to={to(date)}
        preventScrollReset
        aria-label={label}
        aria-disabled={disabled || undefined}
        tabIndex={disabled ? -1 : undefined}
        className={arrowClass}
      >
        <Icon size={16} className="rtl:rotate-180">
          <path d={path} />
        </Icon>
      </Link>
    );
  };
  return (
    // Today is the browser's: hidden while the page's days are still another zone's (app/root.tsx).
    <div className="flex items-center gap-1 zone-pending:invisible">
      {step(-1, t('filters.previousDay'), 'M15 18l-6-6 6-6')}
      <label className="relative flex items-center gap-1 rounded-full border border-zinc-200 px-2 py-1 text-xs dark:border-zinc-700">
        <Icon size={14}>
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </Icon>
        <span className="sr-only">{t('filters.date')}</span>
        <input
          type="date"
          value={day}
          min={first}
          max={last}
          required
          onChange={(event) => {
            const date = event.currentTarget.value;
            if (date >= first && date <= last) navigate(to(date), { preventScrollReset: true });
          }}
          className="bg-transparent text-xs tabular-nums outline-none [color-scheme:light] dark:[color-scheme:dark]"
        />
      </label>
      {step(1, t('filters.nextDay'), 'M9 18l6-6-6-6')}
    </div>
  );
}
