// What other features may use of the match lists: rows, states, the page clock and the live feed.
export { liveClockText } from './clock';
export { zoneFromCookie } from './days';
export { FavouriteButton, MatchFollowActions } from './follow-buttons';
export { GoalSound } from './goal-sound';
export { EmptyMatches } from './list-states';
export { ConnectionState, type ConnectionStatus, useLiveMatch, useLiveMatches, useMatchHold } from './live';
export { MatchesByTime, ScoreAnnouncer } from './match-lists';
export { MatchRow, TeamLogo } from './match-row';
export { ReservationAlerts } from './reservation-alerts';
export { ShowScoreButton, useScoreShown } from './spoiler';
export { timeFormat, usePageTime } from './time';
