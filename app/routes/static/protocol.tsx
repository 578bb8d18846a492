import { data, Link } from 'react-router';
import { StaticArticle, type StaticContent } from '../../components/static-article';
import { pageMeta, rootMetaData } from '../../lib/seo';
import type { Route } from './+types/protocol';

export const PROTOCOLS = [
  'complaint',
  'cooperation',
  'power',
  'privacy',
  'responsibility',
  'service',
] as const;

/** /protocol lists the agreements; /protocol/{id} shows one. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const t = services.i18n.fixed(locale, 'pages');
  const values = {
    brand: services.i18n.t(locale, 'common:brand'),
    ...(await services.project.editable()).contact,
  };
  if (!params.id) {
    return {
      index: {
        title: t('nav.protocols'),
        links: PROTOCOLS.map((id) => ({ id, label: t(`nav.${id}`) })),
      },
      content: null,
    };
  }
  if (!(PROTOCOLS as readonly string[]).includes(params.id)) throw data(null, { status: 404 });
  return {
    index: null,
    content: t(`protocol.${params.id}`, { returnObjects: true, ...values }) as StaticContent,
  };
}

export const meta: Route.MetaFunction = ({ data: page, matches, location }) => {
  if (!page) return [];
  const title = page.content?.title ?? page.index?.title ?? '';
  return pageMeta({
    title,
    description: page.content?.description ?? title,
    pathname: location.pathname,
    root: rootMetaData(matches),
  });
};

export default function Protocol({ loaderData }: Route.ComponentProps) {
  if (loaderData.content) return <StaticArticle content={loaderData.content} />;
  const index = loaderData.index;
  return (
    <article className="mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-sm sm:p-8 dark:bg-zinc-900">
      <h1 className="text-2xl font-bold">{index?.title}</h1>
      <ul className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
        {index?.links.map((link) => (
          <li key={link.id}>
            <Link to={`/protocol/${link.id}`} className="block py-3 hover:text-brand-ink">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
