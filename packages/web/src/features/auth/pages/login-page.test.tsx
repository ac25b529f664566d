import { messages } from '@sandbar/contract/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './login-page';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <div>dashboard home</div> },
  { path: '/config/daily-log', element: <div>daily log home</div> },
];

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('shows both blank messages and clears them when a field changes', async () => {
    renderWithProviders(routes, { url: '/login', user: null });
    await userEvent.click(await screen.findByRole('button', { name: messages.login.logIn }));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.login.usernameBlank);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.login.passwordBlank);
    await userEvent.type(screen.getByLabelText('Username'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a supervisor to the daily log after login', async () => {
    const fetchMock = vi.fn(() =>
      json(200, {
        id: 2,
        username: 'supervisor',
        name: 'S',
        userType: 'S',
        DOY: 10,
        initials: 'SS',
        languageCode: 'en',
        timeZone: 'America/New_York',
        token: 't',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(routes, { url: '/login', user: null });
    await userEvent.type(await screen.findByLabelText('Username'), 'supervisor');
    await userEvent.type(screen.getByLabelText('Password'), 'sandbar-demo');
    await userEvent.click(screen.getByRole('button', { name: messages.login.logIn }));
    expect(await screen.findByText('daily log home')).toBeInTheDocument();
    expect(localStorage.getItem('sandbar.token')).toBe('t');
  });

  it('replaces the form with the Auth Code step and shows the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(200, { AUTH2FA: true, details: 'We sent a code to o***@x', challengeId: 'c1' })),
    );
    renderWithProviders(routes, { url: '/login', user: null });
    await userEvent.type(await screen.findByLabelText('Username'), 'owner');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: messages.login.logIn }));
    expect(await screen.findByLabelText(messages.login.authCode)).toBeInTheDocument();
    expect(screen.getByText('We sent a code to o***@x')).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.getByRole('button', { name: messages.login.continue })).toBeInTheDocument();
  });

  it('shows the server message for wrong credentials', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(401, { details: 'Your username or password is not correct.' })),
    );
    renderWithProviders(routes, { url: '/login', user: null });
    await userEvent.type(await screen.findByLabelText('Username'), 'a');
    await userEvent.type(screen.getByLabelText('Password'), 'b');
    await userEvent.click(screen.getByRole('button', { name: messages.login.logIn }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your username or password is not correct.');
  });
});
