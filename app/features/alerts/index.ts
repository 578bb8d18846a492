// What others use of Web Push alerts: the alert choices of a favourite (decision 028).
export { AlertChoicesButton } from './alert-choices';
