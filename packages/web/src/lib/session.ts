import type { AuthUser } from '@sandbar/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { readAV } from './av';
import { tokenStore } from './token';

export const sessionKeys = { user: ['auth', 'user'] as const };

/** GET /auth/user (or /auth/user/{appVersion} in AV mode): the signed-in user, or null. */
export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.user,
  queryFn: async (): Promise<AuthUser | null> => {
    if (!tokenStore.get()) return null;
    const av = readAV();
    return api<AuthUser>(av ? `/auth/user/${encodeURIComponent(av)}` : '/auth/user', { silent: true });
  },
  staleTime: 5 * 60_000,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
