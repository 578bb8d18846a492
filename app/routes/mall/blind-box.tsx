import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { BoxView, OpeningView, Shipping } from '../../../modules/mall/mall.contract';
import { missingShippingFields } from '../../../modules/mall/shipping.contract';
import {
  buttonClass,
  Card,
  DateTime,
  Dialog,
  EmptyState,
  failureMessage,
  inputClass,
  labelClass,
} from '../../components/ui';
import { Coins, ShippingFields } from '../../features/mall/parts';
import { PrizeName } from '../../features/mall/prize';
import { withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useSignedInAction, useUser } from '../../lib/use-user';
import type { Route } from './+types/blind-box';

/** The header's blind box section (the session's boxUrl): boxes, odds, the committed seed, openings. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, user } = context;
  const [boxes, openings] = await Promise.all([
    services.mall.boxes.list(),
    user ? services.mall.boxes.mine(user.uid) : [],
  ]);
  const t = services.i18n.fixed(locale, 'mall');
  return {
    resources: services.i18n.resources(locale, ['mall', 'wallet']),
    title: withBrand(context, t('box.title')),
    description: t('box.description'),
    boxes,
    openings,
  };
}

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function BlindBoxPage({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <BlindBoxes boxes={loaderData.boxes} openings={loaderData.openings} />
    </RouteTranslations>
  );
}

function BlindBoxes({ boxes, openings }: { boxes: BoxView[]; openings: OpeningView[] }) {
  const { t } = useTranslation('mall');
  const user = useUser();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t('box.title')}</h1>
        <p className="text-sm text-zinc-500">{t('box.description')}</p>
      </div>
      {boxes.length === 0 ? (
        <EmptyState title={t('box.none')} />
      ) : (
        boxes.map((box) => <Box key={box.id} box={box} />)
      )}
      {user && (
        <Card title={t('box.mine')} id="my-openings">
          {openings.length === 0 ? (
            <p className="text-sm text-zinc-500">{t('box.noOpenings')}</p>
          ) : (
            <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800" data-testid="my-openings">
              {openings.map((opening) => (
                <li key={opening.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <span className="font-medium">
                    <PrizeName prize={opening.prize} />
                  </span>
                  <span className="text-zinc-500">
                    {opening.boxName} · #{opening.nonce} · <DateTime value={opening.createdAt} />
                  </span>
                  <Link
                    to={`/mall/blindBox/verify?openingId=${opening.id}`}
                    className="ms-auto text-brand-ink underline"
                  >
                    {t('verify.action')}
                  </Link>
                  {opening.needsAddress && <PrizeAddressForm opening={opening} />}
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      <Link to="/mall/blindBox/verify" className="self-start text-sm text-brand-ink underline">
        {t('verify.title')}
      </Link>
    </div>
  );
}

function Box({ box }: { box: BoxView }) {
  const { t } = useTranslation('mall');
  const api = useApi();
  const signedIn = useSignedInAction();
  const revalidator = useRevalidator();
  const [clientSeed, setClientSeed] = useState('');
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [won, setWon] = useState<OpeningView | null>(null);
  // A fresh client seed on the visitor's device; they may type their own.
  useEffect(() => setClientSeed(crypto.randomUUID().replaceAll('-', '').slice(0, 16)), []);

  async function open() {
    setBusy(true);
    setError(null);
    try {
      const opening = await api.post<OpeningView>(
        '/blindBox/open',
        {
          boxId: box.id,
          clientSeed,
          seedHash: box.seedHash,
          idempotencyKey: key,
        },
        { quiet: true },
      );
      setWon(opening);
      revalidator.revalidate();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  async function reveal() {
    await api.post('/blindBox/rotateSeed', { boxId: box.id }).catch(() => undefined);
    revalidator.revalidate();
  }

  return (
    <Card>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="flex flex-col items-center gap-3 text-center">
          {box.image && <img src={box.image} alt="" width={180} height={180} className="rounded-2xl" />}
          <h2 className="text-xl font-bold">{box.name}</h2>
          <p className="text-sm text-zinc-500">{box.description}</p>
          <p className="text-lg font-semibold text-brand-ink">
            <Coins value={box.priceCoins} />
          </p>
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <table className="w-full text-sm" data-testid="odds">
            <caption className="mb-1 text-start font-semibold">{t('box.odds')}</caption>
            <thead>
              <tr className="text-start text-zinc-500">
                <th className="py-1 text-start font-normal">{t('box.prize')}</th>
                <th className="py-1 text-end font-normal">{t('box.chance')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {box.prizes.map((prize) => (
                <tr key={prize.id}>
                  <td className="py-1.5">
                    <PrizeName prize={prize} />
                  </td>
                  <td className="py-1.5 text-end tabular-nums">{prize.odds}%</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="rounded-xl bg-zinc-50 p-3 text-xs dark:bg-zinc-800/60">
            <p className="font-semibold">{t('box.commitment')}</p>
            <p className="break-all font-mono" data-testid="seed-hash">
              {box.seedHash}
            </p>
            <p className="mt-1 text-zinc-500">{t('box.nextNonce', { nonce: box.nextNonce })}</p>
          </div>
          <label>
            <span className={labelClass}>{t('box.clientSeed')}</span>
            <input
              name="clientSeed"
              value={clientSeed}
              maxLength={64}
              pattern="[\w-]{1,64}"
              onChange={(event) => setClientSeed(event.target.value)}
              className={`${inputClass} font-mono`}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass.primary}
              disabled={!box.active || !clientSeed}
              onClick={() =>
                signedIn(() => {
                  setKey(crypto.randomUUID());
                  setWon(null);
                  setAsking(true);
                })
              }
            >
              {t('box.open')}
            </button>
            {box.nextNonce > 0 && (
              <button type="button" className={buttonClass.secondary} onClick={() => signedIn(reveal)}>
                {t('box.reveal')}
              </button>
            )}
          </div>
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {failureMessage(error, t('failed'))}
            </p>
          ) : null}
          {won && (
            <div
              role="status"
              className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
              data-testid="won"
            >
              <strong className="block text-base">
                {t('box.won')} <PrizeName prize={won.prize} />
              </strong>
              {t('box.wonDetails', { nonce: won.nonce, seed: won.clientSeed })}{' '}
              <Link to={`/mall/blindBox/verify?openingId=${won.id}`} className="font-medium underline">
                {t('verify.action')}
              </Link>
              {won.needsAddress && (
                <a href="#my-openings" className="mt-1 block font-medium underline">
                  {t('box.addressNeeded')}
                </a>
              )}
            </div>
          )}
        </div>
      </div>
      <Dialog open={asking} onClose={() => setAsking(false)} title={t('box.confirmTitle')}>
        <p className="text-sm">
          {t('box.confirmText', { name: box.name })} <Coins value={box.priceCoins} />
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => setAsking(false)}>
            {t('confirm.cancel')}
          </button>
          <button type="button" className={buttonClass.primary} disabled={busy} onClick={open}>
            {busy ? t('confirm.working') : t('box.open')}
          </button>
        </div>
      </Dialog>
    </Card>
  );
}

/** The delivery details of a won prize that ships, asked once the draw gave it. */
function PrizeAddressForm({ opening }: { opening: OpeningView }) {
  const { t } = useTranslation('mall');
  const api = useApi();
  const [shipping, setShipping] = useState<Shipping>({});
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const missing = missingShippingFields(shipping);

  async function save() {
    setAsked(true);
    if (missing.length > 0) return;
    setBusy(true);
    try {
      await api.post('/blindBox/prizeAddress', { openingId: opening.id, ...shipping });
      setSaved(true);
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  }

  if (saved)
    return (
      <p role="status" className="mt-2 w-full font-medium">
        {t('box.addressSaved')}
      </p>
    );
  return (
    <form
      className="mt-3 flex w-full flex-col gap-3 text-zinc-900 dark:text-zinc-100"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <p className="text-sm font-medium">{t('box.addressNeeded')}</p>
      <ShippingFields value={shipping} onChange={setShipping} missing={asked ? missing : []} />
      <button type="submit" className={`${buttonClass.primary} self-start`} disabled={busy}>
        {t('box.saveAddress')}
      </button>
    </form>
  );
}
