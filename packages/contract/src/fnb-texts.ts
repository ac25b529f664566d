/**
 * Food and drink to the unit (issue 35, decision 350): every word a guest, a bartender, a runner or
 * an admin reads, in English and Spanish, key for key. A leaf module (no zod): the guest's order
 * page is its own light bundle and imports only these texts and the pure helpers below; `fnb.ts`
 * takes the server's answers from `fnbTexts.en.errors`, so a page can put them back into Spanish
 * by `fnbErrorKey`.
 */
import type { Translation } from './translation';

export const fnbLanguages = ['en', 'es'] as const;
export type FnbLanguage = (typeof fnbLanguages)[number];

/** Stations that prepare an item (the station screen `/stations/<station>`). */
export const fnbStations = ['bar', 'kitchen'] as const;
export type FnbStation = (typeof fnbStations)[number];

/**
 * An order's life (decision 350): received → preparing → ready → on_way → delivered, or voided
 * (with a reason) from any state before delivered. The guest's phone shows them in this order.
 */
export const fnbOrderStatuses = ['received', 'preparing', 'ready', 'on_way', 'delivered', 'voided'] as const;
export type FnbOrderStatus = (typeof fnbOrderStatuses)[number];

/** How an order is paid: online now (the payment provider), the hotel room, the unit's tab, paid now at the unit (staff). */
export const fnbPayments = ['online', 'room', 'tab', 'paid'] as const;
export type FnbPayment = (typeof fnbPayments)[number];

/** Allergens a menu item may list (the EU's 14, the ones a beach bar's menu card names). */
export const fnbAllergens = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type FnbAllergen = (typeof fnbAllergens)[number];

/** Limits both sides keep (the page stops where the server would refuse). */
export const fnbLimits = {
  /** Lines in one order, and the quantity of one line. */
  maxLines: 30,
  maxQuantity: 20,
  /** Modifier choices on one line. */
  maxModifiers: 10,
  /** Characters of a line's note or an order's note. */
  maxNote: 200,
  /** A unit's open orders (received … on its way) at once: the guest page's limit per unit. */
  maxOpenOrdersPerUnit: 5,
  /** Guest orders a unit may place in 10 minutes, and one address (IP) in 10 minutes (like the booking page's limits). */
  maxOrdersPerUnitPer10Min: 6,
  maxOrdersPerAddressPer10Min: 12,
  /**
   * Page loads and status reads a minute per address and unit code (like the booking page's
   * reads): the phones at one unit. Counted per code because a club's guest Wi-Fi puts every
   * phone on the beach behind one address; all codes together from one address stop at the second.
   */
  maxReadsPerAddressPerMinute: 240,
  maxReadsPerAddressAllCodesPerMinute: 6_000,
  /** The most one guest order may come to, in cents (a runaway cart, or a script). */
  maxOrderCents: 100_000,
  /** A station's ticket turns amber, then red, when not started after these minutes (Config may change them later). */
  amberMinutes: 5,
  redMinutes: 10,
  /** Wrong last-4 answers for a unit's tab before the tab refuses the guest for 10 minutes. */
  maxTabTries: 5,
} as const;

