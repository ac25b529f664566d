import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, renderWithProviders } from '../test/render';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

const routes = [{ element: <Layout />, children: [{ path: '*', element: <NotFoundPage /> }] }];

function answer(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('language', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("speaks the signed-in user's language and sets <html lang>", async () => {
    renderWithProviders(routes, { user: demoUser('U', { languageCode: 'es' }) });
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Tablero' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(await screen.findByRole('heading', { name: 'Error 404: página no encontrada' })).toBeInTheDocument();
  });

  it('switches from the top bar and saves the choice', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      answer({ ...demoUser('U'), languageCode: JSON.parse(String(init?.body)).languageCode }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(routes, { user: demoUser('U') });
    await screen.findByRole('navigation', { name: 'Main' });
    await userEvent.click(screen.getByRole('button', { name: 'ES: switch to Español' }));
    expect(await screen.findByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/setMyLanguage'));
    expect(call).toBeTruthy();
    expect(JSON.parse(String(call![1]!.body))).toEqual({ languageCode: 'es' });
    // And back.
    await userEvent.click(screen.getByRole('button', { name: 'EN: cambiar a English' }));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("follows the browser's language on the login page", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX', 'en']);
    renderWithProviders(routes, { user: null });
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Entrar' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
