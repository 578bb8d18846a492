import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  type BroadcastState,
  type LiveInfo,
  MODERATOR_LIMIT_MAX,
  ROOM_ACCESS,
  type RoomAccessKind,
  type RoomSettings,
} from '../../../modules/live/live.contract';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import {
  buttonClass,
  Card,
  ErrorState,
  FormStatus,
  failureMessage,
  hintClass,
  inputClass,
  labelClass,
  mutedClass,
  Skeleton,
} from '../../components/ui';
import { MatchPicker } from '../../features/live/match-picker';
import { NeedsApproval } from '../../features/live/needs-approval';
import { gamesOf } from '../../features/live/page.server';
import { PhotoField } from '../../features/live/photo-field';
import { roomPath } from '../../features/live/room-card';
import { useLiveCall } from '../../features/live/use-live-call';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/center-live';

export function loader({ context }: Route.LoaderArgs) {
  return { games: gamesOf(context) };
}

/** How often the page asks whether the push arrives. */
const STREAM_POLL_MS = 2000;

/** /anchorCenter/live: the room's settings, and start or end live with the stream as it arrives. */
export default function LiveSettingsPage({ loaderData }: Route.ComponentProps) {
  const info = useLiveCall<LiveInfo>('/anchor/liveInfo');
  if (info.failed === 'refused') return <NeedsApproval />;
  if (info.failed) return <ErrorState onRetry={info.reload} />;
  if (!info.data) return <Skeleton className="h-96 w-full rounded-2xl" />;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <SettingsForm room={info.data.room} games={loaderData.games} onSaved={info.reload} />
      <BroadcastPanel
        initial={info.data.broadcast}
        pushUrl={info.data.pushUrl}
        hasRoom={info.data.room !== null}
      />
    </div>
  );
}

