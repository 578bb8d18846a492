import { useMutation } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useSignedInAction } from '../../lib/use-user';

export interface FollowState {
  followed: boolean;
  followers: number;
}

/**
 * Follow or unfollow a user (`/user/followUser` toggles and answers the new state). A guest is
 * asked to log in first.
 */
export function FollowButton({
  userId,
  followed,
  followBack = false,
  onChange,
}: {
  userId: number;
  followed: boolean;
  /** In a fans list: "Follow back" rather than "Follow". */
  followBack?: boolean;
  onChange: (state: FollowState) => void;
}) {
  const { t } = useTranslation('user');
  const api = useApi();
  const whenSignedIn = useSignedInAction();
  const toggle = useMutation({
    mutationFn: () => api.get<FollowState>('/user/followUser', { query: { userId } }),
    onSuccess: onChange,
  });
  return (
    <button
      type="button"
      disabled={toggle.isPending}
      onClick={() => whenSignedIn(() => toggle.mutate())}
      className={`${followed ? buttonClass.secondary : buttonClass.primary} min-w-24 shrink-0`}
    >
      {followed ? t('profile.followed') : followBack ? t('profile.followBack') : t('profile.follow')}
    </button>
  );
}
