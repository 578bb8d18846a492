import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type AnchorProfile,
  HEARTBEAT_EVERY_MS,
  type HeartbeatResult,
  type LiveUnlockResult,
  type RoomAccess,
  type RoomView,
} from '../../../modules/live/live.contract';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import {
  buttonClass,
  cardClass,
  Dialog,
  EmptyState,
  ErrorState,
  mutedClass,
  Skeleton,
} from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useSignedInAction } from '../../lib/use-user';
import { useSessionState } from '../../state/session-state';
import {
  ChatPanel,
  Danmu,
  GiftOverlay,
  GiftShop,
  TopGifters,
  useGiftName,
  useLiveRoomChat,
  useRoomEmotes,
} from '../chat';
import { MatchRow, useLiveMatch, useMatchHold } from '../matches';
import { VipDialog } from '../wallet';
import { AnchorPanel } from './anchor-card';
import { ClipButton } from './clip-button';
import { LivePlayer } from './player';
import { ClipCards, ReplayList, useClips } from './replays';
import { AccessBadge } from './room-card';
import { useLiveCall } from './use-live-call';

/**
 * Held on top of the measured delay: what lies before the ingest (the anchor's encoder and its
 * upload), which the page cannot measure.
 */
const SPOILER_MARGIN_MS = 1000;
/** The delay held while the player has not measured it yet: the standard line's target. */
const ASSUMED_DELAY_MS = 3000;

/** /live/{id} and /customLive/{id}: the room, once its call answers. */
export function RoomPage({ roomId }: { roomId: number }) {
  const { t } = useTranslation('live');
  const room = useLiveCall<RoomView>(`/live/room/${roomId}`);
  if (room.failed === 'refused') return <NoRoom />;
  if (room.failed)
    return (
      <div className={cardClass}>
        <ErrorState onRetry={room.reload} />
      </div>
    );
  if (!room.data)
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('loading')}
        className="grid gap-4 lg:grid-cols-[1fr_22rem]"
      >
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <Skeleton className="hidden h-full min-h-64 rounded-2xl lg:block" />
      </div>
    );
  return <Room key={roomId} view={room.data} reload={room.reload} />;
}

function useSecondsLeft(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((Date.parse(until) - now) / 1000)) : null;
}

/** The viewer is watching: the count and the access as the server sees them now. */
function useHeartbeat(view: RoomView, reload: () => void) {
  const api = useApi();
  const [beat, setBeat] = useState<HeartbeatResult>({
    viewers: view.viewers,
    access: view.viewerAccess,
    live: view.live,
  });
  useEffect(() => {
    let current = view.viewerAccess.state;
    const send = () =>
      api
        .post<HeartbeatResult>('/live/heartbeat', { roomId: view.roomId }, { background: true })
        .then((answer) => {
          setBeat(answer);
          // Lines come with the room: a change of access or of air asks for it again.
          if (answer.access.state !== current || answer.live !== view.live) reload();
          current = answer.access.state;
        })
        .catch(() => {
          // The next beat tries again.
        });
    void send();
    const timer = setInterval(send, HEARTBEAT_EVERY_MS);
    return () => clearInterval(timer);
  }, [api, view.roomId, view.viewerAccess.state, view.live, reload]);
  return beat;
}

type Tab = 'chat' | 'match' | 'anchor';

