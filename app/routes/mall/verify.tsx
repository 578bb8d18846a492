import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { isAppError } from '../../../lib/errors';
import type { Verification } from '../../../modules/mall/mall.contract';
import { buttonClass, Card, inputClass, labelClass, ScrollBox } from '../../components/ui';
import { PrizeName } from '../../features/mall/prize';
import { withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/verify';

/** The public verification page: recomputes a past opening from the revealed seed, or one given. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const params = new URL(request.url).searchParams;
  const openingId = Number(params.get('openingId'));
  const seed = params.get('serverSeed')?.trim().toLowerCase() || undefined;
  const valid = Number.isSafeInteger(openingId) && openingId > 0 && (!seed || /^[0-9a-f]{1,128}$/.test(seed));
  const t = services.i18n.fixed(locale, 'mall');
  let verification: Verification | null = null;
  let missing = false;
  if (valid)
    verification = await services.mall.boxes.verify(openingId, seed).catch((err) => {
      if (isAppError(err) && err.key === 'notFound') {
        missing = true;
        return null;
      }
      throw err;
    });
  return {
    resources: services.i18n.resources(locale, ['mall']),
    title: withBrand(context, t('verify.title')),
    description: t('verify.description'),
    query: { openingId: params.get('openingId') ?? '', serverSeed: seed ?? '' },
    verification,
    missing: missing || (params.has('openingId') && !valid),
  };
}

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function VerifyPage({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Verify {...loaderData} />
    </RouteTranslations>
  );
}

function Verify({ query, verification, missing }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation('mall');
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t('verify.title')}</h1>
        <p className="text-sm text-zinc-500">{t('verify.description')}</p>
      </div>
      <Card>
        <Form method="get" className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
          <label>
            <span className={labelClass}>{t('verify.openingId')}</span>
            <input
              name="openingId"
              defaultValue={query.openingId}
              inputMode="numeric"
              required
              className={inputClass}
            />
          </label>
          <label>
            <span className={labelClass}>{t('verify.serverSeed')}</span>
            <input
              name="serverSeed"
              defaultValue={query.serverSeed}
              placeholder={t('verify.serverSeedHint')}
              className={`${inputClass} font-mono`}
            />
          </label>
          <button type="submit" className={buttonClass.primary}>
            {t('verify.action')}
          </button>
        </Form>
      </Card>
      {missing && (
        <p role="alert" className="text-red-600">
          {t('verify.notFound')}
        </p>
      )}
      {verification && <Result verification={verification} />}
      <Card title={t('verify.howTitle')} id="how">
        <p className="text-sm leading-relaxed">{t('verify.how')}</p>
        <ScrollBox label={t('verify.howTitle')} className="mt-3 rounded-xl bg-zinc-100 dark:bg-zinc-800">
          <pre className="w-max p-3 text-xs">
            {
              'roll = int(HMAC_SHA256(serverSeed, clientSeed + ":" + nonce)[0:13], 16) / 2^52\nprize = odds laid end to end over [0, 1), in order'
            }
          </pre>
        </ScrollBox>
      </Card>
    </div>
  );
}

function Result({ verification }: { verification: Verification }) {
  const { t } = useTranslation('mall');
  const { opening } = verification;
  const state = verification.verified ? 'verified' : verification.serverSeed ? 'failed' : 'pending';
  const colours = {
    verified: 'bg-emerald-600 text-white',
    failed: 'bg-red-600 text-white',
    pending: 'bg-amber-300 text-black',
  };
  return (
    <Card>
      <p
        className={`mb-4 rounded-xl px-4 py-3 text-lg font-bold ${colours[state]}`}
        data-testid="verification"
        data-state={state}
      >
        {t(`verify.${state}`)}
      </p>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
        <Row label={t('verify.box')}>{opening.boxName}</Row>
        <Row label={t('verify.given')}>
          <PrizeName prize={opening.prize} />
        </Row>
        <Row label={t('box.commitment')}>
          <code className="break-all">{opening.seedHash}</code>
        </Row>
        <Row label={t('verify.serverSeed')}>
          <code className="break-all">{verification.serverSeed ?? t('verify.notRevealed')}</code>
        </Row>
        {verification.serverSeed && (
          <Row label={t('verify.hashMatches')}>
            {verification.hashMatches ? t('verify.yes') : t('verify.no')}
          </Row>
        )}
        <Row label={t('box.clientSeed')}>
          <code className="break-all">{opening.clientSeed}</code>
        </Row>
        <Row label={t('verify.nonce')}>{opening.nonce}</Row>
        {verification.roll !== null && <Row label={t('verify.roll')}>{verification.roll.toFixed(8)}</Row>}
        {verification.recomputedPrizeId !== null && (
          <Row label={t('verify.recomputed')}>
            {verification.recomputedPrizeId === opening.prize.id ? (
              <PrizeName prize={opening.prize} />
            ) : (
              t('verify.otherPrize')
            )}
          </Row>
        )}
      </dl>
      {state === 'pending' && (
        <p className="mt-3 text-sm text-zinc-500">
          {t('verify.pendingHint')}{' '}
          <Link to="/mall/blindBox" className="underline">
            {t('box.title')}
          </Link>
        </p>
      )}
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-zinc-500">{label}</dt>
      <dd className="min-w-0 font-medium">{children}</dd>
    </>
  );
}
