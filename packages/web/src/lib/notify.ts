import { messages } from '@sandbar/contract/messages';
import { notifications } from '@mantine/notifications';

/** Toasts: top-center, 3000 ms (spec section 9), configured once in app/providers. */
export function toastError(message: string, title?: string): void {
  // The spec never shows this one: it only means "not signed in yet".
  if (message === messages.login.credentialsNotProvided) return;
  notifications.show({ color: 'red', title, message });
}

export function toastSuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', title, message });
}
