import { Link, useLocation } from 'react-router';
import {
  GOODS_CATEGORIES,
  GOODS_PAGE_SIZE,
  GOODS_SORTS,
  type GoodsCategory,
} from '../../../modules/mall/mall.contract';
import { EmptyState, LinkTabs, Pager, pageInQuery } from '../../components/ui';
import { Coins, GoodsCard } from '../../features/mall/parts';
import { withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/home';

/** /mall: the goods on sale by category, most exchanged, newest or cheapest first, and the blind box. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const params = new URL(request.url).searchParams;
  const category = GOODS_CATEGORIES.find((c) => c === params.get('category'));
  const sort = GOODS_SORTS.find((s) => s === params.get('sort')) ?? 'popular';
  const pageIndex = Math.min(1000, Math.max(1, Number(params.get('page')) || 1));
  const [goods, boxes] = await Promise.all([
    services.mall.goods.list({ category, sort, pageIndex, pageSize: GOODS_PAGE_SIZE }),
    services.mall.boxes.list(),
  ]);
  const t = services.i18n.fixed(locale, 'mall');
  return {
    resources: services.i18n.resources(locale, ['mall', 'wallet']),
    title: withBrand(context, t('title')),
    description: t('description'),
    goods,
    box: boxes[0] ? { name: boxes[0].name, priceCoins: boxes[0].priceCoins, image: boxes[0].image } : null,
    category: category ?? null,
    sort,
  };
}

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function MallHome({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Mall {...loaderData} />
    </RouteTranslations>
  );
}

function Mall({ goods, box, category, sort }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation('mall');
  const { search } = useLocation();
  const href = (next: { category?: GoodsCategory | null; sort?: string }) => {
    const params = new URLSearchParams();
    const c = next.category === undefined ? category : next.category;
    if (c) params.set('category', c);
    const s = next.sort ?? sort;
    if (s !== 'popular') params.set('sort', s);
    const query = params.toString();
    return query ? `/mall?${query}` : '/mall';
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">{t('title')}</h1>
          <p className="text-sm text-zinc-500">{t('description')}</p>
        </div>
        <Link to="/userInfo/myOrder" className="text-sm font-medium text-brand-ink hover:underline">
          {t('orders.title')}
        </Link>
      </div>
      {box && (
        <Link
          to="/mall/blindBox"
          className="flex items-center gap-4 rounded-2xl bg-gradient-to-r from-pink-600 to-orange-500 p-4 text-white shadow-sm hover:opacity-95"
          data-testid="blind-box-banner"
        >
          {box.image && <img src={box.image} alt="" width={64} height={64} className="rounded-xl" />}
          <span className="flex flex-col">
            <strong className="text-lg">{t('box.title')}</strong>
            <span className="text-sm opacity-90">
              {box.name} · <Coins value={box.priceCoins} />
            </span>
          </span>
          <span className="ms-auto rounded-full bg-white/20 px-4 py-1.5 text-sm font-semibold">
            {t('box.open')}
          </span>
        </Link>
      )}
      <LinkTabs
        label={t('categoryLabel')}
        items={[null, ...GOODS_CATEGORIES].map((c) => ({
          key: c ?? 'all',
          label: t(`category.${c ?? 'all'}`),
          to: href({ category: c }),
          active: c === category,
        }))}
      />
      <LinkTabs
        label={t('sortLabel')}
        size="small"
        items={GOODS_SORTS.map((s) => ({
          key: s,
          label: t(`sort.${s}`),
          to: href({ sort: s }),
          active: s === sort,
        }))}
      />
      {goods.list.length === 0 ? (
        <EmptyState title={t('empty')} action={<Link to="/mall">{t('category.all')}</Link>} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {goods.list.map((item) => (
            <li key={item.id}>
              <GoodsCard goods={item} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={goods.pageIndex}
        pages={Math.max(1, Math.ceil(goods.total / goods.pageSize))}
        hrefOf={pageInQuery(search)}
      />
    </div>
  );
}
