import type { ReactNode } from 'react';
import { type RouteObject, createBrowserRouter } from 'react-router';
import { RequireAccess, RequireUser } from './guards';
import { Layout } from './layout';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';

// Pages load lazily from this one router file (house style). Each feature adds its routes here;
// a path not listed shows the 404 page (no placeholder screens).
function page<T extends Record<string, unknown>>(loader: () => Promise<T>, name: keyof T) {
  return lazyPage(loader, name).element;
}

const signedIn = (element: ReactNode) => <RequireUser>{element}</RequireUser>;
const allowed = (area: Parameters<typeof RequireAccess>[0]['area'], element: ReactNode) => (
  <RequireUser>
    <RequireAccess area={area}>{element}</RequireAccess>
  </RequireUser>
);

// One element for every board route, so opening a unit keeps the board mounted (no refetch).
const dashboardPage = lazyPage(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage');
const dashboard = allowed('dashboard', dashboardPage.element);
/** warm-start.ts fetches the board's code alongside the user and the board. */
export const preloadDashboard = dashboardPage.preload;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/login', element: page(() => import('../features/auth/pages/login-page'), 'LoginPage') },
      { path: '/', element: dashboard },
      { path: '/dashboard', element: dashboard },
      { path: '/dashboard/:unitView/:timeStamp', element: dashboard },
      { path: '/dashboard/:unitView/:tabView/:timeStamp', element: dashboard },
      { path: '/search', element: signedIn(page(() => import('../features/search/pages/search-page'), 'SearchPage')) },
      { path: '/logout', element: page(() => import('../features/auth/pages/logout-page'), 'LogoutPage') },
      {
        path: '/config/outbox',
        element: allowed(
          'outbox',
          page(() => import('../features/outbox/pages/outbox-page'), 'OutboxPage'),
        ),
      },
      {
        path: '/config/payments',
        element: allowed(
          'config',
          page(() => import('../features/payment-deliveries/pages/payment-deliveries-page'), 'PaymentDeliveriesPage'),
        ),
      },
      {
        path: '/config/postings',
        element: allowed(
          'postings',
          page(() => import('../features/hotels/pages/postings-page'), 'PostingsPage'),
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
      {
        path: '/dailyreports',
        element: allowed(
          'reports',
          page(() => import('../features/reports/pages/reports-page'), 'ReportsPage'),
        ),
      },
      {
        path: '/config/reports',
        element: allowed(
          'reportsConfig',
          page(() => import('../features/report-config/pages/report-list-page'), 'ReportListPage'),
        ),
      },
      {
        path: '/config/reports/edit/:id',
        element: allowed(
          'reportsConfig',
          page(() => import('../features/report-config/pages/report-edit-page'), 'ReportEditPage'),
        ),
      },
      {
        path: '/bookings',
        // Live (issue 33 point 7): a guest's payment, an expiry or another desk's change
        // refetches the booking desk's grid, lists and payment links.
        element: allowed(
          'bookings',
          page(() => import('./bookings-live-page'), 'BookingsLivePage'),
        ),
      },
      {
        path: '/config/menu',
        element: allowed(
          'fnbMenu',
          page(() => import('../features/fnb/pages/menu-page'), 'MenuPage'),
        ),
      },
      {
        // Issue 35 point 8: F&B sales by item, category, station, hour and server; voids; rentals beside F&B.
        path: '/dailyreports/fnb',
        element: allowed(
          'reports',
          page(() => import('../features/fnb/pages/fnb-report-page'), 'FnbReportPage'),
        ),
      },
      {
        path: '/config/menu/qr',
        element: allowed(
          'fnbQr',
          page(() => import('../features/fnb/pages/qr-sheet-page'), 'QrSheetPage'),
        ),
      },
      {
        // Issue 35 point 5: ready orders by row for one walk (before /stations/:station: a fixed path wins).
        path: '/stations/runner',
        element: allowed(
          'fnbOrders',
          page(() => import('../features/fnb/pages/runner-page'), 'RunnerPage'),
        ),
      },
      {
        // Issue 35 point 4: the bar's and the kitchen's tablet.
        path: '/stations/:station',
        element: allowed(
          'fnbOrders',
          page(() => import('../features/fnb/pages/station-page'), 'StationPage'),
        ),
      },
      {
        path: '/notes',
        element: allowed(
          'dropoff',
          page(() => import('../features/dropoff/pages/dropoff-page'), 'DropoffPage'),
        ),
      },
      {
        path: '/config/people',
        element: allowed(
          'people',
          page(() => import('../features/people/pages/people-list-page'), 'PeopleListPage'),
        ),
      },
      {
        path: '/config/people/add',
        element: allowed(
          'people',
          page(() => import('../features/people/pages/person-form-page'), 'PersonFormPage'),
        ),
      },
      {
        path: '/config/people/edit/:id',
        element: allowed(
          'people',
          page(() => import('../features/people/pages/person-form-page'), 'PersonFormPage'),
        ),
      },
      {
        path: '/config/locations',
        element: allowed(
          'locationsView',
          page(() => import('../features/locations/pages/locations-list-page'), 'LocationsListPage'),
        ),
      },
      {
        path: '/config/location/add',
        element: allowed(
          'locationsEdit',
          page(() => import('../features/locations/pages/location-form-page'), 'LocationFormPage'),
        ),
      },
      {
        path: '/config/location/edit/:id',
        element: allowed(
          'locationsEdit',
          page(() => import('../features/locations/pages/location-form-page'), 'LocationFormPage'),
        ),
      },
      {
        path: '/config/prices',
        element: allowed(
          'prices',
          page(() => import('../features/prices/pages/prices-list-page'), 'PricesListPage'),
        ),
      },
      {
        path: '/config/price/add',
        element: allowed(
          'prices',
          page(() => import('../features/prices/pages/price-form-page'), 'PriceFormPage'),
        ),
      },
      {
        path: '/config/price/edit/:id',
        element: allowed(
          'prices',
          page(() => import('../features/prices/pages/price-form-page'), 'PriceFormPage'),
        ),
      },
      {
        path: '/config/hotels',
        element: allowed(
          'hotels',
          page(() => import('../features/hotels/pages/hotels-list-page'), 'HotelsListPage'),
        ),
      },
      {
        path: '/config/hotel/add',
        element: allowed(
          'hotels',
          page(() => import('../features/hotels/pages/hotel-form-page'), 'HotelFormPage'),
        ),
      },
      {
        path: '/config/hotel/edit/:id',
        element: allowed(
          'hotels',
          page(() => import('../features/hotels/pages/hotel-form-page'), 'HotelFormPage'),
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // Public: a customer opens it from the text or e-mail receipt, without the staff layout.
  { path: '/receipt/:receiptId', element: page(() => import('../features/receipt/pages/receipt-page'), 'ReceiptPage') },
];

// Keeps `signedIn` in use until a feature route needs it (the dashboard adds the first).
export const guards = { signedIn, allowed };

export const createRouter = () => createBrowserRouter(routes);
