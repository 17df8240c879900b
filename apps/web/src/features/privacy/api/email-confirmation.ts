import { api } from '@/lib/api-client';

/**
 * Confirms an account's e-mail address with the token of the mailed link (POST users/email-confirmation).
 * Silent: the confirmation page says what went wrong itself.
 */
export function confirmEmail(token: string): Promise<void> {
  return api.post<void>('users/email-confirmation', { data: { token } }, { silent: true });
}

/** Mails the signed-in user a new confirmation link (POST users/me/email-confirmation; 3 an hour). */
export function sendEmailConfirmation(): Promise<void> {
  return api.post<void>('users/me/email-confirmation', {});
}
