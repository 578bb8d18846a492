import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { BoxView } from '../../../modules/mall/mall.contract';
import { requirePageRole } from '../../../platform/roles';
import { Card, smallButtonClass } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { Coins } from '../../features/mall/parts';
import { PrizeName } from '../../features/mall/prize';
import { RouteTranslations } from '../../i18n/route-translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/mall-boxes';

/** /admin/mall/boxes: the blind boxes, their odds and seeds; open or close one, rotate its seed. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const { services, locale } = context;
  const t = services.i18n.fixed(locale, 'admin');
  return {
    resources: services.i18n.resources(locale, ['mall']),
    title: `${t('sections.mallBoxes.title')} – ${t('title')}`,
    boxes: await services.mall.boxes.list(true),
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminMallBoxes({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Boxes boxes={loaderData.boxes} />
    </RouteTranslations>
  );
}

function Boxes({ boxes }: { boxes: BoxView[] }) {
  const { t } = useTranslation('mall');
  const api = useApi();
  const revalidator = useRevalidator();
  const act = (path: string, body: unknown) =>
    api
      .post(path, body)
      .then(() => revalidator.revalidate())
      .catch(() => undefined);
  return (
    <Card dense title={t('admin.boxes')}>
      <p className="mb-3 text-sm text-zinc-500">{t('admin.boxesHint')}</p>
      <ul className="flex flex-col gap-4">
        {boxes.map((box) => (
          <li key={box.id} className="rounded-xl border border-zinc-200 p-3 text-sm dark:border-zinc-800">
            <div className="flex flex-wrap items-center gap-2">
              <strong>{box.name}</strong> · <Coins value={box.priceCoins} />
              <span className="text-zinc-500">{box.active ? t('admin.active') : t('admin.inactive')}</span>
              <span className="ms-auto flex gap-2">
                <button
                  type="button"
                  className={smallButtonClass.secondary}
                  onClick={() =>
                    act('/admin/mall/boxes', {
                      id: box.id,
                      name: box.name,
                      description: box.description,
                      image: box.image,
                      priceCoins: box.priceCoins,
                      active: !box.active,
                      prizes: box.prizes.map((p) => ({
                        kind: p.kind,
                        goodsId: p.goodsId ?? undefined,
                        amount: p.amount,
                        weight: p.weight,
                      })),
                    })
                  }
                >
                  {box.active ? t('admin.deactivate') : t('admin.activate')}
                </button>
                <button
                  type="button"
                  className={smallButtonClass.primary}
                  onClick={() => act('/admin/mall/boxes/rotateSeed', { boxId: box.id })}
                >
                  {t('admin.rotate')}
                </button>
              </span>
            </div>
            <p className="mt-1 break-all font-mono text-xs text-zinc-500">
              {box.seedHash} · {t('box.nextNonce', { nonce: box.nextNonce })}
            </p>
            <ul className="mt-2 grid gap-1 sm:grid-cols-2">
              {box.prizes.map((prize) => (
                <li key={prize.id} className="flex justify-between gap-2">
                  <PrizeName prize={prize} />
                  <span className="tabular-nums">{prize.odds}%</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
