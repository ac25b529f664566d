import type { AuthUser } from '@sandbar/contract/auth';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { sessionKeys } from '../lib/session';
import { tokenStore } from '../lib/token';
import '../app/i18n';

export const demoUser = (userType: AuthUser['userType'], over: Partial<AuthUser> = {}): AuthUser => ({
  id: 1,
  username: 'demo',
  name: 'Demo User',
  userType,
  DOY: 200,
  initials: 'DU',
  languageCode: 'en',
  timeZone: 'America/New_York',
  ...over,
});

/** Renders routes with the real providers (house style: renderWithProviders). */
export function renderWithProviders(
  routes: RouteObject[] | ReactElement,
  opts: { url?: string; user?: AuthUser | null } = {},
) {
  const queryClient = createQueryClient();
  if (opts.user !== undefined) {
    queryClient.setQueryData(sessionKeys.user, opts.user);
    if (opts.user) tokenStore.set('test-token');
  }
  const list = Array.isArray(routes) ? routes : [{ path: '*', element: routes }];
  const router = createMemoryRouter(list, { initialEntries: [opts.url ?? '/'] });
  return {
    ...render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
    router,
    queryClient,
  };
}
