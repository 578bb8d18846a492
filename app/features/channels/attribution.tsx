import { useEffect, useRef } from 'react';
import {
  CHANNEL_COOKIE,
  CHANNEL_LINK_PARAMS,
  CHANNEL_PATHS,
} from '../../../modules/channels/channels-constants.contract';
import { useApi } from '../../lib/api';

/** The channel this browser was first brought by, as the attribution cookie keeps it. */
export function attributedChannel(): string | undefined {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${CHANNEL_COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(CHANNEL_COOKIE.length + 1)) || undefined : undefined;
}

/** A login body with the spec's promotionChannelId when a channel brought this browser. */
export function withPromotionChannel<T extends object>(body: T): T & { promotionChannelId?: string } {
  const channel = attributedChannel();
  return channel ? { ...body, promotionChannelId: channel } : body;
}

/**
 * Mounted once in the shell: a page opened through a channel link (`?channel=` or
 * `?promotionChannelId=`) counts a visit, and installing the web app counts a download for the
 * channel that brought the visitor. Counting happens in the browser, so cached pages and
 * crawlers that run no scripts do not inflate it.
 */
export function ChannelAttribution() {
  const api = useApi();
  // The address a visit was counted for: the effect runs again when the API client changes (the
  // root's data reloads), and a second count sent before the first one's answer set the visitor's
  // cookie would be counted as another visitor.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    const { search } = window.location;
    const params = new URLSearchParams(search);
    const channel = CHANNEL_LINK_PARAMS.map((name) => params.get(name)).find(Boolean);
    if (channel && counted.current !== search) {
      counted.current = search;
      void api.post(CHANNEL_PATHS.visit, { channel }, { quiet: true }).catch(() => undefined);
    }
    const installed = () => {
      if (attributedChannel())
        void api.post(CHANNEL_PATHS.download, {}, { quiet: true }).catch(() => undefined);
    };
    window.addEventListener('appinstalled', installed);
    return () => window.removeEventListener('appinstalled', installed);
  }, [api]);
  return null;
}
