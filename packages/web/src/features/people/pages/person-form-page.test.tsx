import { messages } from '@sandbar/contract/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, renderWithProviders } from '../../../test/render';
import { PersonFormPage } from './person-form-page';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const locationList = [
  { id: 1, name: 'MB', fullName: 'Main Beach' },
  { id: 2, name: 'CD', fullName: 'Cabana Deck' },
];
const person = {
  id: 7,
  name: 'Casey Staff',
  initials: 'CS',
  phone: '',
  email: '',
  user: 'staff',
  pass: '',
  confirmPass: '',
  locations: ',1,',
  locationList: 'MB',
  admin: '0',
  manager: '0',
  supervisor: '0',
  userType: 'U',
  twoFactor: '0',
  languageCode: 'en',
};

const routes = [
  { path: '/config/people/add', element: <PersonFormPage /> },
  { path: '/config/people/edit/:id', element: <PersonFormPage /> },
  { path: '/config/people', element: <div>people list</div> },
];

afterEach(() => vi.unstubAllGlobals());

describe('PersonFormPage', () => {
  it('shows the add messages on the client, in order, and clears them on a change', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json({ people: [], locationList })),
    );
    renderWithProviders(routes, { url: '/config/people/add', user: demoUser('A') });
    await userEvent.click(await screen.findByRole('button', { name: 'SAVE USER' }));
    const alert = screen.getByRole('alert');
    for (const m of [
      messages.people.nameBlank,
      messages.people.initialsBlank,
      messages.people.usernameBlank,
      messages.people.passwordBlank,
      messages.people.confirmBlank,
    ])
      expect(alert).toHaveTextContent(m);
    await userEvent.type(screen.getByRole('textbox', { name: 'Initials' }), 'X');
    expect(screen.queryByRole('alert')).toBeNull();
    // The add form shows all three role toggles.
    expect(screen.getByLabelText('Admin')).toBeInTheDocument();
    expect(screen.getByLabelText('Supervisor')).toBeInTheDocument();
  });

  it('on edit hides admin and supervisor from a supervisor, keeps manager, and sends a ",1,2," location list', async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url.endsWith('/getPeopleList/7')) return json({ person, locationList });
      if (url.endsWith('/savePeople')) {
        const body = JSON.parse(String(init?.body));
        expect(body.postData).toMatchObject({ id: '7', locations: ',1,2,', manager: '1', pass: '' });
        return json({ success: 1, details: 'User has been saved!', id: 7 });
      }
      return json({ people: [], locationList });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(routes, { url: '/config/people/edit/7', user: demoUser('S') });
    expect(await screen.findByDisplayValue('Casey Staff')).toBeInTheDocument();
    expect(screen.queryByLabelText('Admin')).toBeNull();
    expect(screen.queryByLabelText('Supervisor')).toBeNull();
    await userEvent.click(screen.getByLabelText('Manager'));
    await userEvent.click(screen.getByLabelText('Cabana Deck (CD)'));
    await userEvent.click(screen.getByRole('button', { name: 'SAVE USER' }));
    expect(await screen.findByText('people list')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/savePeople'))).toBe(true);
  });
});
