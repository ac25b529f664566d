import { messages, passwordStrengthLabels } from '@sandbar/contract/messages';
import { agentLabel, navItems } from '@sandbar/contract/roles';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formsEn } from './components/i18n';
import { hotelsEn } from './features/hotels/i18n';
import { locationsEn } from './features/locations/i18n';
import { peopleEn } from './features/people/i18n';
import { pricesEn } from './features/prices/i18n';
import { boardEn } from './features/dashboard/i18n';
import { dailyLogEn } from './features/daily-log/i18n';
import { dropoffEn } from './features/dropoff/i18n';
import { reportsEn } from './features/reports/i18n';
import { reportConfigEn } from './features/report-config/i18n';
import { receiptEn } from './features/receipt/i18n';
import { saleEn } from './features/sale/i18n';
import { logDetailsEn } from './features/log-details/i18n';
import { settingsEn } from './features/settings/i18n';
import { offlineEn } from './features/offline/i18n';

// All UI text goes through i18next. The spec's texts come from the contract package
// (`messages.*`), so screens, server and tests share one source; `ui.*` holds Sandbar's own words.
const nav = Object.fromEntries(navItems.map((n) => [n.key, n.label]));

export const en = {
  messages,
  nav: { ...nav, agent: agentLabel, logout: 'Log out', outbox: 'Outbox' },
  passwordStrength: [...passwordStrengthLabels],
  forms: formsEn,
  people: peopleEn,
  locations: locationsEn,
  prices: pricesEn,
  hotels: hotelsEn,
  board: boardEn,
  logDetails: logDetailsEn,
  dailyLog: dailyLogEn,
  sale: saleEn,
  receipt: receiptEn,
  dropoff: dropoffEn,
  reports: reportsEn,
  reportConfig: reportConfigEn,
  settings: settingsEn,
  offline: offlineEn,
  ui: {
    appName: 'Sandbar',
    close: 'Close',
    copyright: '© {{year}} Sandbar. All rights reserved.',
    username: 'Username',
    password: 'Password',
    loading: 'Loading…',
    searchPlaceholder: 'Search units and customers',
    search: 'Search',
    signInTitle: 'Sign in to Sandbar',
    twoFactorTitle: 'Two-factor sign-in',
    backHome: 'Back to the dashboard',
    outboxTitle: 'Outbox',
    outboxIntro:
      'Every e-mail and text message Sandbar sends, newest first. Queued messages wait for a provider or a retry.',
    outboxEmpty: 'No messages yet.',
    channel: 'Channel',
    recipient: 'To',
    subject: 'Subject',
    message: 'Message',
    status: 'Status',
    attempts: 'Attempts',
    created: 'Created',
    purpose: 'Purpose',
    lastError: 'Last error',
    noAccessTitle: 'Not available',
    noAccessText: 'Your role does not have access to this page.',
  },
};

export type Resources = typeof en;

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnObjects: true,
});

export default i18n;
