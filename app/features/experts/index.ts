// What others use of expert tips: a match's plans, for the match page.
export { PlanRows } from './lists';
export { useMatchPlans } from './match-plans';
