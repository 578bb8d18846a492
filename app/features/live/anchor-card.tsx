import { useState } from 'react';
import { Link } from 'react-router';
import type {
  AnchorCard as Anchor,
  AnchorProfile,
  FollowAnchorResult,
  ReserveBroadcastResult,
  ScheduleEntry,
} from '../../../modules/live/live.contract';
import { cardClass, mutedClass, smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useSignedInAction } from '../../lib/use-user';
import { MatchRow } from '../matches';

/** Follow or unfollow an anchor (guests are asked to sign in first). */
export function FollowButton({ anchorId, following }: { anchorId: number; following: boolean }) {
  const { t } = useTranslation('live');
  const api = useApi();
  const signedIn = useSignedInAction();
  const [state, setState] = useState(following);
  const [busy, setBusy] = useState(false);
  const toggle = () =>
    signedIn(async () => {
      setBusy(true);
      try {
        setState((await api.post<FollowAnchorResult>('/anchor/follow', { anchorId })).following);
      } catch {
        // The API client has shown the failure.
      } finally {
        setBusy(false);
      }
    });
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={state}
      className={state ? smallButtonClass.secondary : smallButtonClass.primary}
    >
      {state ? t('anchor.following') : t('anchor.follow')}
    </button>
  );
}

/** Reserve (or drop) an anchor's upcoming broadcast; reminded when it goes live. */
export function ReserveButton({ entry }: { entry: ScheduleEntry }) {
  const { t } = useTranslation('live');
  const api = useApi();
  const signedIn = useSignedInAction();
  const [reserved, setReserved] = useState(entry.reserved);
  const toggle = () =>
    signedIn(async () => {
      try {
        setReserved(
          (await api.post<ReserveBroadcastResult>('/live/reserve', { scheduleId: entry.id })).reserved,
        );
      } catch {
        // The API client has shown the failure.
      }
    });
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={reserved}
      className={reserved ? smallButtonClass.secondary : smallButtonClass.primary}
    >
      {reserved ? t('schedule.reserved') : t('schedule.reserve')}
    </button>
  );
}

export function Avatar({ src, size = 48 }: { src: string | null; size?: number }) {
  return src ? (
    <img src={src} alt="" width={size} height={size} className="shrink-0 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className="shrink-0 rounded-full bg-zinc-200 dark:bg-zinc-700"
    />
  );
}

/** The anchor's upcoming broadcasts (the matches it reserved), each with its reservation. */
export function Schedule({ entries }: { entries: ScheduleEntry[] }) {
  const { t } = useTranslation('live');
  if (entries.length === 0) return <p className={mutedClass}>{t('schedule.empty')}</p>;
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {entries.map((entry) => (
        <MatchRow
          key={entry.id}
          match={entry.match}
          league={entry.match.league.name}
          actions={<ReserveButton entry={entry} />}
        />
      ))}
    </ul>
  );
}

/** The anchor under the player: avatar, name, level, followers, follow, and the next broadcast to reserve. */
export function AnchorPanel({
  anchor,
  profile,
}: {
  anchor: Anchor & { following: boolean };
  profile: AnchorProfile | undefined;
}) {
  const { t } = useTranslation('live');
  return (
    <section aria-labelledby="room-anchor" className={cardClass}>
      <div className="flex items-center gap-3">
        <Avatar src={anchor.avatar} />
        <div className="min-w-0 flex-1">
          <h2 id="room-anchor" className="truncate font-semibold">
            <Link to={`/anchor/${anchor.anchorId}`} className="hover:text-brand-ink">
              {anchor.name}
            </Link>
          </h2>
          <p className={mutedClass}>
            {t('anchor.level', { level: anchor.level })} ·{' '}
            {t('anchor.followers', { count: anchor.followers })}
          </p>
        </div>
        <FollowButton anchorId={anchor.anchorId} following={anchor.following} />
      </div>
      {profile && profile.schedule.length > 0 && (
        <div className="mt-3">
          <h3 className="mb-1 text-sm font-medium">{t('schedule.title')}</h3>
          <Schedule entries={profile.schedule.slice(0, 3)} />
        </div>
      )}
    </section>
  );
}
