import { translateServerText } from '@sandbar/contract/i18n';
import { messages } from '@sandbar/contract/messages';
import { notifications } from '@mantine/notifications';
import { currentLanguage } from './current-language';

/** A server's or the contract's English sentence in the app's language (unknown ones stay). */
export const localText = (message: string): string => translateServerText(message, currentLanguage());

/** Toasts: top-center, 3000 ms (spec section 9), configured once in app/providers. */
export function toastError(message: string, title?: string): void {
  // The spec never shows this one: it only means "not signed in yet".
  if (message === messages.login.credentialsNotProvided) return;
  notifications.show({ color: 'red', title, message: localText(message) });
}

export function toastSuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message: localText(message) });
}