/** Cents as the guest reads them: "$7.50" (the menu's currency sign is the venue's; dollars until Config has one). */
export function fnbPrice(cents: number, sign = '$'): string {
  const neg = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${neg}${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A name in the page's language, falling back to English when the Spanish is blank. */
export function fnbName(lang: FnbLanguage, en: string, es: string | null | undefined): string {
  return lang === 'es' && es && es.trim() ? es : en;
}

const en = {
  /** The guest's order page, /order/<token>. */
  guest: {
    docTitle: 'Order food and drinks',
    pageTitle: (venue: string) => `Order at ${venue}`,
    yourSpot: (unit: string) => `Delivered to ${unit}`,
    language: 'Language',
    loading: 'Loading…',
    menu: 'Menu',
    allergens: 'Allergens',
    soldOut: 'Sold out',
    notNow: (from: string, to: string) => `Served ${from}–${to}`,
    closed: 'Ordering is closed right now.',
    add: 'Add',
    addWithPrice: (price: string) => `Add — ${price}`,
    choose: 'Choose',
    required: 'Required',
    upTo: (n: number) => `Up to ${n}`,
    note: 'Note for the bar (optional)',
    notePlaceholder: 'No ice, extra lime…',
    quantity: 'Quantity',
    cart: 'Your order',
    cartEmpty: 'Your order is empty. Add something from the menu.',
    remove: 'Remove',
    subtotal: 'Total',
    items: (n: number) => (n === 1 ? '1 item' : `${n} items`),
    viewCart: (n: number, total: string) => `View order (${n}) — ${total}`,
    howToPay: 'How do you want to pay?',
    payOnline: 'Pay now by card',
    payRoom: 'Charge to my hotel room',
    payTab: "Add to this spot's tab",
    roomNumber: 'Room number',
    surname: 'Surname',
    roomHint: 'The beach checks your room and surname with the hotel.',
    tabHint: 'Pay the tab at the end of the day, at the desk or here.',
    tabLast4: 'Last 4 digits of the phone number on the booking',
    tabLast4Hint: 'So only your party adds to your tab.',
    name: 'Your name (optional)',
    placeOrder: (total: string) => `Place order — ${total}`,
    placing: 'Sending your order…',
    toPayment: 'Going to the payment page…',
    orderPlaced: 'Order received!',
    orderNumber: (n: number) => `Order #${n}`,
    statusTitle: 'Your order',
    statuses: {
      received: 'Received',
      preparing: 'Being prepared',
      ready: 'Ready',
      on_way: 'On its way',
      delivered: 'Delivered',
      voided: 'Cancelled',
    },
    statusHint: {
      received: 'The bar has your order.',
      preparing: 'We are making it now.',
      ready: 'Ready: a runner picks it up.',
      on_way: 'A runner is bringing it to your spot.',
      delivered: 'Enjoy!',
      voided: 'This order was cancelled.',
    },
    voidReason: (reason: string) => `Reason: ${reason}`,
    orderAgain: 'Order something else',
    paid: 'Paid',
    onTab: "On your spot's tab",
    onRoom: 'Charged to your room',
    payOnlinePending: 'Waiting for your payment…',
    payOnlineFailed: 'The payment did not go through. Nothing was charged; you can try again.',
    tabTitle: "Your spot's tab",
    tabTotal: (total: string) => `Tab total: ${total}`,
    payTabNow: (total: string) => `Pay the tab now — ${total}`,
    tabSettled: 'Your tab is paid. Thank you!',
    tabShow: 'Show the tab',
    offline: 'No connection. Your order is safe; the page retries by itself.',
    badCode: 'This code no longer works. Please scan the code on your spot again or ask a member of staff.',
    allergyNote: 'Allergies? Tell us in the note or ask a member of staff.',
  },
  /** The printable QR sheet (Admin → Menu → QR codes). */
  qr: {
    sheetTitle: (location: string) => `Order codes — ${location}`,
    scanToOrder: 'Scan to order',
    scanToOrderEs: 'Escanea para pedir',
    rowPosition: (row: number, position: number) => `Row ${row}, spot ${position}`,
    print: 'Print',
    rotate: 'Replace all codes of this location',
    rotateConfirm:
      'Every printed code of this location stops working at once and new codes are made. Print and stick the new sheet. Continue?',
    rotated: (n: number) => `${n} new codes made; the old ones no longer work.`,
    noUnits: 'This location has no units.',
  },
  /** Admin → Menu. */
  admin: {
    title: 'Menu',
    categories: 'Categories',
    items: 'Items',
    addCategory: 'Add category',
    addItem: 'Add item',
    nameEn: 'Name (English)',
    nameEs: 'Name (Spanish)',
    descriptionEn: 'Description (English)',
    descriptionEs: 'Description (Spanish)',
    price: 'Price',
    photo: 'Photo',
    allergens: 'Allergens',
    station: 'Prepared at',
    category: 'Category',
    hours: 'Served from / until',
    hoursAllDay: 'All day',
    sortOrder: 'Order on the menu',
    active: 'On the menu',
    modifiers: 'Choices',
    addModifierGroup: 'Add a choice (size, ice…)',
    modifierGroup: 'Choice',
    modifierOption: 'Option',
    priceDelta: 'Price change',
    minChoices: 'At least',
    maxChoices: 'At most',
    soldOut: 'Sold out (86)',
    soldOutOn: (name: string) => `${name} is sold out on every phone and tablet.`,
    soldOutOff: (name: string) => `${name} is back on the menu.`,
    saved: 'Saved.',
    deleted: 'Deleted.',
    qrCodes: 'QR codes',
  },
  /** The station screen /stations/<station> and the runner view. */
  station: {
    title: { bar: 'Bar', kitchen: 'Kitchen' },
    runner: 'Runner',
    noOrders: 'No open orders.',
    start: 'Start',
    bump: 'Ready',
    delivered: 'Delivered',
    pickUp: 'Pick up',
    waiting: (minutes: number) => (minutes === 1 ? '1 min' : `${minutes} min`),
    forUnit: (unit: string, row: number, position: number) => `${unit} · row ${row}, spot ${position}`,
    guest: (name: string) => `Guest: ${name}`,
    row: (n: number) => `Row ${n}`,
    offlineSince: (time: string) => `Offline since ${time}`,
    soundOn: 'Sound on',
    soundOff: 'Sound off',
    enableSound: 'Tap to turn the sound on',
    newOrder: 'New order',
    otherStation: (station: string) => `Also at: ${station}`,
    voided: 'Cancelled',
  },
  /** Staff: the unit's Order action and its tab. */
  staff: {
    order: 'Order',
    orderFor: (unit: string) => `Order for ${unit}`,
    toTab: "To the unit's tab",
    toRoom: 'Charge to the room',
    paidNow: 'Paid now',
    send: 'Send to the bar',
    sent: 'Sent to the stations.',
    tab: 'Tab',
    tabOf: (unit: string) => `Tab — ${unit}`,
    openTabs: 'Open tabs',
    noTab: 'This unit has no tab today.',
    settle: 'Settle the tab',
    settled: 'Tab settled.',
    tabPaid: (total: string) => `Tab paid: ${total}`,
    void: 'Void',
    voidReason: 'Reason for the void',
    voided: 'Order voided.',
    onItsWay: 'On its way',
    markOnWay: 'On its way',
    queuedOffline: 'No connection: the order is kept on this tablet and sent when the connection returns.',
  },
  /** Needs attention and the reports. */
  reports: {
    openTabsTitle: 'Tabs still open',
    openTabs: (n: number, day: string) =>
      n === 1 ? `1 tab from ${day} is still open.` : `${n} tabs from ${day} are still open.`,
    fnbSales: 'F&B sales',
    rentals: 'Rentals',
    fnb: 'Food & drink',
    together: 'Together',
    byItem: 'By item',
    byCategory: 'By category',
    byStation: 'By station',
    byHour: 'By hour',
    byServer: 'By server',
    voids: 'Voids',
    quantity: 'Qty',
    amount: 'Amount',
    reason: 'Reason',
  },
  /** The allergens' names (the menu card, the admin form, the staff Order). */
  allergenNames: {
    gluten: 'Gluten',
    crustaceans: 'Crustaceans',
    eggs: 'Eggs',
    fish: 'Fish',
    peanuts: 'Peanuts',
    soy: 'Soy',
    milk: 'Milk',
    nuts: 'Tree nuts',
    celery: 'Celery',
    mustard: 'Mustard',
    sesame: 'Sesame',
    sulphites: 'Sulphites',
    lupin: 'Lupin',
    molluscs: 'Molluscs',
  },
  /** Staff screens' buttons and labels (Admin → Menu, the QR sheet, the report, Config's link). */
  common: {
    save: 'Save',
    cancel: 'Cancel',
    edit: 'Edit',
    delete: 'Delete',
    deleteConfirm: (name: string) => `Delete ${name}?`,
    name: 'Name',
    location: 'Location',
    from: 'From',
    to: 'To',
    menuLink: 'Menu (food & drink)',
  },
  /** Online refunds (decisions 368, 369): staff's refund of money paid online, and refunds owed. */
  refunds: {
    title: 'Online refunds not done',
    owed: (what: string, amount: string, error: string) => `${what}: ${amount} — ${error}`,
    order: (n: number) => `Order #${n}`,
    tab: (unit: string, day: string) => `Tab ${unit} (${day})`,
    retry: 'Retry',
    waiting: 'Waiting for the payment provider',
    refund: 'Refund online',
    refundOf: (what: string) => `Refund — ${what}`,
    paidOnline: (amount: string) => `Paid online: ${amount}`,
    amount: 'Amount to refund',
    reason: 'Reason for the refund',
    send: 'Refund',
    needsReason: 'Give a reason for the refund.',
    orderOrTab: 'Name the order or the tab to refund.',
    refunded: (amount: string) => `${amount} refunded to the guest's card.`,
    queued: (amount: string) =>
      `${amount} to refund: the payment provider has not accepted it yet. It is tried again and listed on Needs attention.`,
    notOnline: 'Only money paid online is refunded here; correct other sales on the reports.',
    tooMuch: (left: string) => `At most ${left} of this can still be refunded.`,
    nothingLeft: 'Everything paid online here was already refunded.',
    notOwed: 'This refund is already done or on its way.',
    notFound: 'That refund does not exist.',
    voidNotRefunded: 'Its card payment could not be refunded yet: it is tried again and listed on Needs attention.',
    pastTabRole: 'A tab from an earlier day is settled by a supervisor or a manager.',
    settleOld: 'Settle',
  },
  /** Every refusal the server sends for F&B (the page shows it, in Spanish by its key). */
  errors: {
    badToken: 'This code no longer works. Please scan the code on your spot again or ask a member of staff.',
    unitNotSold:
      'This spot has no booking under a name today, so there is no tab. Pay by card or ask a member of staff.',
    itemUnknown: 'That item is no longer on the menu. Remove it from your order.',
    itemSoldOut: (name: string) => `Sorry, ${name} just sold out. Remove it from your order to continue.`,
    itemNotNow: (name: string) => `${name} is not served at this hour. Remove it from your order to continue.`,
    modifierUnknown: (name: string) => `A choice for ${name} is no longer offered. Choose again.`,
    modifierMissing: (name: string, group: string) => `Choose the ${group} for ${name}.`,
    modifierTooMany: (name: string, group: string, max: number) => `Choose at most ${max} for ${group} (${name}).`,
    totalChanged: (total: string) =>
      `The prices changed: your order now comes to ${total}. Check it and send it again.`,
    tooMuch: 'This order is too large for one order. Split it, or ask a member of staff.',
    cartEmpty: 'Add something to your order first.',
    tooManyOpen: 'This spot already has several orders on their way. Please wait for them before ordering more.',
    tooFast: 'Too many orders from this spot. Please wait a few minutes or ask a member of staff.',
    tooManyReads: 'Too many requests from this connection. Wait a minute and try again.',
    tabLast4Wrong: "Those digits do not match the booking's phone number.",
    tabLast4Locked: 'Too many tries. Ask a member of staff to add it to your tab.',
    tabNoPhone: 'The booking has no phone number. Ask a member of staff to add it to your tab.',
    roomGuestNotFound: 'No guest with that surname is staying in that room. Check the room, or pay another way.',
    roomNeedsGuest: 'Enter your room number and surname.',
    roomNoHotel: 'Room charges are not available at this spot today. Pay another way.',
    onlineUnavailable: 'Card payment is not available right now. Choose another way to pay.',
    orderNotFound: 'That order does not exist.',
    wrongStation: 'This order has nothing for this station.',
    statusMove: (from: string, to: string) => `This order is ${from}; it cannot be marked ${to}.`,
    alreadyVoided: 'This order was already voided.',
    voidDelivered: 'A delivered order cannot be voided; correct the sale on the reports instead.',
    voidNeedsReason: 'Give a reason for the void.',
    tabNotFound: 'That tab does not exist.',
    tabSettled: 'This tab is already settled.',
    tabEmpty: 'This tab has nothing to pay.',
    tabTotalChanged: (total: string) => `The tab now comes to ${total}. Check it and settle again.`,
    tabHasOpenOrders:
      'Orders on this tab are still being prepared or delivered; settle it once they are delivered or voided.',
    notYourLocation: 'This unit is in a location that is not assigned to you.',
    unitNotFound: 'No such unit.',
    categoryNotFound: 'That category does not exist.',
    categoryInUse: 'This category still has items. Move or delete them first.',
    menuItemNotFound: 'That menu item does not exist.',
    nameBlank: 'Enter a name.',
    priceInvalid: 'Enter a price like 7.50.',
    hoursInvalid: 'The serving hours end after they start (like 11 to 16).',
    modifierRange: 'At most is at least as many as at least.',
    photoInvalid: 'The photo is an uploaded image or an https address.',
    locationNotFound: 'No such location.',
  },
} as const;

export type FnbTexts = Translation<typeof en>;

const es: FnbTexts = {
  guest: {
    docTitle: 'Pide comida y bebida',
    pageTitle: (venue: string) => `Pide en ${venue}`,
    yourSpot: (unit: string) => `Te lo llevamos a ${unit}`,
    language: 'Idioma',
    loading: 'Cargando…',
    menu: 'Carta',
    allergens: 'Alérgenos',
    soldOut: 'Agotado',
    notNow: (from: string, to: string) => `Se sirve de ${from} a ${to}`,
    closed: 'Ahora no se aceptan pedidos.',
    add: 'Añadir',
    addWithPrice: (price: string) => `Añadir — ${price}`,
    choose: 'Elige',
    required: 'Obligatorio',
    upTo: (n: number) => `Hasta ${n}`,
    note: 'Nota para la barra (opcional)',
    notePlaceholder: 'Sin hielo, más lima…',
    quantity: 'Cantidad',
    cart: 'Tu pedido',
    cartEmpty: 'Tu pedido está vacío. Añade algo de la carta.',
    remove: 'Quitar',
    subtotal: 'Total',
    items: (n: number) => (n === 1 ? '1 artículo' : `${n} artículos`),
    viewCart: (n: number, total: string) => `Ver pedido (${n}) — ${total}`,
    howToPay: '¿Cómo quieres pagar?',
    payOnline: 'Pagar ahora con tarjeta',
    payRoom: 'Cargar a mi habitación del hotel',
    payTab: 'Añadir a la cuenta de este sitio',
    roomNumber: 'Número de habitación',
    surname: 'Apellido',
    roomHint: 'La playa comprueba tu habitación y apellido con el hotel.',
    tabHint: 'Paga la cuenta al final del día, en el mostrador o aquí.',
    tabLast4: 'Últimos 4 dígitos del teléfono de la reserva',
    tabLast4Hint: 'Así solo tu grupo añade a tu cuenta.',
    name: 'Tu nombre (opcional)',
    placeOrder: (total: string) => `Hacer el pedido — ${total}`,
    placing: 'Enviando tu pedido…',
    toPayment: 'Vamos a la página de pago…',
    orderPlaced: '¡Pedido recibido!',
    orderNumber: (n: number) => `Pedido n.º ${n}`,
    statusTitle: 'Tu pedido',
    statuses: {
      received: 'Recibido',
      preparing: 'En preparación',
      ready: 'Listo',
      on_way: 'En camino',
      delivered: 'Entregado',
      voided: 'Cancelado',
    },
    statusHint: {
      received: 'La barra tiene tu pedido.',
      preparing: 'Lo estamos preparando.',
      ready: 'Listo: un camarero lo recoge.',
      on_way: 'Un camarero lo lleva a tu sitio.',
      delivered: '¡Que lo disfrutes!',
      voided: 'Este pedido se canceló.',
    },
    voidReason: (reason: string) => `Motivo: ${reason}`,
    orderAgain: 'Pedir algo más',
    paid: 'Pagado',
    onTab: 'En la cuenta de tu sitio',
    onRoom: 'Cargado a tu habitación',
    payOnlinePending: 'Esperando tu pago…',
    payOnlineFailed: 'El pago no se completó. No se ha cobrado nada; puedes intentarlo de nuevo.',
    tabTitle: 'La cuenta de tu sitio',
    tabTotal: (total: string) => `Total de la cuenta: ${total}`,
    payTabNow: (total: string) => `Pagar la cuenta ahora — ${total}`,
    tabSettled: 'Tu cuenta está pagada. ¡Gracias!',
    tabShow: 'Ver la cuenta',
    offline: 'Sin conexión. Tu pedido está a salvo; la página lo reintenta sola.',
    badCode: 'Este código ya no funciona. Escanea de nuevo el código de tu sitio o pregunta al personal.',
    allergyNote: '¿Alergias? Dínoslo en la nota o pregunta al personal.',
  },
  qr: {
    sheetTitle: (location: string) => `Códigos para pedir — ${location}`,
    scanToOrder: 'Scan to order',
    scanToOrderEs: 'Escanea para pedir',
    rowPosition: (row: number, position: number) => `Fila ${row}, sitio ${position}`,
    print: 'Imprimir',
    rotate: 'Cambiar todos los códigos de esta ubicación',
    rotateConfirm:
      'Todos los códigos impresos de esta ubicación dejan de funcionar al momento y se crean otros nuevos. Imprime y pega la hoja nueva. ¿Continuar?',
    rotated: (n: number) => `${n} códigos nuevos; los anteriores ya no funcionan.`,
    noUnits: 'Esta ubicación no tiene sitios.',
  },
  admin: {
    title: 'Carta',
    categories: 'Categorías',
    items: 'Productos',
    addCategory: 'Añadir categoría',
    addItem: 'Añadir producto',
    nameEn: 'Nombre (inglés)',
    nameEs: 'Nombre (español)',
    descriptionEn: 'Descripción (inglés)',
    descriptionEs: 'Descripción (español)',
    price: 'Precio',
    photo: 'Foto',
    allergens: 'Alérgenos',
    station: 'Se prepara en',
    category: 'Categoría',
    hours: 'Se sirve desde / hasta',
    hoursAllDay: 'Todo el día',
    sortOrder: 'Orden en la carta',
    active: 'En la carta',
    modifiers: 'Opciones',
    addModifierGroup: 'Añadir una opción (tamaño, hielo…)',
    modifierGroup: 'Opción',
    modifierOption: 'Variante',
    priceDelta: 'Cambio de precio',
    minChoices: 'Al menos',
    maxChoices: 'Como máximo',
    soldOut: 'Agotado (86)',
    soldOutOn: (name: string) => `${name} aparece agotado en todos los móviles y tabletas.`,
    soldOutOff: (name: string) => `${name} vuelve a estar en la carta.`,
    saved: 'Guardado.',
    deleted: 'Eliminado.',
    qrCodes: 'Códigos QR',
  },
  station: {
    title: { bar: 'Barra', kitchen: 'Cocina' },
    runner: 'Camarero',
    noOrders: 'No hay pedidos abiertos.',
    start: 'Empezar',
    bump: 'Listo',
    delivered: 'Entregado',
    pickUp: 'Recoger',
    waiting: (minutes: number) => (minutes === 1 ? '1 min' : `${minutes} min`),
    forUnit: (unit: string, row: number, position: number) => `${unit} · fila ${row}, sitio ${position}`,
    guest: (name: string) => `Cliente: ${name}`,
    row: (n: number) => `Fila ${n}`,
    offlineSince: (time: string) => `Sin conexión desde las ${time}`,
    soundOn: 'Sonido activado',
    soundOff: 'Sonido desactivado',
    enableSound: 'Toca para activar el sonido',
    newOrder: 'Pedido nuevo',
    otherStation: (station: string) => `También en: ${station}`,
    voided: 'Cancelado',
  },
  staff: {
    order: 'Pedido',
    orderFor: (unit: string) => `Pedido para ${unit}`,
    toTab: 'A la cuenta del sitio',
    toRoom: 'Cargar a la habitación',
    paidNow: 'Pagado ahora',
    send: 'Enviar a la barra',
    sent: 'Enviado a las estaciones.',
    tab: 'Cuenta',
    tabOf: (unit: string) => `Cuenta — ${unit}`,
    openTabs: 'Cuentas abiertas',
    noTab: 'Este sitio no tiene cuenta hoy.',
    settle: 'Cobrar la cuenta',
    settled: 'Cuenta cobrada.',
    tabPaid: (total: string) => `Cuenta pagada: ${total}`,
    void: 'Anular',
    voidReason: 'Motivo de la anulación',
    voided: 'Pedido anulado.',
    onItsWay: 'En camino',
    markOnWay: 'En camino',
    queuedOffline: 'Sin conexión: el pedido se guarda en esta tableta y se envía cuando vuelva la conexión.',
  },
  reports: {
    openTabsTitle: 'Cuentas aún abiertas',
    openTabs: (n: number, day: string) =>
      n === 1 ? `1 cuenta del ${day} sigue abierta.` : `${n} cuentas del ${day} siguen abiertas.`,
    fnbSales: 'Ventas de comida y bebida',
    rentals: 'Alquileres',
    fnb: 'Comida y bebida',
    together: 'En total',
    byItem: 'Por producto',
    byCategory: 'Por categoría',
    byStation: 'Por estación',
    byHour: 'Por hora',
    byServer: 'Por camarero',
    voids: 'Anulaciones',
    quantity: 'Cant.',
    amount: 'Importe',
    reason: 'Motivo',
  },
  allergenNames: {
    gluten: 'Gluten',
    crustaceans: 'Crustáceos',
    eggs: 'Huevos',
    fish: 'Pescado',
    peanuts: 'Cacahuetes',
    soy: 'Soja',
    milk: 'Leche',
    nuts: 'Frutos de cáscara',
    celery: 'Apio',
    mustard: 'Mostaza',
    sesame: 'Sésamo',
    sulphites: 'Sulfitos',
    lupin: 'Altramuces',
    molluscs: 'Moluscos',
  },
  common: {
    save: 'Guardar',
    cancel: 'Cancelar',
    edit: 'Editar',
    delete: 'Eliminar',
    deleteConfirm: (name: string) => `¿Eliminar ${name}?`,
    name: 'Nombre',
    location: 'Ubicación',
    from: 'Desde',
    to: 'Hasta',
    menuLink: 'Carta (comida y bebida)',
  },
  refunds: {
    title: 'Devoluciones en línea pendientes',
    owed: (what: string, amount: string, error: string) => `${what}: ${amount} — ${error}`,
    order: (n: number) => `Pedido n.º ${n}`,
    tab: (unit: string, day: string) => `Cuenta ${unit} (${day})`,
    retry: 'Reintentar',
    waiting: 'Esperando al proveedor de pagos',
    refund: 'Devolver en línea',
    refundOf: (what: string) => `Devolución — ${what}`,
    paidOnline: (amount: string) => `Pagado en línea: ${amount}`,
    amount: 'Importe a devolver',
    reason: 'Motivo de la devolución',
    send: 'Devolver',
    needsReason: 'Indica el motivo de la devolución.',
    orderOrTab: 'Indica el pedido o la cuenta que se devuelve.',
    refunded: (amount: string) => `${amount} devueltos a la tarjeta del cliente.`,
    queued: (amount: string) =>
      `${amount} por devolver: el proveedor de pagos aún no lo ha aceptado. Se reintenta y aparece en Requiere atención.`,
    notOnline: 'Aquí solo se devuelve lo pagado en línea; corrige las demás ventas en los informes.',
    tooMuch: (left: string) => `Como máximo se pueden devolver ${left}.`,
    nothingLeft: 'Todo lo pagado en línea aquí ya se devolvió.',
    notOwed: 'Esta devolución ya está hecha o en curso.',
    notFound: 'Esa devolución no existe.',
    voidNotRefunded: 'Su pago con tarjeta aún no se pudo devolver: se reintenta y aparece en Requiere atención.',
    pastTabRole: 'Una cuenta de un día anterior la cobra un supervisor o un encargado.',
    settleOld: 'Cobrar',
  },
  errors: {
    badToken: 'Este código ya no funciona. Escanea de nuevo el código de tu sitio o pregunta al personal.',
    unitNotSold:
      'Este sitio no tiene hoy una reserva a nombre de nadie, así que no hay cuenta. Paga con tarjeta o pregunta al personal.',
    itemUnknown: 'Ese producto ya no está en la carta. Quítalo de tu pedido.',
    itemSoldOut: (name: string) => `Lo sentimos, ${name} se acaba de agotar. Quítalo de tu pedido para continuar.`,
    itemNotNow: (name: string) => `${name} no se sirve a esta hora. Quítalo de tu pedido para continuar.`,
    modifierUnknown: (name: string) => `Una opción de ${name} ya no se ofrece. Elige de nuevo.`,
    modifierMissing: (name: string, group: string) => `Elige ${group} para ${name}.`,
    modifierTooMany: (name: string, group: string, max: number) => `Elige como máximo ${max} en ${group} (${name}).`,
    totalChanged: (total: string) =>
      `Los precios han cambiado: tu pedido suma ahora ${total}. Revísalo y envíalo de nuevo.`,
    tooMuch: 'Este pedido es demasiado grande. Divídelo o pregunta al personal.',
    cartEmpty: 'Añade algo a tu pedido primero.',
    tooManyOpen: 'Este sitio ya tiene varios pedidos en camino. Espera a que lleguen antes de pedir más.',
    tooFast: 'Demasiados pedidos desde este sitio. Espera unos minutos o pregunta al personal.',
    tooManyReads: 'Demasiadas solicitudes desde esta conexión. Espera un minuto y vuelve a intentarlo.',
    tabLast4Wrong: 'Esos dígitos no coinciden con el teléfono de la reserva.',
    tabLast4Locked: 'Demasiados intentos. Pide al personal que lo añada a tu cuenta.',
    tabNoPhone: 'La reserva no tiene teléfono. Pide al personal que lo añada a tu cuenta.',
    roomGuestNotFound:
      'No hay ningún huésped con ese apellido en esa habitación. Revisa la habitación o paga de otra forma.',
    roomNeedsGuest: 'Escribe tu número de habitación y tu apellido.',
    roomNoHotel: 'Hoy no se puede cargar a la habitación desde este sitio. Paga de otra forma.',
    onlineUnavailable: 'Ahora no se puede pagar con tarjeta. Elige otra forma de pago.',
    orderNotFound: 'Ese pedido no existe.',
    wrongStation: 'Este pedido no tiene nada para esta estación.',
    statusMove: (from: string, to: string) => `Este pedido está ${from}; no se puede marcar ${to}.`,
    alreadyVoided: 'Este pedido ya estaba anulado.',
    voidDelivered: 'Un pedido entregado no se puede anular; corrige la venta en los informes.',
    voidNeedsReason: 'Indica el motivo de la anulación.',
    tabNotFound: 'Esa cuenta no existe.',
    tabSettled: 'Esta cuenta ya está cobrada.',
    tabEmpty: 'Esta cuenta no tiene nada que pagar.',
    tabTotalChanged: (total: string) => `La cuenta suma ahora ${total}. Revísala y cóbrala de nuevo.`,
    tabHasOpenOrders:
      'Hay pedidos de esta cuenta aún en preparación o en camino; cóbrala cuando se entreguen o se anulen.',
    notYourLocation: 'Este sitio está en una ubicación que no tienes asignada.',
    unitNotFound: 'Ese sitio no existe.',
    categoryNotFound: 'Esa categoría no existe.',
    categoryInUse: 'Esta categoría aún tiene productos. Muévelos o elimínalos primero.',
    menuItemNotFound: 'Ese producto no existe.',
    nameBlank: 'Escribe un nombre.',
    priceInvalid: 'Escribe un precio como 7.50.',
    hoursInvalid: 'El horario termina después de empezar (por ejemplo, de 11 a 16).',
    modifierRange: '«Como máximo» es al menos tanto como «al menos».',
    photoInvalid: 'La foto es una imagen subida o una dirección https.',
    locationNotFound: 'Esa ubicación no existe.',
  },
};

export const fnbTexts = { en, es } as const;
export const fnbTextsIn = (lang: string): FnbTexts => (lang === 'es' ? es : en);

/** An item's allergens by name in the page's language, in the menu card's order: "Fish, Gluten". */
export function fnbAllergenNames(t: FnbTexts, allergens: readonly string[]): string {
  return fnbAllergens
    .filter((a) => allergens.includes(a))
    .map((a) => t.allergenNames[a])
    .join(', ');
}

/**
 * A server refusal's key, so a page can show its Spanish: the English answer is compared with each
 * error (functions by their fixed start). Null when the answer is not an F&B refusal.
 */
export function fnbErrorKey(details: string): keyof typeof en.errors | null {
  for (const [key, value] of Object.entries(en.errors)) {
    if (typeof value === 'string') {
      if (value === details) return key as keyof typeof en.errors;
    }
  }
  return null;
}
