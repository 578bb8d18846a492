import { type ReactNode, useState } from 'react';
import { data, Link, useLoaderData, useLocation, useNavigation, useRevalidator } from 'react-router';
import { AppError } from '../../../lib/errors';
import { BCP47 } from '../../../lib/locales';
import type { UserDetails } from '../../../modules/admin';
import { DEFAULT_MUTE_MINUTES, MUTE_MINUTES } from '../../../modules/chat/chat.contract';
import { GRANTABLE_ROLES, type GrantableRole, requirePageRole } from '../../../platform/roles';
import {
  Card,
  DateTime,
  inputClass,
  labelClass,
  Pager,
  pageInQuery,
  smallButtonClass,
} from '../../components/ui';
import { ActionName } from '../../features/admin/action-name';
import { ConfirmDialog } from '../../features/admin/confirm-dialog';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { ListTable, RoleChips, StatusBadge, td } from '../../features/admin/list-table';
import { adminMeta } from '../../features/admin/meta';
import { pageParam } from '../../features/admin/params';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/user';

const RECORDS_SIZE = 20;
const HISTORY_SIZE = 10;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const me = requirePageRole(context, 'admin');
  const uid = Number(params.uid);
  if (!Number.isSafeInteger(uid) || uid <= 0) throw data(null, { status: 404 });
  const admin = context.services.admin;
  const user = await admin.details(uid).catch((err) => {
    throw err instanceof AppError && err.key === 'accountNotFound' ? data(null, { status: 404 }) : err;
  });
  const search = new URL(request.url).searchParams;
  const recordsPage = pageParam(search.get('page'));
  const [records, history, mutedUntil] = await Promise.all([
    admin.records(uid, { page: recordsPage, size: RECORDS_SIZE }),
    admin.actions({ uid, page: pageParam(search.get('history')), size: HISTORY_SIZE }),
    context.services.chat.platformMuteUntil(uid),
  ]);
  const t = context.services.i18n.fixed(context.locale, 'admin');
  return {
    me: me.uid,
    user,
    records,
    recordsPage,
    history,
    mutedUntil,
    title: `${user.username} – ${t('title')}`,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminUser({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { user, me } = loaderData;
  const api = useApi();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState('');

  /** Sends a change, then reloads the page's data so every card shows the new state. */
  const change = async (path: string, body: object, done: string) => {
    setNotice('');
    await api.post(path, body, { quiet: true });
    await revalidator.revalidate();
    setNotice(t(done));
  };

  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/admin/users"
        className="self-start text-sm font-medium text-zinc-700 hover:text-brand-ink hover:underline dark:text-zinc-300"
      >
        <span aria-hidden="true" className="rtl:hidden">
          ←{' '}
        </span>
        <span aria-hidden="true" className="ltr:hidden">
          →{' '}
        </span>
        {t('user.back')}
      </Link>

      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-white p-4 shadow-sm dark:bg-zinc-900">
        <h1 className="text-xl font-bold break-all">{user.username}</h1>
        <span className="text-sm text-zinc-500">
          {t('column.uid')} {user.uid}
        </span>
        <StatusBadge bannedAt={user.bannedAt} closedAt={user.closedAt} />
        <RoleChips roles={user.roles} />
      </header>

      <p
        aria-live="polite"
        className={
          notice
            ? 'rounded-xl bg-emerald-50 px-4 py-2 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
            : 'sr-only'
        }
      >
        {notice}
      </p>

      <div className="grid gap-4 lg:grid-cols-2">
        <Profile user={user} />
        <div className="flex flex-col gap-4">
          <Access user={user} isMe={user.uid === me} change={change} />
          {user.uid !== me && <ChatMute user={user} mutedUntil={loaderData.mutedUntil} change={change} />}
          <Coins user={user} change={change} />
          <Roles user={user} isMe={user.uid === me} change={change} />
        </div>
      </div>

      <Records />
      <History />
    </div>
  );
}

type Change = (path: string, body: object, done: string) => Promise<void>;

function Profile({ user }: { user: UserDetails }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const numbers = new Intl.NumberFormat(BCP47[locale]);
  const rows: [string, ReactNode][] = [
    [t('column.email'), user.email ?? '—'],
    [t('column.phone'), user.phone ? `${user.areaCode ?? ''} ${user.phone}` : '—'],
    [t('column.registered'), <DateTime key="registered" value={user.createdAt} />],
    [t('profile.source'), user.registrationSource],
    [t('profile.channel'), user.promotionChannelId ?? '—'],
    [t('profile.level'), user.level],
    [t('profile.coins'), numbers.format(user.coins)],
    [t('profile.diamonds'), numbers.format(user.diamonds)],
    [t('profile.membership'), <Membership key="membership" user={user} />],
  ];
  return (
    <Card dense title={t('profile.title')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-500">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Membership({ user }: { user: UserDetails }) {
  const { t } = useTranslation('admin');
  const [label, until] = user.svip
    ? [t('profile.svipUntil'), user.svipExpiresAt]
    : user.vip
      ? [t('profile.vipUntil'), user.vipExpiresAt]
      : [t('profile.noMembership'), null];
  return (
    <>
      {label} {until && <DateTime value={until} />}
    </>
  );
}

function Access({ user, isMe, change }: { user: UserDetails; isMe: boolean; change: Change }) {
  const { t } = useTranslation('admin');
  return (
    <Card dense title={t('access.title')}>
      <div className="flex flex-col gap-3 text-sm">
        {user.bannedAt ? (
          <div className="flex flex-col gap-1">
            <p className="font-medium text-red-700 dark:text-red-300">
              {t('access.bannedSince')} <DateTime value={user.bannedAt} />
            </p>
            {user.banReason && (
              <p className="break-words">{t('access.reason', { reason: user.banReason })}</p>
            )}
          </div>
        ) : (
          <p>{t('access.canLogIn')}</p>
        )}
        <p className="text-zinc-600 dark:text-zinc-400">
          {t('access.sessions', { count: user.activeSessions })}
        </p>
        {user.bannedAt ? (
          <ConfirmDialog
            trigger={
              <button type="button" className={`${smallButtonClass.primary} self-start`}>
                {t('unban.button')}
              </button>
            }
            title={t('unban.title', { username: user.username })}
            description={t('unban.description')}
            confirmLabel={t('unban.button')}
            tone="primary"
            reasonRequired
            onConfirm={(reason) => change('/admin/users/unban', { uid: user.uid, reason }, 'unban.done')}
          />
        ) : (
          !isMe && (
            <ConfirmDialog
              trigger={
                <button type="button" className={`${smallButtonClass.danger} self-start`}>
                  {t('ban.button')}
                </button>
              }
              title={t('ban.title', { username: user.username })}
              description={t('ban.description')}
              confirmLabel={t('ban.button')}
              tone="danger"
              reasonRequired
              onConfirm={(reason) => change('/admin/users/ban', { uid: user.uid, reason }, 'ban.done')}
            />
          )
        )}
      </div>
    </Card>
  );
}

/** Platform-wide chat mute: the user can read every room but write in none until it ends or is lifted. */
function ChatMute({
  user,
  mutedUntil,
  change,
}: {
  user: UserDetails;
  mutedUntil: string | null;
  change: Change;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const [minutes, setMinutes] = useState<number>(DEFAULT_MUTE_MINUTES);
  const duration = (m: number) => {
    if (m === 0) return t('mute.permanent');
    const [value, unit] =
      m % 1440 === 0 ? [m / 1440, 'day'] : m % 60 === 0 ? [m / 60, 'hour'] : [m, 'minute'];
    return new Intl.NumberFormat(BCP47[locale], { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  };
  const send = (action: 'mute' | 'unmute') => (reason: string) =>
    change(
      '/admin/users/mute',
      { uid: user.uid, action, minutes, reason },
      action === 'mute' ? 'mute.done' : 'mute.lifted',
    );
  return (
    <Card dense title={t('mute.title')}>
      <div className="flex flex-col gap-3 text-sm">
        {mutedUntil ? (
          <>
            <p className="font-medium text-red-700 dark:text-red-300">
              {mutedUntil === 'permanent' ? (
                t('mute.mutedForGood')
              ) : (
                <>
                  {t('mute.mutedUntil')} <DateTime value={mutedUntil} />
                </>
              )}
            </p>
            <ConfirmDialog
              trigger={
                <button type="button" className={`${smallButtonClass.primary} self-start`}>
                  {t('mute.lift')}
                </button>
              }
              title={t('mute.liftTitle', { username: user.username })}
              description={t('mute.description')}
              confirmLabel={t('mute.lift')}
              tone="primary"
              reasonRequired
              onConfirm={send('unmute')}
            />
          </>
        ) : (
          <>
            <p>{t('mute.canChat')}</p>
            <div className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col">
                <span className={labelClass}>{t('mute.duration')}</span>
                <select
                  value={minutes}
                  onChange={(event) => setMinutes(Number(event.target.value))}
                  className={inputClass}
                >
                  {MUTE_MINUTES.map((m) => (
                    <option key={m} value={m}>
                      {duration(m)}
                    </option>
                  ))}
                </select>
              </label>
              <ConfirmDialog
                trigger={
                  <button type="button" className={smallButtonClass.danger}>
                    {t('mute.button')}
                  </button>
                }
                title={t('mute.muteTitle', { username: user.username, duration: duration(minutes) })}
                description={t('mute.description')}
                confirmLabel={t('mute.button')}
                tone="danger"
                reasonRequired
                onConfirm={send('mute')}
              />
            </div>
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * Adds or takes coins with a reason. The form's key goes with the call, so sending the same
 * form twice moves the coins once; a new key is made after each success.
 */
function Coins({ user, change }: { user: UserDetails; change: Change }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const [amount, setAmount] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const value = Number(amount);
  const valid = Number.isSafeInteger(value) && value !== 0 && Math.abs(value) <= 1_000_000_000;
  const signed = new Intl.NumberFormat(BCP47[locale], { signDisplay: 'exceptZero' });
  return (
    <Card dense title={t('coins.title')}>
      <div className="flex flex-col gap-3 text-sm">
        <p className="text-zinc-600 dark:text-zinc-400">{t('coins.hint')}</p>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col">
            <span className={labelClass}>{t('coins.amount')}</span>
            <input
              type="number"
              step={1}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className={`${inputClass} w-40`}
            />
          </label>
          <ConfirmDialog
            trigger={
              <button type="button" disabled={!valid} className={smallButtonClass.primary}>
                {t('coins.button')}
              </button>
            }
            title={t('coins.confirm', { amount: signed.format(value), username: user.username })}
            description={t('coins.hint')}
            confirmLabel={t('coins.button')}
            tone="primary"
            reasonRequired
            onConfirm={async (reason) => {
              await change('/admin/users/coins', { uid: user.uid, amount: value, reason, key }, 'coins.done');
              setAmount('');
              setKey(crypto.randomUUID());
            }}
          />
        </div>
      </div>
    </Card>
  );
}

function Roles({ user, isMe, change }: { user: UserDetails; isMe: boolean; change: Change }) {
  const { t } = useTranslation('admin');
  const roleChange = (role: GrantableRole, granted: boolean) => (reason: string) =>
    change(
      granted ? '/admin/users/roles/grant' : '/admin/users/roles/revoke',
      { uid: user.uid, role, reason: reason || undefined },
      granted ? 'roles.granted' : 'roles.revoked',
    );
  return (
    <Card dense title={t('roles.title')}>
      <ul className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
        {GRANTABLE_ROLES.map((role) => {
          const held = user.roles.includes(role);
          const name = t(`role.${role}`);
          const ownAdmin = isMe && role === 'admin';
          return (
            <li key={role} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="font-medium">{name}</span>
              <span className={held ? 'text-emerald-700 dark:text-emerald-300' : 'text-zinc-500'}>
                {held ? t('roles.held') : t('roles.notHeld')}
              </span>
              <span className="ms-auto">
                {ownAdmin ? (
                  <span className="text-xs text-zinc-500">{t('roles.ownAdmin')}</span>
                ) : (
                  <ConfirmDialog
                    trigger={
                      <button type="button" className={smallButtonClass.secondary}>
                        {held ? t('roles.revoke') : t('roles.grant')}
                      </button>
                    }
                    title={t(held ? 'roles.revokeTitle' : 'roles.grantTitle', {
                      role: name,
                      username: user.username,
                    })}
                    description={t('roles.description')}
                    confirmLabel={held ? t('roles.revoke') : t('roles.grant')}
                    tone={held ? 'danger' : 'primary'}
                    reasonRequired={false}
                    onConfirm={roleChange(role, !held)}
                  />
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** Whether a list of the page is the one being reloaded by a pager link. */
function useListLoading(param: string): boolean {
  const location = useLocation();
  const navigation = useNavigation();
  if (navigation.state !== 'loading' || navigation.location.pathname !== location.pathname) return false;
  const next = new URLSearchParams(navigation.location.search).get(param);
  return next !== new URLSearchParams(location.search).get(param);
}

/** The ledger's references ("order:<no>", "room:<id>"...) in words, linked to where an administrator acts on them. */
const REFERENCE_LINKS: Record<string, ((id: string) => string) | null> = {
  order: (orderNo) => `/admin/payments?orderNo=${encodeURIComponent(orderNo)}`,
  room: (id) => `/live/${id}`,
  plan: null,
  gift_send: null,
};

function RecordReference({ reference }: { reference: string | null }) {
  const { t } = useTranslation('admin');
  if (!reference) return '—';
  const [kind = '', id = ''] = reference.split(/:(.*)/);
  const link = REFERENCE_LINKS[kind];
  // A mall order's reference is its order number, shown as it is.
  if (link === undefined || !id) return reference;
  const text = t(`records.reference.${kind}`, { orderNo: id, id });
  return link ? (
    <Link to={link(id)} className="text-brand-ink hover:underline">
      {text}
    </Link>
  ) : (
    text
  );
}

function Records() {
  const { t } = useTranslation('admin');
  const { records, recordsPage } = useLoaderData<typeof loader>();
  const location = useLocation();
  const locale = useLocale();
  const loading = useListLoading('page');
  const signed = new Intl.NumberFormat(BCP47[locale], { signDisplay: 'exceptZero' });
  const plain = new Intl.NumberFormat(BCP47[locale]);
  const columns = ['time', 'type', 'currency', 'amount', 'balance', 'reference'] as const;
  const numeric = new Set<string>(['amount', 'balance']);
  return (
    <Card dense title={t('records.title')}>
      {records.length === 0 && !loading ? (
        <p className="py-4 text-sm text-zinc-500">{t('records.empty')}</p>
      ) : (
        <ListTable label={t('records.title')} columns={columns} numeric={numeric} loading={loading}>
          {records.map((row) => (
            <tr key={row.id}>
              <td className={`${td} whitespace-nowrap`}>
                <DateTime value={row.createdAt} />
              </td>
              <td className={td}>{t(`movement.${row.type}`, { defaultValue: row.type })}</td>
              <td className={td}>{t(`currency.${row.currency}`)}</td>
              <td className={`${td} text-end ${row.amount < 0 ? 'text-red-700 dark:text-red-300' : ''}`}>
                {signed.format(row.amount)}
              </td>
              <td className={`${td} text-end`}>{plain.format(row.balanceAfter)}</td>
              <td className={`${td} break-all`}>
                <RecordReference reference={row.reference} />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pager
        page={recordsPage}
        hasNext={records.length === RECORDS_SIZE}
        hrefOf={pageInQuery(location.search)}
        dense
      />
    </Card>
  );
}

function History() {
  const { t } = useTranslation('admin');
  const { history } = useLoaderData<typeof loader>();
  const location = useLocation();
  const loading = useListLoading('history');
  const pages = Math.max(1, Math.ceil(history.total / history.size));
  const columns = ['time', 'action', 'by', 'reason'] as const;
  return (
    <Card dense title={t('history.title')}>
      {history.rows.length === 0 && !loading ? (
        <p className="py-4 text-sm text-zinc-500">{t('history.empty')}</p>
      ) : (
        <ListTable label={t('history.title')} columns={columns} placeholderRows={3} loading={loading}>
          {history.rows.map((row) => (
            <tr key={row.id}>
              <td className={`${td} whitespace-nowrap`}>
                <DateTime value={row.createdAt} />
              </td>
              <td className={td}>
                <ActionName action={row.action} details={row.details} />
              </td>
              <td className={td}>
                {row.actor ? (
                  <Link to={`/admin/users/${row.actor.uid}`} className="text-brand-ink hover:underline">
                    {row.actor.username}
                  </Link>
                ) : (
                  t('history.system')
                )}
              </td>
              <td className={`${td} break-words`}>{row.reason ?? '—'}</td>
            </tr>
          ))}
        </ListTable>
      )}
      <Pager
        page={history.page}
        pages={pages}
        hasNext={history.page < pages}
        hrefOf={pageInQuery(location.search, 'history')}
        dense
      />
    </Card>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
