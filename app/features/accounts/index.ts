// What others use of the accounts pages: the header's account button and the login dialog, which
// the root route places in the frame.
export { AccountMenu } from './account-menu';
export { LoginDialog } from './login-dialog-loader';
