import { data } from 'react-router';
import { BCP47 } from '../../../lib/locales';
import { readDevOutbox } from '../../../modules/delivery';
import { withBrand } from '../../features/match-page/page.server';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/outbox';

/** The sandbox outbox: only while the dev adapters are on, never in production. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.services.devAdapters) throw data(null, { status: 404 });
  const messages = await readDevOutbox(context.services.database.db);
  return {
    title: withBrand(context, context.services.i18n.t(context.locale, 'common:devOutbox.title')),
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
];

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const time = new Intl.DateTimeFormat(BCP47[useLocale()], { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-3">
      <h1 className="text-2xl font-bold">{t('devOutbox.title')}</h1>
      <p className="rounded-xl bg-amber-100 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {t('devOutbox.note')}
      </p>
      {loaderData.messages.length === 0 && (
        <p className="text-zinc-600 dark:text-zinc-400">{t('devOutbox.empty')}</p>
      )}
      <ul className="flex flex-col gap-2">
        {loaderData.messages.map((message) => (
          <li key={message.id} className="rounded-xl bg-white p-4 shadow-sm dark:bg-zinc-900">
            <p className="flex flex-wrap gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
              <span>{t(`devOutbox.${message.channel as 'email' | 'sms' | 'push'}`)}</span>
              <span dir="ltr">{message.recipient}</span>
              <time dateTime={message.createdAt} suppressHydrationWarning>
                {time.format(new Date(message.createdAt))}
              </time>
            </p>
            <p className="mt-1 font-semibold">{message.subject}</p>
            <p className="mt-1 whitespace-pre-wrap text-sm">{message.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
