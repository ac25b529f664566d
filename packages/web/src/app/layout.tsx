import {
  ActionIcon,
  Anchor,
  Box,
  Burger,
  Container,
  Drawer,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { canAccess, navByUserType, navItems } from '@sandbar/contract/roles';
import { IconPower, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { NeedsAttention } from '../features/offline/components/needs-attention';
import { PmsAttention } from '../features/hotels/components/pms-attention';
import { FnbAttention } from '../features/fnb/components/fnb-attention';
import { LiveDot, OfflineBanner } from '../features/offline/components/offline-status';
import { QueueCounter } from '../features/offline/components/queue-counter';
import { UpdatePrompt } from '../features/offline/components/update-prompt';
import { cartStore } from '../features/sale/cart-store';
import { useAV, withAV } from '../lib/av';
import { toastError } from '../lib/notify';
import { useLanguageSync } from '../lib/language';
import { useCurrentUser } from '../lib/session';
import { LanguageSwitch } from './language-switch';
import { paths } from './paths';

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  const av = useAV();
  // While the saved sign-in is being checked, show neither the signed-out nor the signed-in links.
  if (isPending) return null;
  if (!user) {
    return (
      <Anchor component={NavLink} to={withAV(paths.login, av)} c="white" fw={600} onClick={onNavigate}>
        {t('nav.login')}
      </Anchor>
    );
  }
  const allowed = new Set(navByUserType[user.userType]);
  return (
    <>
      {navItems
        .filter((n) => allowed.has(n.key))
        .map((n) => (
          <Anchor
            key={n.key}
            component={NavLink}
            to={withAV(n.path, av)}
            end={n.path === '/' || n.path === '/config'}
            c="white"
            fw={600}
            size="sm"
            onClick={onNavigate}
            data-nav={n.key}
            style={({ isActive }: { isActive: boolean }) => ({ textDecoration: isActive ? 'underline' : 'none' })}
          >
            {/* In app-version mode People reads Agent (spec section 2); the stray "s" the spec reports
                on Prices is a typo we do not copy (DESIGN.md section 7). */}
            {av && n.key === 'people' ? t('nav.agent') : t(`nav.${n.key}`)}
          </Anchor>
        ))}
    </>
  );
}

function SearchBox() {
  const { t } = useTranslation();
  const av = useAV();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) {
      toastError(t('messages.search.emptyBody'), t('messages.search.emptyTitle'));
      return;
    }
    const url = new URLSearchParams({ searchTerm: trimmed });
    if (av) url.set('AV', av);
    navigate(`${paths.search}?${url.toString()}`);
  };
  return (
    <form onSubmit={submit} role="search">
      <TextInput
        size="xs"
        // 110 px on a phone: with the offline queue's counter shown the bar still fits 390 px.
        w={{ base: 110, xs: 200 }}
        aria-label={t('ui.search')}
        placeholder={t('ui.searchPlaceholder')}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        rightSection={
          <ActionIcon type="submit" variant="subtle" size="sm" aria-label={t('ui.search')}>
            <IconSearch size={14} />
          </ActionIcon>
        }
      />
    </form>
  );
}

/** A sale or a unit is in progress: a new version must not reload the app now. */
const isBusy = () =>
  /^\/dashboard\/[^/]+\//.test(window.location.pathname) ||
  cartStore.get() !== null ||
  document.querySelector('[role="dialog"]') !== null;

/** Top bar (navigation per role, search, power-icon logout) and footer (signed-in only). */
export function Layout() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  useLanguageSync();
  const av = useAV();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="sea.8" px="md" py={8}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Anchor component={Link} to={withAV(user ? paths.home : paths.login, av)} c="white" fw={800} size="lg">
              {t('ui.appName')}
            </Anchor>
            <Group gap="md" visibleFrom="md" component="nav" aria-label={t('nav.main')}>
              <NavLinks />
            </Group>
          </Group>
          {!user && <LanguageSwitch />}
          {user && (
            <Group gap="sm" wrap="nowrap">
              {/* On a phone the switch sits in the menu: the bar has no room for it. */}
              <Box visibleFrom="xs">
                <LanguageSwitch />
              </Box>
              <QueueCounter />
              <LiveDot />
              <SearchBox />
              <Tooltip label={t('nav.logout')}>
                <ActionIcon
                  component={Link}
                  to={withAV(paths.logout, av)}
                  variant="transparent"
                  c="white"
                  aria-label={t('nav.logout')}
                >
                  <IconPower size={22} />
                </ActionIcon>
              </Tooltip>
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                color="white"
                size="sm"
                aria-label={t('nav.menu')}
              />
            </Group>
          )}
        </Group>
      </Box>
      <OfflineBanner />
      <NeedsAttention enabled={!!user && canAccess(user.userType, 'selling')} />
      <PmsAttention enabled={!!user && canAccess(user.userType, 'postings')} />
      <FnbAttention enabled={!!user && canAccess(user.userType, 'fnbOrders')} />
      <UpdatePrompt isBusy={isBusy} />
      <Drawer opened={opened} onClose={close} title={t('ui.appName')} hiddenFrom="md" size="xs">
        <Stack styles={{ root: { '--anchor-color': 'white' } }} bg="sea.8" p="md">
          <NavLinks onNavigate={close} />
          {user && (
            <Box hiddenFrom="xs">
              <LanguageSwitch />
            </Box>
          )}
        </Stack>
      </Drawer>
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      {user && (
        <Container component="footer" py="sm">
          <Text size="xs" c="dimmed" ta="center">
            {t('ui.copyright', { year: new Date().getFullYear() })}
          </Text>
        </Container>
      )}
    </Box>
  );
}
