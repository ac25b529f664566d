import { messages } from '@sandbar/contract/messages';
import { navByUserType, navItems } from '@sandbar/contract/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, renderWithProviders } from '../test/render';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

const routes = [{ element: <Layout />, children: [{ path: '*', element: <NotFoundPage /> }] }];

describe('Layout', () => {
  for (const type of ['A', 'S', 'M', 'U'] as const) {
    it(`shows exactly the ${type} navigation`, async () => {
      renderWithProviders(routes, { user: demoUser(type) });
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      const expected = navItems.filter((n) => navByUserType[type].includes(n.key)).map((n) => n.label);
      expect(
        within(nav)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(expected);
    });
  }

  it('labels People as Agent and keeps AV in links in app-version mode', async () => {
    renderWithProviders(routes, { user: demoUser('A'), url: '/x?AV=3.0' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const agent = within(nav).getByRole('link', { name: 'Agent' });
    expect(agent).toHaveAttribute('href', '/config/people?AV=3.0');
    expect(within(nav).queryByRole('link', { name: 'People' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Prices' })).toHaveAttribute('href', '/config/prices?AV=3.0');
  });

  it('shows only Login and no footer to a guest', async () => {
    renderWithProviders(routes, { user: null });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Login']);
    expect(screen.queryByText(/All rights reserved/)).toBeNull();
  });

  it('toasts the spec message for an empty search', async () => {
    renderWithProviders(routes, { user: demoUser('U') });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search' }), '{Enter}');
    expect(await screen.findByText(messages.search.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(messages.search.emptyBody)).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path', async () => {
    renderWithProviders(routes, { user: demoUser('U'), url: '/nope' });
    expect(await screen.findByRole('heading', { name: messages.notFound.title })).toBeInTheDocument();
  });
});
