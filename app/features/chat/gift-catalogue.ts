import { useQuery } from '@tanstack/react-query';
import type { Gift, GiftInfo } from '../../../modules/chat/chat.contract';
import { useApi } from '../../lib/api';

/** The gifts on offer, named in the visitor's language: one request shared by the room's parts. */
export function useGiftCatalogue() {
  const api = useApi();
  return useQuery({ queryKey: ['gifts'], queryFn: () => api.get<Gift[]>('/gift/list') });
}

/**
 * A gift of the chat named in the visitor's language: a chat event carries the gift's own name,
 * which every viewer gets, whatever their language.
 */
export function useGiftName(): (gift: GiftInfo) => string {
  const catalogue = useGiftCatalogue();
  return (gift) => catalogue.data?.find((item) => item.id === gift.giftId)?.name ?? gift.name;
}
