/**
 * English and Spanish (issue 12 item 5, decision 120). The spec's English texts stay where they are
 * (messages.ts and each area's `*Texts`): they are the source. This file holds their Spanish
 * counterparts, key for key, so the server (receipts, e-mails) and the web app share one
 * translation. test/i18n.test.ts fails when a key exists in one language and not the other.
 */
import { dailyLogTexts } from './daily-log';
import { dropoffTexts } from './dropoff';
import { messages, passwordStrengthLabels, saleBookingTexts } from './messages';
import { offlineTexts } from './offline';
import { pmsServerTexts, pmsServerTextsEs } from './pms';
import { postingCellIn, postingTexts, postingTextsEs } from './pms-postings';
import { type ReportData, reportNames, reportTexts } from './reports';
import type { NavKey } from './roles';
import { correctionValueTexts } from './rules/corrections';
import { formatMoney } from './rules/money';
import type { Translation } from './translation';
import { cancelPolicyTexts, payLinkStaffTexts, staffWaitlistTexts } from './reservation-texts';
import { saleTexts } from './sales';
import { settingsTexts } from './settings';
import type { UnitType } from './units';

export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];

/** 'es', 'es-MX', 'ES' → 'es'; anything else that is not ours → null. */
export function toLanguage(code: string | null | undefined): Language | null {
  const base = (code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (languages as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/** The BCP 47 locale Intl formats with: US English, and Spanish as spoken in the US (US dollars, "$"). */
export function localeOf(lang: Language): 'en-US' | 'es-US' {
  return lang === 'es' ? 'es-US' : 'en-US';
}

/** The first of the browser's languages that Sandbar speaks (navigator.languages), else English. */
export function pickLanguage(preferred: readonly string[] | undefined): Language {
  for (const code of preferred ?? []) {
    const lang = toLanguage(code);
    if (lang) return lang;
  }
  return 'en';
}

export type { Translation } from './translation';

export const messagesEs: Translation<typeof messages> = {
  notFound: {
    title: 'Error 404: página no encontrada',
    body: 'Lo sentimos, la página que buscas no existe.',
  },
  search: {
    emptyTitle: 'Escribe qué buscar',
    emptyBody: 'No escribiste nada en la casilla de búsqueda.',
    searchingFor: 'Buscando',
  },
  dashboard: {
    noLocations: '¡No tienes ninguna ubicación asignada!',
    cancelOrder: 'Cancelar pedido',
  },
  login: {
    usernameBlank: 'Dejaste en blanco el usuario',
    passwordBlank: 'Dejaste en blanco la contraseña',
    logIn: 'ENTRAR',
    authCode: 'Código de acceso',
    continue: 'Continuar',
    credentialsNotProvided: 'No se enviaron las credenciales de acceso.',
  },
  unit: {
    numberBlank: 'No escribiste el número de la unidad',
    typeBlank: 'No elegiste el tipo de unidad',
    moveToThisUnit: '¿Mover al cliente a esta unidad?',
    confirmMove: 'Confirmar cambio',
    cancelMove: 'Cancelar cambio',
    cancelMoving: '¿Cancelar el cambio de este cliente?',
    moveConfirm: '¿Mover a este cliente?',
    moveCustomer: 'Mover cliente',
  },
  sale: {
    addMoreUnits: 'Agregar más unidades',
    readyToSwipe: 'Listo para pasar la tarjeta',
    squareConnecting: 'Conectando con Square Checkout ...',
    squareError: 'Error al usar Square Checkout ...',
    androidUnavailable: "No se pudo conectar con la app 'Android'",
    squareLoadingReader: 'Cargando el lector de Square ...',
    windowFunctionUnreadable: 'No se pudo leer la función de la ventana',
    retailValueExample: '$35.00',
  },
  dropoff: {
    todaysTotal: 'Total de hoy',
    formTitle: 'Notas y entregas',
    amountRequired: '¡Escribe el monto a entregar!',
    printNotes: 'IMPRIMIR NOTAS',
  },
  people: {
    nameBlank: 'Dejaste en blanco el "Nombre" del usuario',
    initialsBlank: 'Dejaste en blanco las "Iniciales" del usuario',
    usernameBlank: 'Dejaste en blanco el "Usuario"',
    passwordBlank: 'Dejaste en blanco la "Contraseña" del usuario',
    passwordsDiffer: 'Las contraseñas no coinciden',
    confirmBlank: 'No confirmaste la "Contraseña"',
    deleteConfirm: '¿Seguro que quieres eliminar a este usuario?',
    deleted: '¡Usuario eliminado!',
  },
  price: {
    nameBlank: 'Dejaste en blanco el "Nombre" del precio',
    priceBlank: 'Dejaste en blanco el precio',
    startTimeBlank: 'Dejaste en blanco la "Hora de inicio" del precio',
    endTimeBlank: 'Dejaste en blanco la "Hora de fin" del precio',
    unitCodeBlank: 'Dejaste en blanco el "Código de unidad" del precio',
    hotelOnEditOnly: 'Agrega primero el precio y luego edítalo para vincularlo a un hotel',
    deleteConfirm: '¿Seguro que quieres eliminar este precio?',
    deleted: '¡Precio eliminado!',
  },
  hotel: {
    addTitle: 'Agregar hotel',
    nameBlank: 'Dejaste en blanco el "Nombre" del hotel',
    contactNameBlank: 'Dejaste en blanco el "Nombre de contacto" del hotel',
    contactEmailBlank: 'Dejaste en blanco el "Correo de contacto" del hotel',
    save: 'GUARDAR HOTEL',
    deleteConfirm: '¿Seguro que quieres eliminar este hotel?',
    deleted: '¡Hotel eliminado!',
  },
  location: {
    addTitle: 'Agregar ubicación',
    nameBlank: 'Dejaste en blanco el "Nombre"',
    fullNameBlank: 'Dejaste en blanco el "Nombre completo"',
    umbrellasBlank: 'Dejaste en blanco las "Sombrillas"',
    umbrellaRowsBlank: 'Dejaste en blanco las "Sombrillas por fila"',
    deleted: '¡Ubicación eliminada!',
  },
  report: {
    heading: 'Informes',
    selectReport: 'Elige un informe para verlo',
    nameBlank: 'Dejaste en blanco el "Nombre"',
    emailed: '¡Informe enviado por correo!',
    addSubscribers: 'Agregar / ver suscriptores',
    addSubscriber: 'Agregar suscriptor',
    saveEmailAddresses: 'Guardar correos',
    viewTransaction: 'Ver detalles de la transacción',
    editTransactionPrice: 'Editar precio de la transacción',
    deleteTransactionConfirm: '¿Seguro que quieres eliminar esta transacción?',
    deleteTransactionsConfirm: 'Confirma que quieres eliminar estas transacciones',
    deleteAllSelected: 'Eliminar todo lo seleccionado',
  },
  logDetail: {
    categoryBlank: 'Dejaste en blanco la "Categoría"',
    nameBlank: 'Dejaste en blanco el "Nombre"',
    sortBlank: 'Dejaste en blanco el "Orden"',
    fieldTypeBlank: 'Dejaste en blanco el "Tipo de campo"',
    deleted: '¡Detalle del registro eliminado!',
  },
  dailyLog: {
    dateBlank: 'No escribiste una fecha',
    add: 'Agregar registro diario',
  },
  confirmDelete: {
    title: 'Confirmar eliminación',
    yes: 'Sí',
    no: 'No',
  },
  upload: {
    duplicateName:
      'Ya se subió un archivo con el mismo nombre; si el que estás subiendo es otro archivo, cámbiale el nombre e inténtalo de nuevo.',
    updateFailed: '¡No se pudo actualizar!',
    saveAndClose: 'Guardar y cerrar',
  },
  form: {
    selectPlaceholder: '-- ELEGIR --',
  },
};

export const passwordStrengthLabelsEs: Translation<typeof passwordStrengthLabels> = [
  'Débil',
  'Débil',
  'Aceptable',
  'Buena',
  'Fuerte',
];

export const navLabelsEs: Record<NavKey, string> = {
  dashboard: 'Tablero',
  notes: 'Notas/Entregas',
  dailyReports: 'Informes diarios',
  people: 'Personal',
  locations: 'Ubicaciones',
  log: 'Registro',
  logDetails: 'Campos del registro',
  prices: 'Precios',
  hotels: 'Hoteles',
  config: 'Configuración',
};
export const agentLabelEs = 'Agente';

export const unitTypeLabelsEs: Record<UnitType, string> = {
  U: 'Sombrilla',
  C: 'Cabaña',
  B: 'Camastro',
  X: 'Silla X',
  P: 'Muelle',
  T: 'Torre',
};

/** The reports screen's button and search labels (reports.ts), by their English label. */
export const reportLabelsEs: Record<string, string> = {
  Hotels: 'Hoteles',
  'User Log': 'Registro de usuarios',
  'All Transaction': 'Todas las transacciones',
  'By Agent': 'Por agente',
  'Credit Card': 'Tarjeta de crédito',
  Move: 'Cambios',
  Search: 'Buscar',
  Location: 'Ubicación',
  Agent: 'Agente',
  Hourly: 'Por hora',
  Transactions: 'Transacciones',
  'Credit Card Daily': 'Tarjeta de crédito diario',
  'Daily Totals': 'Totales diarios',
  Bookings: 'Reservas',
  Payments: 'Pagos',
  Reconciliation: 'Conciliación',
};

/** Payment methods as shown (the API keeps the spec's English values). */
export const paymentMethodLabelsEs: Record<string, string> = {
  'Credit Card': 'Tarjeta de crédito',
  'Room Charge': 'Cargo a la habitación',
  Voucher: 'Cupón',
  Cash: 'Efectivo',
};

const moneyEs = (amount: string) => formatMoney(amount, { locale: 'es-US' });

export const saleTextsEs: Translation<typeof saleTexts> = {
  wrongTotal: (expected) =>
    `El total del pedido cambió: la lista de precios dice ${moneyEs(expected)}. Revisa el pedido e inténtalo de nuevo.`,
  cardNeedsTransaction: 'Una venta con tarjeta necesita el número de transacción del lector.',
  roomChargeNeedsHotel: 'Elige el hotel para el cargo a la habitación.',
  roomChargeNeedsGuest: 'Escribe el apellido del huésped y el número de habitación.',
  guestNotFound:
    'No hay ningún huésped con ese apellido en esa habitación. Revisa la habitación o usa la entrada manual.',
  customerNameBlank: 'Escribe el nombre del cliente.',
  unknownItem: 'Ese artículo no está en la lista de precios.',
  itemNotForUnit: 'Ese artículo no se puede vender para esta unidad.',
  itemNotForBuyer: 'Ese artículo es solo para huéspedes del hotel.',
  itemNotNow: (name) => `${name} no se ofrece a esta hora.`,
  unitNotFound: 'Esa unidad no existe.',
  notYourLocation: 'Esta unidad está en una ubicación que no tienes asignada.',
  unitTaken: (unit, what) => `${unit} ${what}`,
  invalidPhone: 'Escribe un número de celular válido, como 305 555 0123.',
  invalidEmail: 'Escribe un correo electrónico válido.',
  receiptOk: 'Los datos del recibo están bien.',
  receiptSaved: 'Datos del recibo guardados.',
  receiptSent: 'Recibo enviado.',
  noReceiptContact: 'Este cliente no tiene teléfono ni correo para el recibo.',
  noSaleOnUnit: 'No hay ninguna venta en esta unidad hoy.',
  customerNotFound: 'Ese cliente no existe.',
  receiptNotFound: 'Este recibo no existe.',
  dropoffSaved: 'Entrega guardada.',
  holdOk: 'Unidad agregada al pedido.',
  replayMismatch:
    'Este número de transacción ya se usó para otra venta. Empieza la venta de nuevo (un número nuevo) o reenvía la misma.',
  replayNotYours: 'Este número de transacción pertenece a una venta hecha en otro lugar.',
  unitInOrderTwice: 'Una unidad está dos veces en el pedido.',
  savingElsewhere: 'Esta venta se está guardando en otra solicitud. Inténtalo de nuevo.',
  unitSoldBy: (unit, who, when, how) =>
    `${unit} la vendió ${who} a las ${when} (${how}). Márcala vacía en la pestaña Clientes para venderla otra vez.`,
  unitHeldBy: (unit, who, since) =>
    `${unit} está en un pedido en la tableta de ${who} desde ${since}. Se podrá vender cuando ese pedido termine, se cancele o su reserva venza.`,
  unitNotForSale: (unit) => `${unit} es un puesto de muelle o torre y no se puede vender.`,
};

/** A correction's sides on Notes/Drops and in a sale's history (issue 32: "Eliminada: contada ($20.00) → eliminada"). */
export const correctionValueTextsEs: Translation<typeof correctionValueTexts> = {
  deleted: 'eliminada',
  counted: 'contada',
  countedAmount: (amount) => `contada (${amount})`,
};

export const dropoffTextsEs: Translation<typeof dropoffTexts> = {
  overCashOnHand: (amount, cashOnHand) =>
    `${moneyEs(amount)} es más que el efectivo disponible (${moneyEs(cashOnHand)}). ¿Guardar de todos modos?`,
  confirmTitle: 'Más que el efectivo disponible',
  voidReasonBlank: 'Indica por qué anulas esta entrega.',
  voided: 'Entrega anulada.',
  notFound: 'Esa entrega no existe.',
  alreadyVoided: 'Esta entrega ya estaba anulada.',
  onlyYourOwn: 'Solo un supervisor o un administrador puede ver las entregas de otro agente.',
  keyReused: 'Esta clave de entrega ya se usó para otro importe.',
  inFuture: 'La hora de esta entrega va por delante del reloj del servidor. Revisa la fecha y la hora de la tableta.',
  tooOld:
    'Esta entrega se hizo sin conexión hace más de 24 horas: se queda en la tableta; pide a un supervisor que la registre.',
};

export const dailyLogTextsEs: Translation<typeof dailyLogTexts> = {
  saved: '¡Registro diario guardado!',
  deleted: '¡Registro diario eliminado!',
  duplicate: (date) => `Ya existe un registro diario del ${date}. Ábrelo desde la lista para editarlo.`,
  notFound: 'Ese registro diario ya no existe.',
};

export const saleBookingTextsEs: Translation<typeof saleBookingTexts> = {
  bookedMeanwhile: (unit, guest, time) =>
    `${unit} se acaba de reservar para ${guest} a las ${time}. Hoy no se puede vender a un cliente sin reserva: elige otra unidad para este cliente o cancela la venta.`,
  reservedToday: (unit, guest) =>
    `${unit} está reservada hoy para ${guest}. No se puede vender a un cliente sin reserva: elige otra unidad para este cliente o cancela la venta.`,
  checkInNotThisUnit: (guest, unit) =>
    `La reserva de ${guest} no incluye ${unit} hoy. Registra la llegada desde la unidad de su reserva.`,
  checkInOtherGuest: (guest, name) =>
    `Esta llegada es de la reserva de ${guest}, pero la venta está a nombre de ${name}. Empieza de nuevo desde Registrar llegada de la reserva.`,
};

export const offlineTextsEs: Translation<typeof offlineTexts> = {
  onlineOnly: 'La tarjeta y el cargo a la habitación necesitan el servidor: no se pueden cobrar sin conexión.',
  tooOld: (taken) =>
    `Esta venta se hizo sin conexión el ${taken}, hace más de 24 horas: no se puede agregar a un día cerrado. ` +
    'Se queda en la tableta; pide a un supervisor que la registre.',
  inFuture: 'La hora de esta venta va por delante del reloj del servidor. Revisa la fecha y la hora de la tableta.',
  attentionNotFound: 'Eso no está en Requiere atención.',
  alreadySeated: (unit) => `Ese cliente ya estaba ubicado en ${unit}.`,
  seated: (name, unit) => `${name || 'Cliente'} ubicado en ${unit}.`,
  targetNotFree: (unit) => `${unit} no está libre. Elige una unidad vacía.`,
  unseatedStatus: 'Sin ubicar (conflicto sin conexión)',
};

export const reportTextsEs: Translation<typeof reportTexts> = {
  unknownType: (type) => `No hay ningún informe llamado ${type}.`,
  notYourReport: 'Tu rol no permite este informe.',
  outsideWindow: 'Los supervisores solo ven los informes de hoy y de ayer.',
  rangeBackwards: 'La búsqueda debe empezar el día final o antes.',
  rangeTooLong: 'Busca como máximo 400 días a la vez.',
  notSearchable: (type) => `${type} no se puede buscar por rango.`,
  saleNotFound: 'Esa transacción no existe.',
  notEditable: 'Solo se pueden editar las transacciones de una sola unidad que no estén eliminadas.',
  notRoomCharge: 'Solo los cargos a la habitación se pueden pasar a otro hotel.',
  sameHotel: 'El cargo a la habitación ya está en ese hotel.',
  noTip: 'Esta transacción no tiene propina.',
  deleted: 'Transacción eliminada.',
  deletedMany: (n) => `${n} transacción(es) eliminada(s).`,
  tipsDeleted: (n) => `Propina quitada de ${n} transacción(es).`,
  restored: 'Transacción restaurada.',
  notDeleted: 'Esta transacción no está eliminada.',
  priceSaved: 'Precio de la transacción guardado.',
  tipSaved: 'Propina guardada.',
  switched: (hotel) => `Cargo a la habitación pasado a ${hotel}.`,
  invalidEmails: (bad) => `Estos no son correos electrónicos: ${bad.join(', ')}`,
  emailsSaved: 'Correos guardados.',
  reportSaved: 'Informe guardado.',
  reportNotFound: 'Ese informe no existe.',
  noSubscribers: 'Este informe aún no tiene suscriptores: agrégalos con Agregar / ver suscriptores.',
  onlyAdminsCorrect: 'Solo los administradores corrigen transacciones.',
  onlyAdminsEmail: 'Solo los administradores envían informes por correo y gestionan sus suscriptores.',
  reasonLabel: 'Motivo',
  reasonRequired: 'Di por qué haces esta corrección.',
};

export const settingsTextsEs: Translation<typeof settingsTexts> = {
  saved: '¡Configuración guardada!',
  timeZone: 'Escribe una zona horaria real, como America/New_York.',
  email: 'Escribe un correo electrónico válido.',
  season: 'La temporada debe empezar el día final o antes.',
  date: 'Escribe las fechas como AAAA-MM-DD.',
  reportEmailTime: 'Escribe una hora de 2 dígitos en formato 24 h, de 00 a 23',
  backupKeep: 'Guarda de 1 a 365 copias nocturnas.',
  country: 'Escribe el país del local con su código de dos letras, como US o ES.',
  offerMinutes: 'Una oferta de la lista de espera guarda su sitio de 1 a 240 minutos.',
  releaseTime: "Escribe las horas de liberación como '11:00' o 'MB=11:00, CD=12:30'.",
  deposit: "Escribe el depósito como un importe, p. ej. '10.00', o una parte, p. ej. '25%'.",
  paymentMinutes: 'Una reserva espera su pago de 5 a 120 minutos.',
  refundPercent: 'Escribe la parte devuelta como un porcentaje de 0 a 100.',
  currency: 'Escribe el código de tres letras de la moneda, como USD o EUR.',
  afternoonReleaseEarly: (hour: string) =>
    `Una hora de liberación de la tarde debe ser a las ${hour}:00 o después, cuando empieza la tarde.`,
};

export const cancelPolicyTextsEs: Translation<typeof cancelPolicyTexts> = {
  overrideRole: 'Solo un supervisor o un administrador puede saltarse la política de cancelación.',
  overrideReasonBlank: 'Indica el motivo para saltarte la política de cancelación.',
  refunded: (amount) => `Reserva cancelada antes del plazo: se devuelve el depósito de ${moneyEs(amount)}.`,
  forfeited: (amount) => `Reserva cancelada después del plazo: el depósito de ${moneyEs(amount)} se retiene.`,
  keptOnAccount: (amount) => `Reserva cancelada: el depósito de ${moneyEs(amount)} queda a cuenta.`,
  refundedPart: (refund, kept) =>
    `Reserva cancelada: se devuelven ${moneyEs(refund)} del depósito y se retienen ${moneyEs(kept)}.`,
  refundTooBig: (deposit) => `La devolución puede ser como mucho el depósito a cuenta, ${moneyEs(deposit)}.`,
  refundAmountAlone: 'Un importe de devolución va con la opción de devolver.',
  refundRefused: (amount, why) =>
    `El proveedor de pagos rechazó la devolución de ${moneyEs(amount)} (${why}). Queda pendiente en Devoluciones pendientes de Reservas y se vuelve a intentar; no se registra como devuelta hasta que el proveedor la acepte.`,
  refundAccepted: (amount) => `El proveedor de pagos aceptó la devolución de ${moneyEs(amount)}.`,
  refundPending: (amount) => `Devolución de ${moneyEs(amount)} enviada; el proveedor de pagos la confirma en breve.`,
  refundRefusedAgain: (amount, why) =>
    `El proveedor de pagos volvió a rechazar la devolución de ${moneyEs(amount)} (${why}). Sigue pendiente.`,
  refundNotOwed: 'Esta devolución no espera otro intento (se aceptó o se está enviando).',
  refundNotFound: 'Esa devolución no existe.',
};

export const payLinkStaffTextsEs: Translation<typeof payLinkStaffTexts> = {
  sent: (amount: string) => `Enlace de pago de ${amount} enviado.`,
  resent: 'Enlace de pago enviado de nuevo.',
  cancelled: 'Enlace de pago cancelado: la reserva se mantiene, se paga en la playa.',
  notConfigured: 'Los pagos en línea no están configurados: cobra el depósito en el mostrador.',
  alreadyOut: 'Esta reserva ya tiene un enlace de pago enviado: envíalo de nuevo o cancélalo.',
  notOpen: 'Esta reserva no tiene ningún enlace de pago pendiente.',
  ranOut: 'El enlace de pago caducó y la reserva se liberó.',
  wrongState: 'Solo una reserva confirmada y sin pagar puede recibir un enlace de pago.',
  guestPaying: 'Esta reserva espera el pago en línea del propio cliente.',
  hasMoney: (amount: string) => `Esta reserva tiene ${amount} a cuenta: cobra el resto en el mostrador.`,
  hotelGuest: 'Los huéspedes de hotel pagan con su habitación al registrarse: sin enlace de pago.',
  noPhone: 'La reserva no tiene móvil: envía el enlace por correo electrónico.',
  noEmail: 'La reserva no tiene correo electrónico: envía el enlace por SMS.',
  nothingToPay: 'Estas unidades no tienen precio que cobrar: sin enlace de pago.',
  depositNone: 'El depósito del lugar no da nada para esta reserva: pide la reserva entera.',
  linkOrDeposit: 'Cobra un depósito en el mostrador o envía un enlace de pago, no las dos cosas.',
};

export const staffWaitlistTextsEs: Translation<typeof staffWaitlistTexts> = {
  added: (position) => `Añadido a la lista de espera (número ${position} en la fila).`,
  removed: 'Quitado de la lista de espera.',
  notFound: 'Esa solicitud de la lista de espera no existe.',
  notWaiting: 'Esta solicitud ya no está esperando (se le ofreció una unidad, reservó o se quitó).',
  twice: 'Este cliente ya está en la lista de espera de ese día y lugar.',
};

/**
 * Other English sentences the server answers with (errors shown as toasts or under a form), and
 * their Spanish. The web app shows a server message in Spanish when it is one of the contract's
 * texts or one of these (translateServerText).
 */
export const serverPhrasesEs: Record<string, string> = {
  'Your username or password is not correct.': 'Tu usuario o tu contraseña no son correctos.',
  'Your session has ended. Please sign in again.': 'Tu sesión terminó. Vuelve a entrar.',
  'That code is not correct. Check it and try again.': 'Ese código no es correcto. Revísalo e inténtalo de nuevo.',
  'Too many wrong codes. Please sign in again to get a new code.':
    'Demasiados códigos incorrectos. Vuelve a entrar para recibir un código nuevo.',
  'Your sign-in code has expired. Please sign in again.': 'Tu código de acceso venció. Vuelve a entrar.',
  'Two-factor sign-in is on for this user but no e-mail or phone is on file. Ask an admin.':
    'Este usuario tiene el acceso en dos pasos, pero no tiene correo ni teléfono registrado. Pregunta a un administrador.',
  'Two-factor sign-in is locked after too many wrong codes. Ask an admin to unlock it.':
    'El acceso en dos pasos está bloqueado por demasiados códigos incorrectos. Pide a un administrador que lo desbloquee.',
  'Two-factor sign-in unlocked.': 'Acceso en dos pasos desbloqueado.',
  'You left the auth code blank': 'Dejaste en blanco el código de acceso',
  'Choose a different unit to move the customer to.': 'Elige otra unidad a la que mover al cliente.',
  'Choose a file to upload.': 'Elige un archivo para subir.',
  'Choose an image to upload.': 'Elige una imagen para subir.',
  'One of the chosen locations does not exist.': 'Una de las ubicaciones elegidas no existe.',
  'Say which hotel the roster belongs to.': 'Indica a qué hotel pertenece la lista de huéspedes.',
  'The chosen hotel does not exist.': 'El hotel elegido no existe.',
  'The start time is after the end time.': 'La hora de inicio es posterior a la hora de fin.',
  '"Other" is the walk-in choice of the sale wizard and cannot be deleted.':
    '"Other" es la opción de clientes sin hotel del asistente de venta y no se puede eliminar.',
  'You cannot delete yourself.': 'No puedes eliminarte a ti mismo.',
  'Only admins correct transactions.': 'Solo los administradores corrigen transacciones.',
  'Only an admin can delete a daily log.': 'Solo un administrador puede eliminar un registro diario.',
  'This location is not assigned to you.': 'Esta ubicación no está asignada a ti.',
  "Choose the venue's rule, nothing, a deposit or the whole booking.":
    'Elige la regla del local, nada, un depósito o toda la reserva.',
  "Enter the deposit as an amount ('10.00') or a share of the total ('25%'), or leave it blank for the venue's deposit.":
    "Escribe el depósito como un importe ('10.00') o una parte del total ('25%'), o déjalo en blanco para usar el del local.",
  'You can only assign the locations you are assigned to yourself.':
    'Solo puedes asignar las ubicaciones que tienes asignadas.',
  'You cannot change your own role.': 'No puedes cambiar tu propio rol.',
  'Your role does not allow this upload.': 'Tu rol no permite subir esto.',
  'Your role does not allow this.': 'Tu rol no permite esto.',
  'Your role does not allow uploads.': 'Tu rol no permite subir archivos.',
  'Your role does not allow you to give a user this role.': 'Tu rol no te permite dar este rol a un usuario.',
  'Your role does not allow you to manage this user.': 'Tu rol no te permite administrar a este usuario.',
  'No such agent.': 'Ese agente no existe.',
  'No such user.': 'Ese usuario no existe.',
  'That document does not exist.': 'Ese documento no existe.',
  'That hotel does not exist.': 'Ese hotel no existe.',
  'That location does not exist.': 'Esa ubicación no existe.',
  'That log field no longer exists.': 'Ese campo del registro ya no existe.',
  'That note does not exist.': 'Esa nota no existe.',
  'That price does not exist.': 'Ese precio no existe.',
  'That user does not exist.': 'Ese usuario no existe.',
  'Amounts are numbers like 35.00': 'Los montos son números como 35.00',
  'Choose English or Spanish.': 'Elige inglés o español.',
  'Enter the venue name.': 'Escribe el nombre del lugar.',
  'Choose a daily log to delete.': 'Elige un registro diario para eliminar.',
  'Cannot reach the Sandbar server. Check the connection and try again.':
    'No se llega al servidor de Sandbar. Revisa la conexión e inténtalo de nuevo.',
};

/** What the server writes itself: the printed slip and the sign-in code message, per language. */
export const serverTexts = {
  en: {
    slip: {
      receipt: 'Receipt',
      reprint: 'Receipt (REPRINT)',
      invoice: 'Invoice',
      unit: 'Unit',
      payment: 'Payment',
      voucher: 'Voucher',
      retailValue: 'Retail value',
      subTotal: 'Sub total',
      gratuity: (percent: string) => `Gratuity ${percent}%`,
      total: 'Total',
    },
    signInCode: (venue: string, code: string, minutes: string) =>
      `Your ${venue} sign-in code is ${code}. It is valid for ${minutes} minutes.`,
    signInCodeSubject: (venue: string) => `${venue} sign-in code`,
    codeSent: (digits: string, to: string) =>
      `We sent a ${digits}-digit code to ${to}. Enter it below to finish signing in.`,
    notesSheet: {
      title: (day: string) => `Notes / Drops ${day}`,
      todayTotal: "Today's Total",
      cc: 'CC',
      cash: 'Cash',
      roomCharge: 'Room Charge',
      voucher: 'Voucher',
      tips: 'Tips',
      cashOnHand: 'Cash on hand',
      droppedOff: 'Dropped off',
      corrections: 'Corrections to settle',
      deposits: 'Deposits',
      depositKinds: { deposit: 'Taken', refund: 'Refunded', applied: 'Applied', forfeit: 'Kept' },
      void: (amount: string) => `VOID ${amount}`,
      voidReason: (reason: string) => `Void: ${reason}`,
    },
  },
  es: {
    slip: {
      receipt: 'Recibo',
      reprint: 'Recibo (REIMPRESIÓN)',
      invoice: 'Factura',
      unit: 'Unidad',
      payment: 'Pago',
      voucher: 'Cupón',
      retailValue: 'Valor al público',
      subTotal: 'Subtotal',
      gratuity: (percent: string) => `Propina ${percent}%`,
      total: 'Total',
    },
    signInCode: (venue: string, code: string, minutes: string) =>
      `Su código de acceso a ${venue} es ${code}. Vale por ${minutes} minutos.`,
    signInCodeSubject: (venue: string) => `Código de acceso a ${venue}`,
    codeSent: (digits: string, to: string) =>
      `Enviamos un código de ${digits} dígitos a ${to}. Escríbelo abajo para terminar de entrar.`,
    notesSheet: {
      title: (day: string) => `Notas / Entregas ${day}`,
      todayTotal: 'Total de hoy',
      cc: 'Tarjeta',
      cash: 'Efectivo',
      roomCharge: 'Cargo a habitación',
      voucher: 'Cupón',
      tips: 'Propinas',
      cashOnHand: 'Efectivo disponible',
      droppedOff: 'Ya entregado',
      corrections: 'Correcciones a liquidar',
      deposits: 'Depósitos',
      depositKinds: { deposit: 'Cobrado', refund: 'Devuelto', applied: 'Aplicado', forfeit: 'Retenido' },
      void: (amount: string) => `ANULADA ${amount}`,
      voidReason: (reason: string) => `Anulada: ${reason}`,
    },
  },
};

export const reportNamesEs: Translation<typeof reportNames> = {
  sales: 'Ventas',
  salesLocation: 'Ventas por ubicación',
  salesAgent: 'Ventas por agente',
  salesAgentCompetitive: 'Clasificación de agentes',
  hourlySales: 'Ventas por hora',
  move: 'Cambios',
  charge: 'Cargos a la habitación',
  creditCardDaily: 'Tarjeta de crédito diario',
  creditCard: 'Tarjeta de crédito',
  reprint: 'Reimpresiones',
  customPrice: 'Precios especiales',
  agentTip: 'Propinas por agente',
  userLog: 'Registro de usuarios',
  allTransactions: 'Todas las transacciones',
  tip: 'Transacciones con propina',
  creditCardTips: 'Propinas con tarjeta',
  dailyByType: 'Totales diarios',
  reservations: 'Reservas',
  payments: 'Pagos en línea',
};

/**
 * The reports' column headers and row words (the API keeps them in English: screens and CSV
 * files rely on them), in Spanish for display. 'Editable' and 'ID' are never shown.
 */
export const reportWordsEs: Record<string, string> = {
  Time: 'Hora',
  Invoice: 'Factura',
  'Unit(s)': 'Unidad(es)',
  Location: 'Ubicación',
  Agent: 'Agente',
  Method: 'Método',
  Price: 'Precio',
  Tip: 'Propina',
  Tips: 'Propinas',
  Total: 'Total',
  Sales: 'Ventas',
  Units: 'Unidades',
  Rank: 'Puesto',
  Revenue: 'Ingresos',
  Share: 'Porcentaje',
  Hour: 'Hora',
  Customer: 'Cliente',
  From: 'De',
  To: 'A',
  Moves: 'Cambios',
  Hotel: 'Hotel',
  Room: 'Habitación',
  Guest: 'Huésped',
  Amount: 'Monto',
  'Card Transaction': 'Transacción de tarjeta',
  Reprints: 'Reimpresiones',
  List: 'Lista',
  Charged: 'Cobrado',
  Difference: 'Diferencia',
  'Changed By': 'Cambiado por',
  Name: 'Nombre',
  'Sign-ins': 'Entradas',
  'Sign-outs': 'Salidas',
  Actions: 'Acciones',
  What: 'Qué',
  Status: 'Estado',
  Date: 'Fecha',
  Deleted: 'Eliminada',
  'Credit Card': 'Tarjeta de crédito',
  'Room Charge': 'Cargo a habitación',
  Voucher: 'Cupón',
  Cash: 'Efectivo',
  'Nothing recorded for this day.': 'No hay nada registrado este día.',
  // The bookings report (issue 24 point 8)
  Day: 'Día',
  Channel: 'Canal',
  Booked: 'Reservadas',
  'Checked in': 'Llegaron',
  'No-shows': 'No presentadas',
  Cancelled: 'Canceladas',
  'Deposits taken': 'Depósitos cobrados',
  'Deposits applied': 'Depósitos aplicados',
  'Deposits refunded': 'Depósitos devueltos',
  'Deposits forfeited': 'Depósitos retenidos',
  Desk: 'Mostrador',
  Phone: 'Teléfono',
  Online: 'En línea',
  // The payments report (issue 33 point 9)
  Payments: 'Pagos',
  'Paid online': 'Cobrado en línea',
  Refunds: 'Devoluciones',
  Refunded: 'Devuelto',
  Fees: 'Comisiones',
  Net: 'Neto',
  // The daily sales reports' split (issue 35 point 8)
  Kind: 'Tipo',
  Rentals: 'Alquileres',
  'F&B': 'Comida y bebida',
};

/** A report header or row word in a language (unknown words, names and figures stay). */
export function reportWord(word: string, lang: Language): string {
  if (lang !== 'es') return word;
  // A Status cell carries the customer's name after the words (offline.ts, unseatedCell).
  const unseated = `${offlineTexts.unseatedStatus}: `;
  if (word.startsWith(unseated)) return `${offlineTextsEs.unseatedStatus}: ${word.slice(unseated.length)}`;
  if (word === postingTexts.column) return postingTextsEs.column;
  // A Posting cell (issue 34): its first words, then the PMS's reference or message as they are.
  const posting = postingCellIn(word, lang);
  if (posting !== word) return posting;
  return reportWordsEs[word] ?? word;
}

/** "All Transactions 2026-07-04" or "Sandy Room Charges 2026-07-01 to 2026-07-04" in a language. */
export function reportTitleIn(title: string, lang: Language): string {
  if (lang === 'en') return title;
  const m = /^(.*?) (\d{4}-\d{2}-\d{2})(?: to (\d{4}-\d{2}-\d{2}))?$/.exec(title);
  const name = m ? m[1]! : title;
  const days = m ? (m[3] ? `${m[2]} a ${m[3]}` : m[2]!) : '';
  const key = (Object.keys(reportNames) as (keyof typeof reportNames)[]).find((k) => reportNames[k] === name);
  const room = / Room Charges$/.test(name) ? `Cargos a la habitación de ${name.replace(/ Room Charges$/, '')}` : null;
  const named = key ? reportNamesEs[key] : (room ?? name);
  return days ? `${named} ${days}` : named;
}

/** A report with its title, headers and row words in a language (for e-mails; the data stays). */
export function reportIn(data: ReportData, lang: Language): ReportData {
  if (lang === 'en') return data;
  const words = (cells: ReportData['reportRows'][number]) =>
    cells.map((c) => (typeof c === 'string' ? reportWord(c, lang) : c));
  const headers = (h: string[]) => h.map((w) => (w === 'Editable' || w === 'ID' ? w : reportWord(w, lang)));
  return {
    ...data,
    reportTitle: reportTitleIn(data.reportTitle, lang),
    reportHeaders: headers(data.reportHeaders),
    reportRows: data.reportRows.map(words),
    reportFooter: data.reportFooter.map(words),
    ...(data.split ? { split: { headers: headers(data.split.headers), rows: data.split.rows.map(words) } } : {}),
    agents: data.agents.map((g) => ({
      ...g,
      headers: headers(g.headers),
      rows: g.rows.map(words),
      footer: g.footer.map(words),
    })),
  };
}

/** Every text object in both languages, for the parity test and the reverse look-up below. */
export const textPairs = [
  [messages, messagesEs],
  [saleTexts, saleTextsEs],
  [saleBookingTexts, saleBookingTextsEs],
  [dropoffTexts, dropoffTextsEs],
  [correctionValueTexts, correctionValueTextsEs],
  [dailyLogTexts, dailyLogTextsEs],
  [offlineTexts, offlineTextsEs],
  [reportTexts, reportTextsEs],
  [settingsTexts, settingsTextsEs],
  [serverTexts.en, serverTexts.es],
  [reportNames, reportNamesEs],
  [cancelPolicyTexts, cancelPolicyTextsEs],
  [staffWaitlistTexts, staffWaitlistTextsEs],
  [payLinkStaffTexts, payLinkStaffTextsEs],
  [pmsServerTexts, pmsServerTextsEs],
] as const;

type Templ = { literal: number; pattern: RegExp; es: (...args: string[]) => string };
let lookup: { fixed: Map<string, string>; templates: Templ[] } | null = null;

function buildLookup() {
  const fixed = new Map<string, string>(Object.entries(serverPhrasesEs));
  const templates: Templ[] = [];
  const walk = (en: unknown, es: unknown) => {
    if (typeof en === 'string' && typeof es === 'string') {
      if (!fixed.has(en)) fixed.set(en, es);
    } else if (typeof en === 'function' && typeof es === 'function') {
      // Call the English text with markers, then read the arguments back out of a real message.
      const n = en.length;
      const marks = Array.from({ length: n }, (_, i) => `\uE000${i}\uE001`);
      let sample: string;
      try {
        sample = String((en as (...a: string[]) => string)(...marks));
      } catch {
        return;
      }
      if (!marks.every((m) => sample.includes(m))) return;
      const order: number[] = [];
      const source = sample
        .split(/(\uE000\d+\uE001)/)
        .map((part) => {
          const m = /^\uE000(\d+)\uE001$/.exec(part);
          if (m) {
            order.push(Number(m[1]));
            return '([\\s\\S]*?)';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      // A text that is nothing but its values (unitTaken) would match anything.
      const literal = sample.replace(/\uE000\d+\uE001/g, '').trim().length;
      if (literal < 8) return;
      const pattern = new RegExp(`^${source}$`);
      templates.push({
        literal,
        pattern,
        es: (...found: string[]) => {
          const args: string[] = [];
          order.forEach((argIndex, i) => (args[argIndex] = found[i] ?? ''));
          return (es as (...a: string[]) => string)(...args);
        },
      });
    } else if (en && es && typeof en === 'object' && typeof es === 'object') {
      for (const key of Object.keys(en)) {
        walk((en as Record<string, unknown>)[key], (es as Record<string, unknown>)[key]);
      }
    }
  };
  for (const [en, es] of textPairs) walk(en, es);
  // The most specific wording first.
  templates.sort((a, b) => b.literal - a.literal);
  return { fixed, templates };
}

/**
 * A message the server sent (always English: the API's words are the spec's) in the reader's
 * language. A sentence Sandbar does not know stays as it is.
 */
export function translateServerText(text: string, lang: Language): string {
  if (lang === 'en' || !text) return text;
  lookup ??= buildLookup();
  const fixed = lookup.fixed.get(text);
  if (fixed !== undefined) return fixed;
  for (const t of lookup.templates) {
    const m = t.pattern.exec(text);
    if (m) return t.es(...m.slice(1));
  }
  return text;
}

/**
 * Where two translations differ in shape: keys present in one and not the other, a text in one
 * and an object in the other, or arrays of different lengths. [] when they match key for key.
 * Empty strings count as missing.
 */
export function keyDifferences(a: unknown, b: unknown, path = ''): string[] {
  const kind = (v: unknown) =>
    Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'string' && v.trim() === '' ? 'empty' : typeof v;
  const ka = kind(a);
  const kb = kind(b);
  if (ka !== kb) return [`${path || '(root)'}: ${ka} vs ${kb}`];
  if (ka === 'array') {
    const la = (a as unknown[]).length;
    const lb = (b as unknown[]).length;
    if (la !== lb) return [`${path}: ${la} items vs ${lb}`];
    return (a as unknown[]).flatMap((v, i) => keyDifferences(v, (b as unknown[])[i], `${path}[${i}]`));
  }
  if (ka !== 'object') return [];
  const oa = a as Record<string, unknown>;
  const ob = b as Record<string, unknown>;
  const out: string[] = [];
  for (const key of new Set([...Object.keys(oa), ...Object.keys(ob)])) {
    const p = path ? `${path}.${key}` : key;
    if (!(key in oa)) out.push(`${p}: missing in the first`);
    else if (!(key in ob)) out.push(`${p}: missing in the second`);
    else out.push(...keyDifferences(oa[key], ob[key], p));
  }
  return out;
}