function SettingsForm({
  room,
  games,
  onSaved,
}: {
  room: RoomSettings | null;
  games: Route.ComponentProps['loaderData']['games'];
  onSaved: () => void;
}) {
  const { t } = useTranslation('live');
  const api = useApi();
  const [cover, setCover] = useState(room?.cover ?? null);
  const [gameId, setGameId] = useState(room?.gameId ?? games[0]?.gameId ?? 0);
  const [match, setMatch] = useState<{ id: number; label: string } | null>(
    room?.matchId ? { id: room.matchId, label: `#${room.matchId}` } : null,
  );
  const [access, setAccess] = useState<RoomAccessKind>(room?.access ?? 'free');
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok?: string; error?: string | null }>({});

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    setBusy(true);
    setStatus({});
    try {
      await api.post(
        '/anchor/liveInfo',
        {
          title: text('title'),
          cover,
          gameId,
          matchId: match?.id ?? null,
          customTag: match ? null : text('customTag') || null,
          access,
          price: access === 'paid' ? Number(text('price')) : 0,
          externalComments: form.get('externalComments') === 'on',
          announcement: text('announcement'),
          moderatorLimit: Number(text('moderatorLimit')),
        },
        { quiet: true },
      );
      setStatus({ ok: t('settings.saved') });
      onSaved();
    } catch (failure) {
      setStatus({ error: failureMessage(failure, t('messages:systemError')) });
    } finally {
      setBusy(false);
    }
  }
  const pickMatch = (picked: MatchSummary) =>
    setMatch({ id: picked.id, label: `${picked.home?.name ?? ''} - ${picked.away?.name ?? ''}` });

  return (
    <Card title={t('settings.title')} id="settings-title">
      <form onSubmit={save} className="grid gap-4 sm:grid-cols-2" noValidate>
        <div className="sm:col-span-2">
          <label htmlFor="room-title" className={labelClass}>
            {t('settings.roomTitle')}
          </label>
          <input
            id="room-title"
            name="title"
            required
            maxLength={60}
            defaultValue={room?.title}
            className={inputClass}
          />
        </div>
        <PhotoField<{ url: string }>
          label={t('settings.cover')}
          path="/anchor/picture?kind=room"
          preview={cover}
          onUploaded={({ url }) => setCover(url)}
        />
        <div className="flex flex-col gap-4">
          <div>
            <label htmlFor="room-game" className={labelClass}>
              {t('settings.game')}
            </label>
            <select
              id="room-game"
              value={gameId}
              onChange={(event) => {
                setGameId(Number(event.target.value));
                setMatch(null);
              }}
              className={inputClass}
            >
              {games.map((game) => (
                <option key={game.gameId} value={game.gameId}>
                  {game.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <span className={labelClass}>{t('settings.match')}</span>
            <div className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 truncate text-sm">{match?.label ?? t('settings.noMatch')}</span>
              <button type="button" className={buttonClass.secondary} onClick={() => setPicking(true)}>
                {t('settings.pickMatch')}
              </button>
              {match && (
                <button type="button" className="text-sm underline" onClick={() => setMatch(null)}>
                  {t('settings.clearMatch')}
                </button>
              )}
            </div>
            <p className={hintClass}>{t('settings.matchWindow')}</p>
          </div>
          {!match && (
            <div>
              <label htmlFor="room-tag" className={labelClass}>
                {t('settings.customTag')}
              </label>
              <input
                id="room-tag"
                name="customTag"
                maxLength={30}
                defaultValue={room?.customTag ?? ''}
                className={inputClass}
              />
            </div>
          )}
        </div>
        <fieldset className="sm:col-span-2">
          <legend className={labelClass}>{t('settings.access')}</legend>
          <div className="flex flex-wrap gap-4">
            {ROOM_ACCESS.map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="access"
                  checked={access === kind}
                  onChange={() => setAccess(kind)}
                />
                {t(`settings.accessKinds.${kind}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {access === 'paid' && (
          <div>
            <label htmlFor="room-price" className={labelClass}>
              {t('settings.price')}
            </label>
            <input
              id="room-price"
              name="price"
              type="number"
              min={1}
              required
              defaultValue={room?.price || 10}
              className={inputClass}
            />
          </div>
        )}
        <div>
          <label htmlFor="room-moderators" className={labelClass}>
            {t('settings.moderatorLimit')}
          </label>
          <input
            id="room-moderators"
            name="moderatorLimit"
            type="number"
            min={0}
            max={MODERATOR_LIMIT_MAX}
            defaultValue={room?.moderatorLimit ?? 5}
            className={inputClass}
          />
        </div>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name="externalComments" defaultChecked={room?.externalComments ?? true} />
          {t('settings.externalComments')}
        </label>
        <div className="sm:col-span-2">
          <label htmlFor="room-announcement" className={labelClass}>
            {t('settings.announcement')}
          </label>
          <textarea
            id="room-announcement"
            name="announcement"
            maxLength={500}
            rows={3}
            defaultValue={room?.announcement}
            className={inputClass}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {t('settings.save')}
          </button>
          <FormStatus ok={status.ok} error={status.error} />
        </div>
      </form>
      <MatchPicker open={picking} gameId={gameId} onClose={() => setPicking(false)} onPick={pickMatch} />
    </Card>
  );
}

/** Start and end live, with the stream as it arrives (spec point 4: push first, then start; stop the push, then end). */
function BroadcastPanel({
  initial,
  pushUrl,
  hasRoom,
}: {
  initial: BroadcastState;
  pushUrl: string;
  hasRoom: boolean;
}) {
  const { t } = useTranslation('live');
  const api = useApi();
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setInterval(
      () =>
        api
          .get<BroadcastState>('/anchor/isBroadcast', { quiet: true })
          .then(setState)
          .catch(() => {
            // The next poll tries again.
          }),
      STREAM_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [api]);
  async function press(path: '/anchor/broadcast' | '/anchor/downcast') {
    setBusy(true);
    try {
      setState(await api.post<BroadcastState>(path));
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  }
  const stream = state.stream;
  return (
    <Card title={t('broadcast.title')} id="broadcast-title" className="self-start">
      <ol className="mb-4 list-decimal space-y-1 ps-5 text-sm">
        <li>{t('broadcast.step1')}</li>
        <li>{t('broadcast.step2')}</li>
        <li>{t('broadcast.step3')}</li>
      </ol>
      <p className={`mb-3 break-all ${mutedClass}`}>
        {t('broadcast.pushUrl')}: {pushUrl}{' '}
        <Link to="/anchorCenter/liveLinkDetails" className="underline">
          {t('broadcast.keyLink')}
        </Link>
      </p>
      <div
        role="status"
        data-arriving={stream?.arriving ? 'yes' : 'no'}
        className="rounded-xl bg-zinc-50 p-3 text-sm dark:bg-zinc-950"
      >
        <p className="flex items-center gap-2 font-medium">
          <span
            aria-hidden="true"
            className={`size-2.5 rounded-full ${stream?.arriving ? 'animate-pulse bg-emerald-500' : 'bg-zinc-400'}`}
          />
          {stream?.arriving ? t('broadcast.arriving') : t('broadcast.notArriving')}
        </p>
        {stream?.arriving && (
          <dl className="mt-2 grid grid-cols-2 gap-1 tabular-nums">
            <dt className="text-zinc-500">{t('broadcast.resolution')}</dt>
            <dd>
              {stream.width && stream.height ? `${stream.width}×${stream.height}` : t('broadcast.unknown')}
            </dd>
            <dt className="text-zinc-500">{t('broadcast.bitrate')}</dt>
            <dd>
              {stream.bitrateKbps !== null
                ? t('broadcast.kbps', { value: stream.bitrateKbps })
                : t('broadcast.unknown')}
            </dd>
            <dt className="text-zinc-500">{t('broadcast.fps')}</dt>
            <dd>{stream.fps ?? t('broadcast.unknown')}</dd>
          </dl>
        )}
      </div>
      <p className="mt-3 text-sm font-medium" data-live={state.live ? 'yes' : 'no'}>
        {state.live ? t('broadcast.onAir') : t('broadcast.offAir')}
        {state.live && (
          <span className="ms-2 font-normal text-zinc-500 tabular-nums dark:text-zinc-400">
            {t('room.viewers', { count: state.viewers })}
          </span>
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {state.live ? (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={busy}
            onClick={() => press('/anchor/downcast')}
          >
            {t('broadcast.end')}
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy || !state.canStart}
            onClick={() => press('/anchor/broadcast')}
          >
            {t('broadcast.start')}
          </button>
        )}
        {state.roomId && (
          <Link
            to={roomPath({ roomId: state.roomId, customTag: null, matchId: null })}
            className={buttonClass.secondary}
          >
            {t('broadcast.openRoom')}
          </Link>
        )}
      </div>
      {!hasRoom && <p className={`mt-2 ${mutedClass}`}>{t('broadcast.setUpFirst')}</p>}
      {state.live && stream && !stream.arriving && (
        <p className="mt-2 text-sm text-amber-700 dark:text-amber-400">{t('broadcast.pushLost')}</p>
      )}
    </Card>
  );
}
