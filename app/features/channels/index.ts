// What others use of the promotion channels: the attribution every page runs and the login rules of
// a channel link.
export { ChannelAttribution, withPromotionChannel } from './attribution';
export { closeChannelTab, openChannelTabIfAsked, showChannelPage } from './login-from-channel';
