// What other features' loaders use of the user centre: the signed-in owner and page texts.
export { orNotFound, ownerOf, pageTitle, userText } from './owner.server';
