import { LOGIN_FROM_CHANNEL_KEY } from '../../lib/session';

/** The channel page's login button: remember, for the rest of this tab's session, where it came from. */
export function markLoginFromChannel() {
  sessionStorage.setItem(LOGIN_FROM_CHANNEL_KEY, '1');
}

/**
 * In the login click itself, when the login came from the channel page: the new tab for /channel
 * (spec point 2). It must open here, synchronously: a tab opened once the login has answered is
 * blocked as a popup. It stays blank until `showChannelPage` or `closeChannelTab`.
 */
export function openChannelTabIfAsked(): Window | null {
  if (!sessionStorage.getItem(LOGIN_FROM_CHANNEL_KEY)) return null;
  const tab = window.open('', '_blank');
  // The channel page needs no handle on this one.
  if (tab) tab.opener = null;
  return tab;
}

/** After the login succeeded: the reserved tab shows the channel page, once. */
export function showChannelPage(tab: Window | null, channelPage: string) {
  if (!tab) return;
  sessionStorage.removeItem(LOGIN_FROM_CHANNEL_KEY);
  tab.location.replace(channelPage);
}

/** After the login failed: the reserved tab closes; the next attempt reserves another. */
export function closeChannelTab(tab: Window | null) {
  tab?.close();
}
