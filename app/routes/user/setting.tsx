import { Card } from '../../components/ui';
import { CloseAccount } from '../../features/users/close-account';
import { FeedbackForm } from '../../features/users/feedback-form';
import { userMeta } from '../../features/users/meta';
import { centreOf, orNotFound, ownerOf, pageTitle, userText } from '../../features/users/owner.server';
import { SecurityCentre } from '../../features/users/security';
import { UserPageHeader } from '../../features/users/sub-page';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/setting';

/** /userInfo/setting: security centre, feedback and account cancellation. */
export async function loader({ context }: Route.LoaderArgs) {
  const uid = ownerOf(context);
  const { profiles, follows } = centreOf(context);
  const [security, me, counts] = await Promise.all([
    orNotFound(profiles.security(uid)),
    orNotFound(context.services.accounts.userInfo(uid)),
    follows.counts(uid),
  ]);
  return {
    title: pageTitle(context, userText(context, 'nav.setting')),
    security,
    closure: { username: me.username, coins: me.coins, diamonds: me.diamonds, ...counts },
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function UserSetting({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('user');
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('nav.setting')} />
      <Card title={t('security.title')} id="security-title">
        <SecurityCentre summary={loaderData.security} />
      </Card>
      <Card title={t('feedback.title')} id="feedback-title">
        <FeedbackForm />
      </Card>
      <Card title={t('closure.title')} id="closure-title">
        <CloseAccount facts={loaderData.closure} />
      </Card>
    </div>
  );
}
