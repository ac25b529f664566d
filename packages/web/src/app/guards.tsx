import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { AccessArea } from '@sandbar/contract/roles';
import { canAccess } from '@sandbar/contract/roles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { readAV, withAV } from '../lib/av';
import { useCurrentUser } from '../lib/session';
import { paths } from './paths';

export function FullPageLoader() {
  return (
    <Center py="xl" data-testid="page-loader">
      <Loader />
    </Center>
  );
}

/** Protected routes: a spinner while the user loads, guests to /login keeping AV (spec section 2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <FullPageLoader />;
  if (!user) return <Navigate to={withAV(paths.login, readAV(location.search))} replace />;
  return <>{children}</>;
}

/** Screens beyond a role (DESIGN.md section 8): the server refuses too; this only explains. */
export function RequireAccess({ area, children }: { area: AccessArea; children: ReactNode }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return null;
  if (!canAccess(user.userType, area)) {
    return (
      <Stack align="center" py="xl" gap="xs" data-testid="no-access">
        <Title order={2}>{t('ui.noAccessTitle')}</Title>
        <Text c="dimmed">{t('ui.noAccessText')}</Text>
      </Stack>
    );
  }
  return <>{children}</>;
}
