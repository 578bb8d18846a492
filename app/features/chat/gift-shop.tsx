import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChatEvent, Gift } from '../../../modules/chat/chat.contract';
import { GIFT_CONFIRM_ABOVE } from '../../../modules/users/preferences.contract';
import { buttonClass, Dialog, inputClass, mutedClass, smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';
import { PREFERENCES_KEY, usePreferences } from '../../lib/preferences';
import { useSignedInAction, useUser } from '../../lib/use-user';
import { useGiftCatalogue } from './gift-catalogue';

const COUNTS = [1, 10, 66, 188] as const;
const GOLD_KEY = ['user-gold'];

/**
 * The gift shop under the player: the balance in coins and diamonds, every gift with its price.
 * A press chooses a gift; the send button, with the price of the count chosen, gives it (its own
 * key per press, so a retried request never pays twice) and stays for a repeat, which counts up
 * the gift's combo. A send that costs more than the viewer's limit asks first; the question sets
 * the limit for the next ones. A refusal ('Insufficient gold coins' ...) shows its text under the
 * shop.
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
  const [combo, setCombo] = useState<{ giftId: number; n: number } | null>(null);
  const [asking, setAsking] = useState(false);
  const { giftConfirmAbove } = usePreferences();
  const gifts = useGiftCatalogue();
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
  const give = async (gift: Gift) => {
    setBusy(true);
    setRefusal(null);
    try {
      const sent = await api.post<{ event: ChatEvent | null }>(
        '/gift',
        { roomId, giftId: gift.id, count, key: crypto.randomUUID() },
        { quiet: true },
      );
      if (sent.event?.kind === 'gift') setCombo({ giftId: gift.id, n: sent.event.gift.combo });
      await client.invalidateQueries({ queryKey: GOLD_KEY });
    } catch (err) {
      setRefusal(err instanceof ApiFailure ? err.message : tm('giftFailed'));
    } finally {
      setBusy(false);
    }
  };
  const press = (gift: Gift) =>
    signedIn(() => {
      if (giftConfirmAbove !== null && gift.price * count > giftConfirmAbove) setAsking(true);
      else void give(gift);
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
          {combo && combo.giftId === chosen.id && combo.n > 1 && (
            <span role="status" className="text-xs font-semibold text-brand-ink tabular-nums">
              {t('gifts.combo', { n: combo.n })}
            </span>
          )}
          <button
            type="button"
            className={buttonClass.primary}
            disabled={busy}
            aria-busy={busy}
            onClick={() => press(chosen)}
          >
            {t('gifts.send', { n: count, price: amount(chosen.currency, chosen.price * count) })}
          </button>
        </div>
      )}
      {chosen && (
        <ConfirmGift
          open={asking}
          text={t('gifts.confirmText', {
            n: count,
            name: chosen.name,
            price: amount(chosen.currency, chosen.price * count),
          })}
          limit={giftConfirmAbove}
          amount={(n) => amount(chosen.currency, n)}
          onClose={() => setAsking(false)}
          onSend={() => {
            setAsking(false);
            void give(chosen);
          }}
        />
      )}
      {refusal && (
        <p role="alert" className="px-1 text-xs text-red-600 dark:text-red-400">
          {refusal}
        </p>
      )}
    </section>
  );
}

/**
 * "Send this gift?": what it costs, and the price above which the next gifts ask first, saved
 * with the viewer's preferences when it is changed and the gift is sent.
 */
function ConfirmGift({
  open,
  text,
  limit,
  amount,
  onClose,
  onSend,
}: {
  open: boolean;
  text: string;
  limit: number | null;
  amount: (n: number) => string;
  onClose: () => void;
  onSend: () => void;
}) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const client = useQueryClient();
  const [next, setNext] = useState(limit === null ? 'never' : String(limit));
  const send = async () => {
    const chosen = next === 'never' ? null : Number(next);
    if (chosen !== limit) {
      // The data status is kept whole: the preferences page's keys and any other client's stay.
      const data = client.getQueryData<Record<string, unknown>>(PREFERENCES_KEY) ?? {};
      await api
        .post('/user/saveUserDataStatus', { data: { ...data, giftConfirmAbove: chosen } }, { quiet: true })
        .then(() => client.invalidateQueries({ queryKey: PREFERENCES_KEY }))
        .catch(() => {
          // The limit stays as it was; the gift goes all the same.
        });
    }
    onSend();
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('gifts.confirmTitle')}>
      <div className="flex flex-col gap-4">
        <p>{text}</p>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('gifts.askAbove')}
          <select className={inputClass} value={next} onChange={(e) => setNext(e.target.value)}>
            {GIFT_CONFIRM_ABOVE.map((n) => (
              <option key={n} value={String(n)}>
                {n === 0 ? t('gifts.askEvery') : amount(n)}
              </option>
            ))}
            <option value="never">{t('gifts.askNever')}</option>
          </select>
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('gifts.cancel')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={() => void send()}>
            {t('gifts.confirmSend')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