function Room({ view, reload }: { view: RoomView; reload: () => void }) {
  const { t } = useTranslation('live');
  const [search, setSearch] = useSearchParams();
  const theatre = search.get('isTheater') === '1';
  const [{ danmu }, updateSession] = useSessionState();
  // The spoiler hold: the linked match's score, and chat that may tell it, wait for this viewer's
  // stream delay, so that the page never shows a goal before the video does.
  const streamDelay = useRef<number | null>(null);
  const spoilerHold = () =>
    !view.match || view.lines.length === 0
      ? 0
      : (streamDelay.current ?? ASSUMED_DELAY_MS) + SPOILER_MARGIN_MS;
  useMatchHold(view.match?.id, spoilerHold, view.matchVersions);
  const chat = useLiveRoomChat(view.roomId, spoilerHold);
  const giftName = useGiftName();
  const emotes = useRoomEmotes(view.roomId);
  const [tab, setTab] = useState<Tab>('chat');
  const [dialog, setDialog] = useState<'vip' | 'unlock' | null>(null);
  const beat = useHeartbeat(view, reload);
  const trialEndsAt = view.viewerAccess.state === 'trial' ? view.viewerAccess.trialEndsAt : null;
  const trialLeft = useSecondsLeft(trialEndsAt);
  const trialOver = trialLeft === 0;
  const profile = useLiveCall<AnchorProfile>('/anchorInfo', { anchorId: view.anchorId });
  // The room's latest clips: its matches' goals, rounds and maps, and its viewers' own.
  const clips = useClips({ roomId: view.roomId, pageSize: 4 });

  // The trial ends in the membership dialog.
  useEffect(() => {
    if (trialOver) setDialog('vip');
  }, [trialOver]);

  const toggleTheatre = () =>
    setSearch(
      (params) => {
        if (theatre) params.delete('isTheater');
        else params.set('isTheater', '1');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  const blocked = blockedReason(view, beat.live, trialOver);
  const tabs: Tab[] = view.match ? ['chat', 'match', 'anchor'] : ['chat', 'anchor'];
  const shown = (which: Tab) => (tab === which ? '' : 'hidden lg:block');
  const controlClass =
    'rounded-full border border-white/30 px-2.5 py-1 text-xs text-white hover:bg-white/10 aria-pressed:bg-white/20';

  return (
    <div className={`grid gap-4 ${theatre ? '' : 'lg:grid-cols-[minmax(0,1fr)_22rem]'}`}>
      <div className="flex min-w-0 flex-col gap-3">
        <header className="flex flex-wrap items-center gap-2">
          <h1 className="min-w-0 truncate text-lg font-bold sm:text-xl">{view.title}</h1>
          <AccessBadge access={view.access} price={view.price} />
          {beat.live && (
            <span className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400">
              {t('room.viewers', { count: beat.viewers })}
            </span>
          )}
          {trialLeft !== null && !trialOver && (
            <span
              role="timer"
              className="ms-auto rounded-full bg-amber-100 px-3 py-1 text-sm text-amber-900 tabular-nums"
            >
              {t('access.trialLeft', { time: clock(trialLeft) })}
            </span>
          )}
        </header>
        <LivePlayer
          lines={view.lines}
          onDelay={(ms) => {
            streamDelay.current = ms;
          }}
          blocked={
            blocked && (
              <Blocked
                reason={blocked}
                access={beat.access}
                announcement={view.announcement}
                onVip={() => setDialog('vip')}
                onUnlock={() => setDialog('unlock')}
              />
            )
          }
          overlay={
            <div className="pointer-events-none absolute inset-0">
              {danmu && <Danmu events={chat.flying} emotes={emotes.byCode} giftName={giftName} />}
              <GiftOverlay queue={chat.animations} onPlayed={chat.played} />
            </div>
          }
          controls={
            <>
              <button
                type="button"
                aria-pressed={danmu}
                onClick={() => updateSession({ danmu: !danmu })}
                className={controlClass}
              >
                {t('player.danmu')}
              </button>
              <button
                type="button"
                aria-pressed={theatre}
                onClick={toggleTheatre}
                className={`hidden lg:inline-block ${controlClass}`}
              >
                {t('player.theatre')}
              </button>
              {beat.live && !blocked && (
                <ClipButton
                  roomId={view.roomId}
                  className={controlClass}
                  onMade={(readyAt) => {
                    window.setTimeout(clips.reload, Math.max(0, readyAt.getTime() - Date.now()) + 500);
                  }}
                />
              )}
            </>
          }
        />
        <nav aria-label={t('room.sections')} className="flex gap-2 lg:hidden">
          {tabs.map((which) => (
            <button
              key={which}
              type="button"
              aria-pressed={tab === which}
              onClick={() => setTab(which)}
              className="rounded-full border border-zinc-200 px-3 py-1.5 text-sm aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white dark:border-zinc-700"
            >
              {t(`room.tabs.${which}`)}
            </button>
          ))}
        </nav>
        {view.match && (
          <div className={shown('match')}>
            <ScoreStrip match={view.matchVersions[0]?.match ?? view.match} />
          </div>
        )}
        <div className={`flex flex-col gap-3 ${shown('anchor')}`}>
          <AnchorPanel anchor={view.anchor} profile={profile.data} />
          {view.announcement && (
            <section aria-labelledby="room-announcement" className={cardClass}>
              <h2 id="room-announcement" className="mb-1 text-sm font-semibold">
                {t('room.announcement')}
              </h2>
              <p className="text-sm whitespace-pre-line">{view.announcement}</p>
            </section>
          )}
          <TopGifters roomId={view.roomId} gifted={chat.gifted} />
          {clips.data && clips.data.length > 0 && (
            <section aria-labelledby="room-clips" className={cardClass}>
              <h2 id="room-clips" className="mb-2 text-sm font-semibold">
                {t('clips.title')}
              </h2>
              <ClipCards list={clips.data} />
            </section>
          )}
          <section aria-labelledby="room-replays" className={cardClass}>
            <h2 id="room-replays" className="mb-2 text-sm font-semibold">
              {t('replays.title')}
            </h2>
            <ReplayList filter={{ roomId: view.roomId, pageSize: 3 }} />
          </section>
        </div>
      </div>
      {/* The chat, full height beside the player on desktop. */}
      <aside
        aria-label={t('room.tabs.chat')}
        className={`flex min-h-64 flex-col gap-3 ${theatre ? '' : 'lg:sticky lg:top-4 lg:h-[calc(100dvh-6rem)]'} ${shown('chat')}`}
      >
        <ChatPanel roomId={view.roomId} room={chat.room} />
        <GiftShop roomId={view.roomId} />
      </aside>
      <VipDialog open={dialog === 'vip'} onClose={() => setDialog(null)} onBought={reload} />
      <UnlockDialog
        open={dialog === 'unlock'}
        roomId={view.roomId}
        price={view.price}
        title={view.title}
        onClose={() => setDialog(null)}
        onUnlocked={reload}
      />
    </div>
  );
}

type BlockedReason = 'offAir' | 'sourceMissing' | 'locked' | 'trialOver';

function blockedReason(view: RoomView, live: boolean, trialOver: boolean): BlockedReason | null {
  if (view.viewerAccess.state === 'locked') return 'locked';
  if (trialOver) return 'trialOver';
  if (view.sourceMissing) return 'sourceMissing';
  if (!live || view.lines.length === 0) return 'offAir';
  return null;
}

/** What covers the player when it cannot play, with the way forward. */
function Blocked({
  reason,
  access,
  announcement,
  onVip,
  onUnlock,
}: {
  reason: BlockedReason;
  access: RoomAccess;
  announcement: string;
  onVip: () => void;
  onUnlock: () => void;
}) {
  const { t } = useTranslation('live');
  const signedIn = useSignedInAction();
  const need = reason === 'trialOver' ? 'vip' : access.state === 'locked' ? access.need : null;
  return (
    <div data-blocked={reason} className="flex max-w-md flex-col items-center gap-3">
      {reason === 'offAir' && (
        <>
          <p className="font-semibold">{t('room.offAirTitle')}</p>
          {announcement && <p className="text-sm whitespace-pre-line text-zinc-300">{announcement}</p>}
        </>
      )}
      {reason === 'sourceMissing' && <p>{t('room.sourceMissing')}</p>}
      {need === 'login' && (
        <>
          <p>{t('access.needLogin')}</p>
          <button type="button" className={buttonClass.primary} onClick={() => signedIn(() => {})}>
            {t('access.signIn')}
          </button>
        </>
      )}
      {need === 'paid' && access.state === 'locked' && (
        <>
          <p>{t('access.needPaid', { price: access.price })}</p>
          <button type="button" className={buttonClass.primary} onClick={() => signedIn(onUnlock)}>
            {t('access.unlock')}
          </button>
        </>
      )}
      {(need === 'vip' || need === 'svip') && (
        <>
          <p>{t(reason === 'trialOver' ? 'access.trialOver' : `access.need_${need}`)}</p>
          <button type="button" className={buttonClass.primary} onClick={() => signedIn(onVip)}>
            {t('access.becomeMember')}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * The linked match's live score, updated from the score feed; `match` is its oldest recent
 * version, which the room's hold moves on to the one the viewer's video shows.
 */
function ScoreStrip({ match }: { match: MatchSummary }) {
  const { t } = useTranslation('live');
  const live = useLiveMatch(match);
  return (
    <section aria-labelledby="room-match" className={`${cardClass} !p-0`}>
      <h2 id="room-match" className="px-3 pt-2 text-sm font-semibold">
        {t('room.match')} ·{' '}
        <span className="font-normal text-zinc-500 dark:text-zinc-400">{match.league.name}</span>
      </h2>
      <ul>
        <MatchRow match={live.match} changed={live.changed} showPeriods />
      </ul>
    </section>
  );
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Unlocking a paid room: the price and the balance before, the confirmation, progress, then the
 * new balance. A balance below the price offers the recharge.
 */
function UnlockDialog({
  open,
  roomId,
  price,
  title,
  onClose,
  onUnlocked,
}: {
  open: boolean;
  roomId: number;
  price: number;
  title: string;
  onClose: () => void;
  onUnlocked: () => void;
}) {
  const { t } = useTranslation('live');
  const api = useApi();
  const [balance, setBalance] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<LiveUnlockResult | null>(null);
  useEffect(() => {
    if (!open) return;
    setDone(null);
    setBalance(null);
    api
      .get<{ coins: number }>('/user/userGold', { quiet: true })
      .then((gold) => setBalance(gold.coins))
      .catch(() => setBalance(null));
  }, [open, api]);
  async function unlock() {
    setBusy(true);
    try {
      setDone(await api.post<LiveUnlockResult>('/orderpay/match/pay/liveUnlock', { roomId }));
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  }
  const short = balance !== null && balance < price;
  return (
    <Dialog open={open} onClose={onClose} title={t('unlock.title')}>
      {done ? (
        <div className="flex flex-col gap-4">
          <p role="status">{t('unlock.done', { balance: done.balance })}</p>
          <button
            type="button"
            className={buttonClass.primary}
            onClick={() => {
              onClose();
              onUnlocked();
            }}
          >
            {t('unlock.watch')}
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p>{t('unlock.confirm', { price, title })}</p>
          <p className={mutedClass}>{balance === null ? t('loading') : t('unlock.balance', { balance })}</p>
          {short && (
            <p className="text-sm text-red-600 dark:text-red-400">
              {t('unlock.short')}{' '}
              <Link to="/userInfo" className="underline">
                {t('unlock.recharge')}
              </Link>
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass.secondary} onClick={onClose}>
              {t('cancel')}
            </button>
            <button
              type="button"
              className={buttonClass.primary}
              disabled={busy || balance === null || short}
              aria-busy={busy}
              onClick={unlock}
            >
              {busy ? t('unlock.paying') : t('unlock.pay', { price })}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** A room that does not exist (or was closed). */
function NoRoom() {
  const { t } = useTranslation('live');
  return (
    <EmptyState
      title={t('room.missing')}
      action={
        <Link to="/live" className={buttonClass.secondary}>
          {t('list.title')}
        </Link>
      }
    />
  );
}
