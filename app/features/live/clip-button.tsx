import { useMutation } from '@tanstack/react-query';
import type { ViewerClipMade } from '../../../modules/live/live.contract';
import { useTranslation } from '../../i18n/translations';
import { useApi, useToasts } from '../../lib/api';
import { useSignedInAction } from '../../lib/use-user';

/**
 * The player's clip control: a signed-in viewer clips the broadcast's last 30 seconds; a guest is
 * asked to log in first. `onMade` hears when the clip is recorded to its end and listed.
 */
export function ClipButton({
  roomId,
  className,
  onMade,
}: {
  roomId: number;
  className: string;
  onMade: (readyAt: Date) => void;
}) {
  const { t } = useTranslation('live');
  const api = useApi();
  const { notify } = useToasts();
  const whenSignedIn = useSignedInAction();
  const clip = useMutation({
    mutationFn: () => api.post<ViewerClipMade>('/live/clips', { roomId }),
    onSuccess: (made) => {
      notify(t('clips.made'));
      onMade(new Date(made.readyAt));
    },
  });
  return (
    <button
      type="button"
      disabled={clip.isPending}
      aria-label={t('clips.makeLabel')}
      onClick={() => whenSignedIn(() => clip.mutate())}
      className={className}
    >
      {t('clips.make')}
    </button>
  );
}
