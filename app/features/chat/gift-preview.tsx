import { useCallback, useState } from 'react';
import type { Gift } from '../../../modules/chat/chat.contract';
import { Card, mutedClass, smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { type GiftAnimation, GiftOverlay } from './gift-overlay';

/** One gift of the catalogue with its animation, played in place (the /svga page). */
export function GiftPreview({ gift }: { gift: Gift }) {
  const { t } = useTranslation('chat');
  const [queue, setQueue] = useState<GiftAnimation[]>([]);
  const played = useCallback(() => setQueue([]), []);
  return (
    <Card className="flex flex-col items-center gap-2">
      <div className="relative size-40 rounded-md bg-zinc-900">
        <GiftOverlay queue={queue} onPlayed={played} />
      </div>
      <h2 className="font-medium">{gift.name}</h2>
      <p className={mutedClass}>
        {gift.price} {t(gift.currency === 'coin' ? 'gifts.coins' : 'gifts.diamonds')}
      </p>
      <button type="button" className={smallButtonClass.primary} onClick={() => setQueue([gift])}>
        {t('preview.play')}
      </button>
    </Card>
  );
}
