import { BCP47 } from '../../../lib/locales';
import type { MatchDetail, MatchSummary, PlayerRating } from '../../../modules/matches/matches.contract';
import type { Side } from '../../../modules/sports';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';
import { EmptyNote } from './section';
import { MatchTime, SHORT_DATE } from './time';

type Lineups = NonNullable<MatchDetail['extras']['lineups']>;
type Lineup = Lineups['home'];
type LineupPlayer = Lineup['starters'][number];

const SIDES: readonly Side[] = ['home', 'away'];
/** Room (percent) between the touchlines and goal lines and the outermost players. */
const EDGE = 6;

/** A player's rating by side and lineup name. */
type RatingOf = (side: Side, player: LineupPlayer) => number | undefined;

/**
 * The teams: on a pitch when the feed places the starters (soccer), else as lists; then the
 * benches and coaches. Players' ratings where the sport has them.
 */
export function LineupsView({
  lineups,
  ratings,
  summary,
}: {
  lineups: Lineups | null;
  ratings: PlayerRating[] | null;
  summary: MatchSummary;
}) {
  const { t } = useTranslation('match');
  if (!lineups) return <EmptyNote>{t('lineups.empty')}</EmptyNote>;
  const rated = new Map((ratings ?? []).map((one) => [`${one.side}:${one.name}`, one.rating]));
  const ratingOf: RatingOf = (side, player) => rated.get(`${side}:${player.name}`);
  const placed = SIDES.every((side) => lineups[side].starters.every((p) => p.x !== null && p.y !== null));
  const name = (side: Side) => summary[side]?.name ?? t(`table.${side}`);
  return (
    <div className="flex flex-col gap-4">
      {placed ? (
        <Pitch lineups={lineups} names={{ home: name('home'), away: name('away') }} ratingOf={ratingOf} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {SIDES.map((side) => (
            <PlayerList
              key={side}
              title={name(side)}
              players={lineups[side].starters}
              rating={(player) => ratingOf(side, player)}
            />
          ))}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {SIDES.map((side) => (
          <div key={side} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">
              {name(side)}
              {lineups[side].formation && (
                <span className="ms-2 font-normal text-zinc-500 tabular-nums">{lineups[side].formation}</span>
              )}
            </h3>
            {lineups[side].coach && (
              <p className="text-sm">
                <span className="text-zinc-500 dark:text-zinc-400">{t('lineups.coach')}: </span>
                {lineups[side].coach}
              </p>
            )}
            <PlayerList
              title={t('lineups.bench')}
              players={lineups[side].bench}
              rating={(player) => ratingOf(side, player)}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The colour bands fans know from rating sites: red below 6, orange, yellow from 6.5, green from 7,
 * teal from 8, blue from 9; each with text that keeps its contrast.
 */
const RATING_BANDS: readonly [from: number, className: string][] = [
  [9, 'bg-blue-700 text-white'],
  [8, 'bg-teal-700 text-white'],
  [7, 'bg-green-700 text-white'],
  [6.5, 'bg-yellow-300 text-zinc-950'],
  [6, 'bg-orange-400 text-zinc-950'],
  [0, 'bg-red-700 text-white'],
];

/** A player's rating in its colour band, as "7.4". */
export function RatingBadge({ rating }: { rating: number }) {
  const { t } = useTranslation('match');
  const locale = useLocale();
  const band = RATING_BANDS.find(([from]) => rating >= from)?.[1] ?? '';
  const text = new Intl.NumberFormat(BCP47[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <span
      data-testid="player-rating"
      className={`inline-flex min-w-7 justify-center rounded px-1 text-[11px] font-bold leading-4 tabular-nums ${band}`}
    >
      <span className="sr-only">{t('lineups.rating')} </span>
      {text.format(rating)}
    </span>
  );
}

function PlayerList({
  title,
  players,
  rating,
}: {
  title: string;
  players: LineupPlayer[];
  rating: (player: LineupPlayer) => number | undefined;
}) {
  const { t } = useTranslation('match');
  return (
    <div>
      <h4 className="mb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">{title}</h4>
      {players.length === 0 ? (
        <p className="text-sm text-zinc-500">{t('lineups.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
          {players.map((player) => (
            <li key={`${player.playerId ?? player.name}`} className="flex items-center gap-2 py-1.5">
              <span className="w-6 text-center text-xs tabular-nums text-zinc-500">
                {player.number ?? ''}
              </span>
              <span className="min-w-0 flex-1 truncate">{player.name}</span>
              {player.position && <span className="text-xs text-zinc-500">{player.position}</span>}
              <PlayerRatingOf rating={rating(player)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The pitch upright, as a phone holds it: the home side defends the bottom goal, the away side the
 * top one. A position is in percent of the side's own half, from its own goal line (y) and from
 * its left touchline (x), so the away side is turned around.
 */
function Pitch({
  lineups,
  names,
  ratingOf,
}: {
  lineups: Lineups;
  names: Record<Side, string>;
  ratingOf: RatingOf;
}) {
  const { t } = useTranslation('match');
  const place = (side: Side, player: LineupPlayer) => {
    const x = player.x ?? 50;
    // From the top of the pitch, in percent; kept off the edges so that no player is cut off.
    const fromTop = side === 'home' ? 100 - (player.y ?? 0) / 2 : (player.y ?? 0) / 2;
    const inset = (percent: number) => `${EDGE + (percent * (100 - 2 * EDGE)) / 100}%`;
    return { left: inset(side === 'home' ? x : 100 - x), top: inset(fromTop) };
  };
  return (
    <figure className="mx-auto w-full max-w-md">
      <div className="relative aspect-[68/105] w-full overflow-hidden rounded-xl bg-emerald-700">
        <PitchMarkings />
        {SIDES.map((side) =>
          lineups[side].starters.map((player) => (
            <div
              key={`${side}-${player.playerId ?? player.name}`}
              className="absolute flex w-16 -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-0.5"
              style={place(side, player)}
            >
              <span className="relative">
                <span
                  className={`flex size-7 items-center justify-center rounded-full border-2 border-white text-xs font-bold tabular-nums ${side === 'home' ? 'bg-brand text-white' : 'bg-white text-zinc-900'}`}
                >
                  {player.number ?? ''}
                </span>
                {/* At the shirt's shoulder, as rating sites show it. */}
                <span className="absolute -top-1.5 start-5">
                  <PlayerRatingOf rating={ratingOf(side, player)} />
                </span>
              </span>
              <span className="max-w-full truncate rounded bg-black/60 px-1 text-[10px] leading-4 text-white">
                {player.name}
              </span>
            </div>
          )),
        )}
      </div>
      <figcaption className="mt-1 flex justify-between text-xs text-zinc-500 dark:text-zinc-400">
        <span>{t('lineups.attacksUp', { team: names.home })}</span>
        <span>{t('lineups.attacksDown', { team: names.away })}</span>
      </figcaption>
    </figure>
  );
}

/** The badge when the player has a rating. */
function PlayerRatingOf({ rating }: { rating: number | undefined }) {
  return rating === undefined ? null : <RatingBadge rating={rating} />;
}

/** Touchlines, halfway line, centre circle, penalty areas and goal areas, in pitch metres. */
function PitchMarkings() {
  return (
    <svg
      viewBox="0 0 68 105"
      className="absolute inset-0 size-full"
      fill="none"
      stroke="rgba(255,255,255,0.55)"
      strokeWidth="0.4"
      aria-hidden="true"
      preserveAspectRatio="none"
    >
      <rect x="1" y="1" width="66" height="103" />
      <line x1="1" y1="52.5" x2="67" y2="52.5" />
      <circle cx="34" cy="52.5" r="9.15" />
      <rect x="13.85" y="1" width="40.3" height="16.5" />
      <rect x="24.85" y="1" width="18.3" height="5.5" />
      <rect x="13.85" y="87.5" width="40.3" height="16.5" />
      <rect x="24.85" y="98.5" width="18.3" height="5.5" />
    </svg>
  );
}

/** A feed's injury in words ("Hamstring strain") as a translation key; unknown ones show as sent. */
const reasonKey = (reason: string) => reason.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/** Players who miss the match, by side. */
export function Injuries({
  injuries,
  summary,
}: {
  injuries: MatchDetail['injuries'];
  summary: MatchSummary;
}) {
  const { t } = useTranslation('match');
  if (injuries.length === 0) return <EmptyNote>{t('lineups.noInjuries')}</EmptyNote>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {SIDES.map((side) => (
        <div key={side}>
          <h3 className="mb-1 text-sm font-semibold">{summary[side]?.name ?? t(`table.${side}`)}</h3>
          <ul className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
            {injuries.every((injury) => injury.side !== side) && (
              <li className="py-1.5 text-zinc-500 dark:text-zinc-400">{t('lineups.noneMissing')}</li>
            )}
            {injuries
              .filter((injury) => injury.side === side)
              .map((injury) => (
                <li key={injury.player.id} className="flex flex-col py-1.5">
                  <span className="font-medium">
                    {injury.player.name}
                    {injury.player.position && (
                      <span className="ms-2 text-xs font-normal text-zinc-500">{injury.player.position}</span>
                    )}
                  </span>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">
                    {t(`injury.${reasonKey(injury.reason)}`, { defaultValue: injury.reason })}
                    {injury.until && (
                      <>
                        {' · '}
                        {t('lineups.until')} <MatchTime at={Date.parse(injury.until)} options={SHORT_DATE} />
                      </>
                    )}
                  </span>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
