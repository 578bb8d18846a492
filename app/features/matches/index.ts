// What others use of the match lists: rows, states, the page clock, the live feed and the alerts of
// signed-in visitors.
export { liveClockText } from './clock';
export { FavouriteButton, MatchFollowActions } from './follow-buttons';
export { GoalSound } from './goal-sound';
export { EmptyMatches } from './list-states';
export { ConnectionState, type ConnectionStatus, useLiveMatch, useLiveMatches, useMatchHold } from './live';
export { MatchesByTime, ScoreAnnouncer } from './match-lists';
export { MatchRow, TeamLogo } from './match-row';
export { ReservationAlerts } from './reservation-alerts';
export { ShowScoreButton, useScoreShown } from './spoiler';
export { timeFormat, usePageTime } from './time';
