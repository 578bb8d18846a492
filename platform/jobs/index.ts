export { createJobs, type Jobs, type JobsOptions, LEADER_LEASE, type LeaderWork } from './jobs';
