import { BCP47 } from '../../../lib/locales';
import { publicFieldsOf } from '../../../modules/users/users.contract';
import { Card, formatDay } from '../../components/ui';
import { AvatarUpload } from '../../features/users/avatar-upload';
import { userMeta } from '../../features/users/meta';
import { orNotFound, ownerOf, pageTitle, userText } from '../../features/users/owner.server';
import { ProfileForm } from '../../features/users/profile-form';
import { UserPageHeader } from '../../features/users/sub-page';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/info';

/** /userInfo/info: basic info, the avatar and the profile edit. */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await orNotFound(context.services.accounts.userInfo(ownerOf(context)));
  return {
    title: pageTitle(context, userText(context, 'nav.info')),
    me: { ...publicFieldsOf(me), createdAt: me.createdAt },
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function UserInfoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('user');
  const locale = useLocale();
  const { me } = loaderData;
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('nav.info')} description={t('nav.infoHint')} />
      <Card title={t('info.avatar')} id="avatar-title">
        <AvatarUpload avatar={me.avatar} username={me.username} />
      </Card>
      <Card title={t('info.editTitle')} id="edit-title">
        <ProfileForm username={me.username} signature={me.signature} />
      </Card>
      <Card title={t('info.details')} id="details-title">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-zinc-500 dark:text-zinc-400">{t('info.uidLabel')}</dt>
          <dd className="tabular-nums">{me.uid}</dd>
          <dt className="text-zinc-500 dark:text-zinc-400">{t('info.levelLabel')}</dt>
          <dd>{t('profile.level', { level: me.level })}</dd>
          <dt className="text-zinc-500 dark:text-zinc-400">{t('info.memberSince')}</dt>
          <dd>{formatDay(me.createdAt, BCP47[locale])}</dd>
        </dl>
      </Card>
    </div>
  );
}
