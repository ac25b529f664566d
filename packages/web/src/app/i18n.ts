import {
  type Translation,
  agentLabelEs,
  messagesEs,
  navLabelsEs,
  passwordStrengthLabelsEs,
  paymentMethodLabelsEs,
  reportLabelsEs,
  unitTypeLabelsEs,
} from '@sandbar/contract/i18n';
import { messages, passwordStrengthLabels } from '@sandbar/contract/messages';
import { reportButtons, searchReportTypes } from '@sandbar/contract/reports';
import { paymentMethods } from '@sandbar/contract/rules/pricing';
import { unitTypeLabels } from '@sandbar/contract/units';
import { agentLabel, navItems } from '@sandbar/contract/roles';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formsEn, formsEs } from '../components/i18n';
import { hotelsEn, hotelsEs } from '../features/hotels/i18n';
import { locationsEn, locationsEs } from '../features/locations/i18n';
import { peopleEn, peopleEs } from '../features/people/i18n';
import { pricesEn, pricesEs } from '../features/prices/i18n';
import { boardEn, boardEs } from '../features/dashboard/i18n';
import { dailyLogEn, dailyLogEs } from '../features/daily-log/i18n';
import { dropoffEn, dropoffEs } from '../features/dropoff/i18n';
import { reportsEn, reportsEs } from '../features/reports/i18n';
import { reportConfigEn, reportConfigEs } from '../features/report-config/i18n';
import { receiptEn, receiptEs } from '../features/receipt/i18n';
import { saleEn, saleEs } from '../features/sale/i18n';
import { logDetailsEn, logDetailsEs } from '../features/log-details/i18n';
import { settingsEn, settingsEs } from '../features/settings/i18n';
import { offlineEn, offlineEs } from '../features/offline/i18n';
import { bookingsEn, bookingsEs } from '../features/bookings/i18n';
import { paymentDeliveriesEn, paymentDeliveriesEs } from '../features/payment-deliveries/i18n';

// The app's strings, composed here at the top: each feature keeps its own (features/<x>/i18n.ts)
// and app/ puts them together, so nothing below app/ reaches every feature's strings. The
// language in force (setLanguage, currentLanguage) lives in lib/current-language.ts, below the features.
// All UI text goes through i18next. The spec's texts come from the contract package
// (`messages.*`), so screens, server and tests share one source; `ui.*` holds Sandbar's own words.
const nav = Object.fromEntries(navItems.map((n) => [n.key, n.label])) as Record<
  (typeof navItems)[number]['key'],
  string
>;
const identity = (words: readonly string[]) => Object.fromEntries(words.map((w) => [w, w]));
const reportLabels = [...reportButtons.A, ...reportButtons.S, ...searchReportTypes].map((b) => b.label as string);

export const en = {
  messages,
  nav: { ...nav, agent: agentLabel, logout: 'Log out', outbox: 'Outbox', login: 'Login', main: 'Main', menu: 'Menu' },
  passwordStrength: [...passwordStrengthLabels],
  /** Names of values the API keeps in English: payment methods, unit types, report buttons. */
  paymentMethods: identity(paymentMethods),
  unitTypes: { ...unitTypeLabels },
  reportLabels: identity(reportLabels),
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
  bookings: bookingsEn,
  paymentDeliveries: paymentDeliveriesEn,
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
    language: 'Language',
    languageNames: { en: 'English', es: 'Español' },
    switchLanguage: '{{code}}: switch to {{name}}',
    signInFailed: 'Sign-in failed. Please try again.',
  },
};

export type Resources = typeof en;

export const es: Translation<Resources> = {
  messages: messagesEs,
  nav: {
    ...navLabelsEs,
    agent: agentLabelEs,
    logout: 'Salir',
    outbox: 'Bandeja de salida',
    login: 'Entrar',
    main: 'Principal',
    menu: 'Menú',
  },
  passwordStrength: [...passwordStrengthLabelsEs],
  paymentMethods: Object.fromEntries(paymentMethods.map((m) => [m, paymentMethodLabelsEs[m] ?? ''])),
  unitTypes: unitTypeLabelsEs,
  reportLabels: Object.fromEntries(reportLabels.map((l) => [l, reportLabelsEs[l] ?? ''])),
  forms: formsEs,
  people: peopleEs,
  locations: locationsEs,
  prices: pricesEs,
  hotels: hotelsEs,
  board: boardEs,
  logDetails: logDetailsEs,
  dailyLog: dailyLogEs,
  sale: saleEs,
  receipt: receiptEs,
  dropoff: dropoffEs,
  reports: reportsEs,
  reportConfig: reportConfigEs,
  settings: settingsEs,
  offline: offlineEs,
  bookings: bookingsEs,
  paymentDeliveries: paymentDeliveriesEs,
  ui: {
    appName: 'Sandbar',
    close: 'Cerrar',
    copyright: '© {{year}} Sandbar. Todos los derechos reservados.',
    username: 'Usuario',
    password: 'Contraseña',
    loading: 'Cargando…',
    searchPlaceholder: 'Buscar unidades y clientes',
    search: 'Buscar',
    signInTitle: 'Entrar a Sandbar',
    twoFactorTitle: 'Acceso en dos pasos',
    backHome: 'Volver al tablero',
    outboxTitle: 'Bandeja de salida',
    outboxIntro:
      'Cada correo y mensaje de texto que envía Sandbar, del más nuevo al más viejo. Los mensajes en cola esperan un proveedor o un reintento.',
    outboxEmpty: 'Aún no hay mensajes.',
    channel: 'Canal',
    recipient: 'Para',
    subject: 'Asunto',
    message: 'Mensaje',
    status: 'Estado',
    attempts: 'Intentos',
    created: 'Creado',
    purpose: 'Propósito',
    lastError: 'Último error',
    noAccessTitle: 'No disponible',
    noAccessText: 'Tu rol no tiene acceso a esta página.',
    language: 'Idioma',
    languageNames: { en: 'English', es: 'Español' },
    switchLanguage: '{{code}}: cambiar a {{name}}',
    signInFailed: 'No se pudo entrar. Inténtalo de nuevo.',
  },
};

/** The i18next resources of every language (the parity test compares them key for key). */
export const resources = { en: { translation: en }, es: { translation: es } };

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnObjects: true,
});

export default i18n;
