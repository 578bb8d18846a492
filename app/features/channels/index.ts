// What other features use of the promotion channels: attribution and the channel page's login rule.
export { ChannelAttribution, withPromotionChannel } from './attribution';
export { closeChannelTab, openChannelTabIfAsked, showChannelPage } from './login-from-channel';
