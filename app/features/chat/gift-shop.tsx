import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Gift } from '../../../modules/chat/chat.contract';
import { mutedClass, smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useSignedInAction } from '../../lib/use-user';

const COUNTS = [1, 10, 66, 188] as const;

/**
 * The gift shop under the player: every gift with its price; a press gives it once (its own key,
 * so a retried request never pays twice). A refusal ('Insufficient gold coins' ...) is toasted.
 */
export function GiftShop({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const signedIn = useSignedInAction();
  const [count, setCount] = useState<number>(1);
  const gifts = useQuery({ queryKey: ['gifts'], queryFn: () => api.get<Gift[]>('/gift/list') });

  const give = (gift: Gift) =>
    signedIn(() => {
      void api
        .post('/gift', { roomId, giftId: gift.id, count, key: crypto.randomUUID() })
        .catch(() => undefined);
    });

  return (
    <section
      aria-label={t('gifts.title')}
      className="flex flex-wrap items-center gap-2 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800"
    >
      {(gifts.data ?? []).map((gift) => (
        <button
          key={gift.id}
          type="button"
          className="flex w-20 flex-col items-center rounded-md p-1 text-xs hover:bg-zinc-100 dark:hover:bg-zinc-800"
          onClick={() => give(gift)}
          title={t('gifts.give', { name: gift.name })}
        >
          <span className="text-2xl" aria-hidden>
            🎁
          </span>
          <span>{gift.name}</span>
          <span className={mutedClass}>
            {gift.price} {t(gift.currency === 'coin' ? 'gifts.coins' : 'gifts.diamonds')}
          </span>
        </button>
      ))}
      <label className="ml-auto flex items-center gap-1 text-xs">
        {t('gifts.count')}
        <select
          className={smallButtonClass.secondary}
          value={count}
          onChange={(e) => setCount(Number(e.target.value))}
        >
          {COUNTS.map((n) => (
            <option key={n} value={n}>
              ×{n}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
