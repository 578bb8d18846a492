import { StaticArticle, type StaticContent } from '../../components/static-article';
import { GiftPreview } from '../../features/chat/gift-preview';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { pageMeta, rootMetaData } from '../../lib/seo';
import type { Route } from './+types/svga';

/** /svga: every gift of the catalogue with its animation to play, then how gift animations work. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const content = services.i18n.fixed(locale, 'pages')('svga', {
    returnObjects: true,
    brand: services.i18n.t(locale, 'common:brand'),
  }) as StaticContent;
  return {
    content,
    gifts: await services.gifts.catalogue(locale),
    resources: services.i18n.resources(locale, ['chat']),
  };
}

export const meta: Route.MetaFunction = ({ data, matches, location }) =>
  data
    ? pageMeta({
        title: data.content.title,
        description: data.content.description,
        pathname: location.pathname,
        root: rootMetaData(matches),
      })
    : [];

export default function SvgaPage({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Gifts {...loaderData} />
    </RouteTranslations>
  );
}

function Gifts({ gifts, content }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex flex-col gap-6">
      <StaticArticle content={content} />
      <section aria-labelledby="gift-list">
        <h2 id="gift-list" className="mb-1 text-xl font-semibold">
          {t('gifts.title')}
        </h2>
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{t('preview.description')}</p>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {gifts.map((gift) => (
            <li key={gift.id}>
              <GiftPreview gift={gift} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
