// The header's account button and the login dialog, which the page frame places.
export { AccountMenu } from './account-menu';
export { LoginDialog } from './login-dialog-loader';
