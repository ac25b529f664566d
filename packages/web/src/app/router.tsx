import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { type RouteObject, createBrowserRouter } from 'react-router';
import { FullPageLoader, RequireAccess, RequireUser } from './guards';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

// Pages load lazily from this one router file (house style). Each feature adds its routes here;
// a path not listed shows the 404 page (no placeholder screens).
function page<T extends Record<string, ComponentType>>(loader: () => Promise<T>, name: keyof T) {
  const Lazy = lazy(async () => ({ default: (await loader())[name] as ComponentType }));
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Lazy />
    </Suspense>
  );
}

const signedIn = (element: ReactNode) => <RequireUser>{element}</RequireUser>;
const allowed = (area: Parameters<typeof RequireAccess>[0]['area'], element: ReactNode) => (
  <RequireUser>
    <RequireAccess area={area}>{element}</RequireAccess>
  </RequireUser>
);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/login', element: page(() => import('../features/auth/pages/login-page'), 'LoginPage') },
      { path: '/logout', element: page(() => import('../features/auth/pages/logout-page'), 'LogoutPage') },
      {
        path: '/config/outbox',
        element: allowed(
          'outbox',
          page(() => import('../features/outbox/pages/outbox-page'), 'OutboxPage'),
        ),
      },
      {
        path: '/config/log-details',
        element: allowed(
          'logDetails',
          page(() => import('../features/log-details/pages/log-details-list-page'), 'LogDetailsListPage'),
        ),
      },
      {
        path: '/config/log-details/add',
        element: allowed(
          'logDetails',
          page(() => import('../features/log-details/pages/log-detail-form-page'), 'LogDetailFormPage'),
        ),
      },
      {
        path: '/config/log-details/edit/:id',
        element: allowed(
          'logDetails',
          page(() => import('../features/log-details/pages/log-detail-form-page'), 'LogDetailFormPage'),
        ),
      },
      {
        path: '/config/daily-log',
        element: allowed(
          'dailyLog',
          page(() => import('../features/daily-log/pages/daily-log-page'), 'DailyLogPage'),
        ),
      },
      {
        path: '/config',
        element: allowed(
          'config',
          page(() => import('../features/settings/pages/config-page'), 'ConfigPage'),
        ),
      },
      { path: '/notes', element: allowed('dropoff', page(() => import('../features/dropoff/pages/dropoff-page'), 'DropoffPage')) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // Public: a customer opens it from the text or e-mail receipt, without the staff layout.
  { path: '/receipt/:receiptId', element: page(() => import('../features/receipt/pages/receipt-page'), 'ReceiptPage') },
];

// Keeps `signedIn` in use until a feature route needs it (the dashboard adds the first).
export const guards = { signedIn, allowed };

export const createRouter = () => createBrowserRouter(routes);
