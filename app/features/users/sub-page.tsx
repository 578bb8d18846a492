import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import { Skeleton } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';

/** A sub-page's title; on a phone, with the way back to the list of sub-pages. */
export function UserPageHeader({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation('user');
  return (
    <header className="flex flex-col gap-1">
      <Link
        to="/userInfo"
        className="mb-1 inline-flex items-center gap-1 self-start text-sm text-zinc-600 hover:text-brand-ink md:hidden dark:text-zinc-400"
      >
        <Icon size={16} className="rtl:rotate-180">
          <path d="M15 18l-6-6 6-6" />
        </Icon>
        {t('nav.back')}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      {description && <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>}
    </header>
  );
}

/** What a sub-page looks like while it loads. */
export function UserPageSkeleton() {
  const { t } = useTranslation('user');
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only" role="status">
        {t('state.loading')}
      </span>
      <Skeleton className="h-7 w-40" />
      <div className="flex items-center gap-4 rounded-2xl bg-white p-6 shadow-sm dark:bg-zinc-900">
        <Skeleton className="size-16 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
      <div className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm dark:bg-zinc-900">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
