import { data } from 'react-router';
import { BCP47, splitLocalePath } from '../../../lib/locales';
import { StaticArticle, type StaticContent } from '../../components/static-article';
import { SHARED_PAGE } from '../../lib/page-handle';
import { pageMeta, rootMetaData } from '../../lib/seo';
import type { Route } from './+types/static-page';

export const handle = SHARED_PAGE;

/** /about, /help, /download, /certificate, /caijian, /salesmartly: content from the "pages" translations. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const page = splitLocalePath(new URL(request.url).pathname).rest.slice(1);
  const t = services.i18n.fixed(locale, 'pages');
  const { claims, contact } = await services.project.editable();
  const content = t(page, {
    returnObjects: true,
    brand: services.i18n.t(locale, 'common:brand'),
    ...claims,
    users: new Intl.NumberFormat(BCP47[locale]).format(claims.users),
    ...contact,
  }) as StaticContent | string;
  if (typeof content === 'string') throw data(null, { status: 404 });
  return { page, content };
}

export const meta: Route.MetaFunction = ({ data: page, matches, location }) =>
  page
    ? pageMeta({
        title: page.content.title,
        description: page.content.description,
        pathname: location.pathname,
        root: rootMetaData(matches),
      })
    : [];

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return <StaticArticle content={loaderData.content} />;
}
