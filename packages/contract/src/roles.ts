import { z } from 'zod';

export const UserType = z.enum(['A', 'S', 'M', 'U']);
export type UserType = z.infer<typeof UserType>;

/** Navigation entries in the spec's order (section 6). `path` is where the link goes. */
export const navItems = [
  { key: 'dashboard', label: 'Dashboard', path: '/' },
  { key: 'notes', label: 'Notes/Drops', path: '/notes' },
  { key: 'dailyReports', label: 'Daily Reports', path: '/dailyreports' },
  { key: 'people', label: 'People', path: '/config/people' },
  { key: 'locations', label: 'Locations', path: '/config/locations' },
  { key: 'log', label: 'Log', path: '/config/daily-log' },
  { key: 'logDetails', label: 'Log Details', path: '/config/log-details' },
  { key: 'prices', label: 'Prices', path: '/config/prices' },
  { key: 'hotels', label: 'Hotels', path: '/config/hotels' },
  { key: 'config', label: 'Config', path: '/config' },
] as const;
export type NavKey = (typeof navItems)[number]['key'];

/** Which navigation each user type sees (spec section 6, table). */
export const navByUserType: Record<UserType, readonly NavKey[]> = {
  A: ['dashboard', 'notes', 'dailyReports', 'people', 'locations', 'log', 'logDetails', 'prices', 'hotels', 'config'],
  S: ['dashboard', 'notes', 'dailyReports', 'people', 'locations', 'log'],
  M: ['dashboard', 'notes', 'people', 'log'],
  U: ['dashboard', 'notes'],
};

/** In app-version (AV) mode the People link reads Agent (spec section 2). */
export const agentLabel = 'Agent';

/** Where a user lands after sign-in: S and M start their day on the daily log. */
export function homePathFor(userType: UserType): string {
  return userType === 'S' || userType === 'M' ? '/config/daily-log' : '/';
}

/**
 * Server-side access rules beyond navigation (DESIGN.md section 8).
 * Each entry lists the user types allowed; routes check these, the nav only mirrors them.
 */
export const access = {
  dashboard: ['A', 'S', 'M', 'U'],
  selling: ['A', 'S', 'M', 'U'],
  dropoff: ['A', 'S', 'M', 'U'],
  /** Void any agent's drop-off (with a reason) and look at any agent's Notes / Drops. */
  dropoffVoid: ['A', 'S'],
  reports: ['A', 'S'],
  people: ['A', 'S', 'M'],
  locationsView: ['A', 'S'],
  locationsEdit: ['A'],
  dailyLog: ['A', 'S', 'M'],
  logDetails: ['A'],
  prices: ['A'],
  hotels: ['A'],
  config: ['A'],
  reportsConfig: ['A'],
  outbox: ['A'],
  /** The hotels' PMS postings (issue 34): the Postings screen, Retry, failures on Needs attention. */
  postings: ['A'],
  /** Take, move, cancel and check in advance bookings (issue 24) in the user's locations. */
  bookings: ['A', 'S', 'M', 'U'],
  /** Refund a booking's deposit. */
  bookingsManage: ['A', 'S'],
  /** Delete, restore and correct sales on the reports (price, tip, hotel). */
  reportCorrections: ['A'],
  /** E-mail a report and manage its subscribers. */
  reportMail: ['A'],
  /** Upload files and images (which table or folder, the service checks by its fields). */
  uploads: ['A', 'S', 'M'],
  /** F&B (issue 35, decision 350): Admin → Menu (categories, items, modifiers, hours). */
  fnbMenu: ['A'],
  /** The units' QR sheet and rotating a location's codes. */
  fnbQr: ['A'],
  /** Take orders from a unit, the station screens, runners, 86 an item, tabs and their settling (in the user's locations). */
  fnbOrders: ['A', 'S', 'M', 'U'],
  /** Void an F&B order (with a reason). */
  fnbVoid: ['A', 'S', 'M'],
  /** Settle a unit's tab left open from an earlier day (Needs attention; decision 368). */
  fnbPastTab: ['A', 'S', 'M'],
  /** Refund money a guest paid online for F&B, all or part, with a reason; retry a refused refund (decision 369). */
  fnbRefund: ['A', 'S'],
} as const satisfies Record<string, readonly UserType[]>;
export type AccessArea = keyof typeof access;

export function canAccess(userType: UserType, area: AccessArea): boolean {
  return (access[area] as readonly UserType[]).includes(userType);
}
