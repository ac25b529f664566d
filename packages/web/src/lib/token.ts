const KEY = 'sandbar.token';

/** The bearer token of the signed-in user, kept across reloads on the tablet. */
export const tokenStore = {
  get: (): string | null => localStorage.getItem(KEY),
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};
