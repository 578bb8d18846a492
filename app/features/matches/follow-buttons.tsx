import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FollowMarks } from '../../../modules/matches/follows.contract';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import { Icon } from '../../components/icon';
import { useTranslation } from '../../i18n/translations';
import { useApi, useToasts } from '../../lib/api';
import { useSignedInAction, useUser } from '../../lib/use-user';

/** The ids the signed-in user favourited and reserved, shared by every row of the page. */
export const FOLLOW_MARKS_KEY = ['match-follow-marks'] as const;
/** Lists of the user centre that a change of a favourite or reservation makes stale. */
export const RESERVATIONS_KEY = ['match-reservations'] as const;

const NO_MARKS: FollowMarks = { matches: [], teams: [], leagues: [], reserved: [] };

/**
 * The user's marks; empty for guests and until they arrive. `initial` (read by the page's loader)
 * lets the server render them and the first render in the browser agree with it.
 */
export function useFollowMarks(initial?: FollowMarks | null): FollowMarks {
  const api = useApi();
  const signedIn = Boolean(useUser());
  const { data } = useQuery({
    queryKey: FOLLOW_MARKS_KEY,
    queryFn: () => api.get<FollowMarks>('/match/attention/marks', { quiet: true }),
    enabled: signedIn,
    initialData: initial ?? undefined,
  });
  return (signedIn && data) || NO_MARKS;
}

type MarkList = keyof FollowMarks;

/**
 * A change of one mark, shown at once and undone if the server refuses it (the client's toast
 * says why). `call` sends the wanted state, so a retried request changes nothing more.
 */
function useMarkToggle(list: MarkList, id: number, call: (wanted: boolean) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onMutate: async (wanted: boolean) => {
      await queryClient.cancelQueries({ queryKey: FOLLOW_MARKS_KEY });
      const before = queryClient.getQueryData<FollowMarks>(FOLLOW_MARKS_KEY);
      setMark(queryClient, list, id, wanted);
      return { before };
    },
    onError: (_error, _wanted, context) => queryClient.setQueryData(FOLLOW_MARKS_KEY, context?.before),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: FOLLOW_MARKS_KEY });
      queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY });
    },
  });
}

function setMark(queryClient: QueryClient, list: MarkList, id: number, on: boolean) {
  queryClient.setQueryData<FollowMarks>(FOLLOW_MARKS_KEY, (marks = NO_MARKS) => ({
    ...marks,
    [list]: on ? [...marks[list].filter((m) => m !== id), id] : marks[list].filter((m) => m !== id),
  }));
}

const offIcon = 'text-zinc-400 hover:text-zinc-700 dark:hover:text-zinc-200';

/** The favourite star's shape, on the buttons and on the heading of the pinned favourites. */
export const STAR = <path d="M12 3.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8-5.3-2.8-5.3 2.8 1-5.8-4.2-4.1 5.9-.9z" />;
const BELL = (
  <>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </>
);

const FAVOURITES = {
  match: { list: 'matches', path: '/match/attention', field: 'matchId' },
  team: { list: 'teams', path: '/match/attention/team', field: 'teamId' },
  league: { list: 'leagues', path: '/match/attention/league', field: 'leagueId' },
} as const;

/**
 * The favourite star of a match, a team or a league: an icon on a row, or with its words on the
 * match page and in league headers.
 */
export function FavouriteButton({
  kind = 'match',
  id,
  withText = false,
}: {
  kind?: keyof typeof FAVOURITES;
  id: number;
  withText?: boolean;
}) {
  const { t } = useTranslation('matches');
  const api = useApi();
  const { list, path, field } = FAVOURITES[kind];
  const favourite = useFollowMarks()[list].includes(id);
  const signedInAction = useSignedInAction();
  const toggle = useMarkToggle(list, id, (wanted) => api.post(path, { [field]: id, favourite: wanted }));
  return (
    <MarkButton
      on={favourite}
      label={t(favourite ? `favourites.remove.${kind}` : `favourites.add.${kind}`)}
      text={withText ? t(favourite ? 'favourites.added' : 'favourites.follow') : undefined}
      onStyle={
        withText
          ? 'border-amber-400 bg-amber-50 text-amber-800 dark:border-amber-500/60 dark:bg-amber-500/10 dark:text-amber-300'
          : 'text-amber-500 hover:text-amber-600 dark:text-amber-400'
      }
      onClick={() => signedInAction(() => toggle.mutate(!favourite))}
    >
      {STAR}
    </MarkButton>
  );
}

/**
 * The reservation bell of a match that has not started (or that the user reserved): reserves,
 * or cancels the reservation.
 */
export function ReserveButton({ match, withText = false }: { match: MatchSummary; withText?: boolean }) {
  const { t } = useTranslation('matches');
  const api = useApi();
  const { notify } = useToasts();
  const reserved = useFollowMarks().reserved.includes(match.id);
  const signedInAction = useSignedInAction();
  const toggle = useMarkToggle('reserved', match.id, async (wanted) => {
    await api.post(wanted ? '/match/reservation' : '/match/reservation/cancel', { matchId: match.id });
    if (wanted) notify(t('reservations.reservedNotice'));
  });
  if (match.status !== 'not_started' && !reserved) return null;
  return (
    <MarkButton
      on={reserved}
      label={t(reserved ? 'reservations.cancel' : 'reservations.reserve')}
      text={withText ? t(reserved ? 'reservations.reserved' : 'reservations.reserve') : undefined}
      onStyle={withText ? 'border-brand/50 bg-brand/10 text-brand-ink' : 'text-brand-ink'}
      onClick={() => signedInAction(() => toggle.mutate(!reserved))}
    >
      {BELL}
    </MarkButton>
  );
}

/** A toggle with an icon, filled while on; with `text` a pill with words, else a round icon button. */
function MarkButton({
  on,
  label,
  text,
  onStyle,
  onClick,
  children,
}: {
  on: boolean;
  label: string;
  text?: string;
  onStyle: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const look = text
    ? `relative z-10 inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium ${on ? onStyle : 'border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800'}`
    : `icon-button ${on ? onStyle : offIcon}`;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={text ? undefined : label}
      title={label}
      onClick={onClick}
      className={look}
    >
      <Icon size={text ? 16 : 18} className={on ? 'fill-current' : undefined}>
        {children}
      </Icon>
      {text}
    </button>
  );
}

/** The "preview" label of a match still to come, or "reserved" once the user reserved it. */
export function FollowLabel({ match }: { match: MatchSummary }) {
  const { t } = useTranslation('matches');
  const reserved = useFollowMarks().reserved.includes(match.id);
  if (match.status !== 'not_started') return null;
  return reserved ? (
    <span className="rounded bg-brand/10 px-1.5 py-0.5 text-[11px] font-semibold text-brand-ink">
      {t('reservations.reserved')}
    </span>
  ) : (
    <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-[11px] font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
      {t('reservations.preview')}
    </span>
  );
}

/** The buttons of a match row (the `actions` of MatchRow): its label, reservation and favourite. */
export function FollowButtons({ match }: { match: MatchSummary }) {
  return (
    <span className="flex items-center gap-0.5">
      <span className="hidden sm:inline-flex">
        <FollowLabel match={match} />
      </span>
      <ReserveButton match={match} />
      <FavouriteButton id={match.id} />
    </span>
  );
}

/** The match page's buttons, with their words: reserve (while it has not started) and favourite. */
export function MatchFollowActions({ match }: { match: MatchSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ReserveButton match={match} withText />
      <FavouriteButton id={match.id} withText />
    </div>
  );
}
