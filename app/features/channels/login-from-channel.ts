import { LOGIN_FROM_CHANNEL_KEY } from '../../lib/session';

/** The channel page's login button: remember, for the rest of this tab's session, where it came from. */
export function markLoginFromChannel() {
  sessionStorage.setItem(LOGIN_FROM_CHANNEL_KEY, '1');
}

/** After any login: one that came from the channel page opens /channel in a new tab (spec point 2). */
export function openChannelPageIfAsked(channelPage: string) {
  if (!sessionStorage.getItem(LOGIN_FROM_CHANNEL_KEY)) return;
  sessionStorage.removeItem(LOGIN_FROM_CHANNEL_KEY);
  window.open(channelPage, '_blank', 'noopener');
}
