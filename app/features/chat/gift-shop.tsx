import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Gift } from '../../../modules/chat/chat.contract';
import { buttonClass, mutedClass, smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';
import { useSignedInAction, useUser } from '../../lib/use-user';

const COUNTS = [1, 10, 66, 188] as const;
const GOLD_KEY = ['user-gold'];

/**
 * The gift shop under the player: the balance in coins and diamonds, every gift with its price.
 * A press chooses a gift; the send button, with the price of the count chosen, gives it (its own
 * key per press, so a retried request never pays twice) and stays for a repeat. A refusal
 * ('Insufficient gold coins' ...) shows its text under the shop.
 */
export function GiftShop({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat');
  const { t: tm } = useTranslation('messages');
  const api = useApi();
  const client = useQueryClient();
  const user = useUser();
  const signedIn = useSignedInAction();
  const [chosen, setChosen] = useState<Gift | null>(null);
  const [count, setCount] = useState<number>(1);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const gifts = useQuery({ queryKey: ['gifts'], queryFn: () => api.get<Gift[]>('/gift/list') });
  const gold = useQuery({
    queryKey: [...GOLD_KEY, user?.uid],
    queryFn: () => api.get<{ coins: number; diamonds: number }>('/user/userGold', { quiet: true }),
    enabled: !!user,
  });
  const amount = (currency: Gift['currency'], n: number) =>
    t(currency === 'coin' ? 'gifts.amount.coins' : 'gifts.amount.diamonds', { count: n });

  const choose = (gift: Gift) => {
    setRefusal(null);
    setChosen(chosen?.id === gift.id ? null : gift);
  };
  const give = (gift: Gift) =>
    signedIn(async () => {
      setBusy(true);
      setRefusal(null);
      try {
        await api.post(
          '/gift',
          { roomId, giftId: gift.id, count, key: crypto.randomUUID() },
          { quiet: true },
        );
        await client.invalidateQueries({ queryKey: GOLD_KEY });
      } catch (err) {
        setRefusal(err instanceof ApiFailure ? err.message : tm('giftFailed'));
      } finally {
        setBusy(false);
      }
    });

  return (
    <section
      aria-label={t('gifts.title')}
      className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800"
    >
      {gold.data && (
        <p className={`${mutedClass} px-1 text-xs tabular-nums`}>
          {t('gifts.balance', {
            coins: amount('coin', gold.data.coins),
            diamonds: amount('diamond', gold.data.diamonds),
          })}
        </p>
      )}
      <div className="flex flex-wrap gap-1">
        {(gifts.data ?? []).map((gift) => (
          <button
            key={gift.id}
            type="button"
            aria-pressed={chosen?.id === gift.id}
            className="flex w-20 flex-col items-center rounded-md border border-transparent p-1 text-xs hover:bg-zinc-100 aria-pressed:border-brand aria-pressed:bg-brand/10 dark:hover:bg-zinc-800"
            onClick={() => choose(gift)}
          >
            <span className="text-2xl" aria-hidden>
              🎁
            </span>
            <span>{gift.name}</span>
            <span className={mutedClass}>{amount(gift.currency, gift.price)}</span>
          </button>
        ))}
      </div>
      {chosen && (
        <div className="flex flex-wrap items-center justify-end gap-2">
          <label className="flex items-center gap-1 text-xs">
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
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy}
            aria-busy={busy}
            onClick={() => give(chosen)}
          >
            {t('gifts.send', { n: count, price: amount(chosen.currency, chosen.price * count) })}
          </button>
        </div>
      )}
      {refusal && (
        <p role="alert" className="px-1 text-xs text-red-600 dark:text-red-400">
          {refusal}
        </p>
      )}
    </section>
  );
}
