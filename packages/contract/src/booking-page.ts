/**
 * The guest's booking page (issue 24 point 4): its words in English and Spanish, key for key.
 * This file imports no schema (no zod): the page is its own light bundle and takes only these
 * texts and the pure money rule from the contract. `reservations.ts` takes the guest-facing server
 * answers from `guestBookingTexts.en.errors`, so the page can put them back into Spanish.
 */
import type { Translation } from './translation';

export const guestLanguages = ['en', 'es'] as const;
export type GuestLanguage = (typeof guestLanguages)[number];

const en = {
  docTitle: 'Book a spot',
  pageTitle: (venue: string) => `Book a spot at ${venue}`,
  language: 'Language',
  loading: 'Loading…',
  day: 'Day',
  location: 'Place',
  window: 'Time',
  windows: { full: 'Full day', morning: 'Morning', afternoon: 'Afternoon' },
  legend: 'Key',
  free: 'Free',
  taken: 'Taken',
  chosen: 'Chosen',
  notBookable: 'Not bookable',
  /** A unit in a row the venue keeps for walk-ins (issue 24 point 5): not taken, just not online. */
  walkIn: 'Walk-in only',
  row: (n: number) => `Row ${n}`,
  unit: (location: string, label: string) => `${location} ${label}`,
  chooseUnits: (max: number) => `Tap free spots to choose them (up to ${max}).`,
  /** Under a grid wider than the phone: the rows go on past the screen's edge. */
  moreToTheSide: 'More spots to the right: swipe the rows sideways.',
  maxReached: (max: number) => `A booking holds at most ${max} spots.`,
  noUnits: 'Nothing can be booked online here. Please ask at the beach.',
  noneFree: 'Everything is taken on this day. Try another day or place.',
  prices: 'Prices',
  priceHours: (from: number, to: number) => `${from}:00–${to}:00`,
  unitTypes: {
    U: 'Umbrella',
    C: 'Cabana',
    B: 'Day bed',
    X: 'Chair',
    P: 'Pier',
    T: 'Tower',
  } as Record<string, string>,
  payAtArrival: 'Pay at arrival: nothing is charged now.',
  depositOnlineNote: 'A deposit is paid online when you book; the rest at arrival.',
  fullOnlineNote: 'The whole booking is paid online when you book.',
  yourDetails: 'Your details',
  chosenUnits: (units: string) => `Your choice: ${units}`,
  name: 'Your name',
  contact: 'Mobile number or e-mail',
  contactHint: 'We send your confirmation and a link to view or cancel here.',
  partySize: 'People',
  arrival: 'Arrival time (optional)',
  extras: 'Extras (optional)',
  extrasShort: 'Extras',
  extrasHint: 'Ready for you when you arrive; paid at arrival with your spot.',
  extra: (name: string, price: string) => `${name} — ${price}`,
  chosenExtras: (names: string) => `Extras: ${names}`,
  rate: 'Rate',
  regularRate: 'Regular rate',
  hotelRate: (hotel: string) => `Guest of ${hotel}`,
  hotelExtras: (hotel: string) => `Extras for ${hotel} guests (optional)`,
  hotelRateHint: 'Hotel guests give their room and surname; the beach checks them with the hotel.',
  roomNumber: 'Room number',
  surname: 'Surname',
  hotelRates: (hotel: string) => `Guests of ${hotel}`,
  policy: 'Booking policy',
  acceptPolicy: 'I accept the booking policy',
  book: (count: number) => (count === 1 ? 'Book 1 spot' : `Book ${count} spots`),
  booking: 'Booking…',
  nameBlank: 'Enter your name.',
  contactBlank: 'Enter a mobile number or an e-mail address.',
  contactInvalid: 'Enter a mobile number like 305 555 0123 or an e-mail like ana@example.com.',
  policyBlank: 'Please accept the booking policy.',
  chooseFirst: 'Choose at least one spot.',
  booked: 'You are booked!',
  held: 'Request received!',
  heldNote: 'The beach confirms your booking shortly; you will hear from us.',
  sentTo: (contact: string) => `We sent the confirmation to ${contact}.`,
  manageLink: 'View or cancel your booking',
  bookAnother: 'Book something else',
  // The manage page (/book/manage/<token>)
  manageTitle: 'Your booking',
  status: 'Status',
  statuses: {
    held: 'Waiting for the beach to confirm',
    confirmed: 'Confirmed',
    checked_in: 'Checked in',
    no_show: 'Released (no-show)',
    cancelled: 'Cancelled',
  },
  /** A held booking whose payment is due says so, not "waiting for the beach" (issue 33). */
  awaitingPayment: 'Waiting for your payment',
  units: 'Spots',
  guest: 'Name',
  party: (n: number) => (n === 1 ? '1 person' : `${n} people`),
  cancelBooking: 'Cancel booking',
  cancelSure: 'Cancel this booking? The spots go back on sale.',
  cancelYes: 'Yes, cancel',
  cancelNo: 'Keep it',
  /** Before confirming a cancel (issue 24 point 2): what the venue's cut-off does to a deposit. */
  cancelRefund: (amount: string, cutoff: string) =>
    `Cancelled now, before the cut-off (${cutoff}), your deposit of ${amount} is refunded.`,
  cancelForfeit: (amount: string, cutoff: string) =>
    `The cut-off has passed (${cutoff}): cancelled now, the venue keeps your deposit of ${amount}.`,
  cancelled: 'Your booking is cancelled.',
  cannotCancel: 'This booking can no longer be cancelled online.',
  retry: 'Try again',
  offline: 'No connection. Check your signal and try again.',
  /** What the server may answer a guest (reservations.ts uses these very strings). */
  errors: {
    tooMany: 'Too many requests. Please wait a little and try again.',
    notOnline: 'This location cannot be booked online. Please ask at the beach.',
    policyNotAccepted: 'Please accept the booking policy.',
    linkExpired: 'This link has expired or is not valid.',
    unitGone: 'One of these units was just booked. Please choose another.',
    dayPast: 'That day has passed: book today or a later day.',
    invalidPhone: 'Enter a valid mobile number, like 305 555 0123.',
    invalidEmail: 'Enter a valid e-mail address.',
    server: 'Something went wrong. Please try again.',
    offerGone: 'This offer has run out or was taken. You are no longer on the waitlist for it.',
    waitlistTwice: 'You are already on the waitlist for this day.',
    walkInRow: 'One of these spots is kept for guests who walk in. Please choose a spot marked free.',
    hotelGuestNotFound:
      'We could not find a guest with that surname in that room. Check both, or book at the regular rate.',
    hotelNeedsGuest: 'Enter your room number and surname for the hotel rate.',
    itemNotOffered: 'One of the extras is not offered for these spots. Please choose again.',
    dayTooFar: 'Bookings are not open for that day yet. Please choose an earlier day.',
    unitTypeNone: 'There are no spots of that kind here. Please choose another kind.',
    freeSpots: 'There are free spots: book one.',
    checkedIn: 'This booking is already checked in, so it can no longer be cancelled.',
    payLinkClosed: 'This payment link is no longer open. Please call the beach.',
    payLinkUnavailable:
      'Online payment is not available right now. Your spots stay held for you: please try again in a few minutes.',
  },
  // The waitlist (issue 24 point 7)
  waitlistTitle: 'Join the waitlist',
  waitlistHint: (minutes: number) =>
    `When a spot here frees up on this day, the first guest waiting gets a text or e-mail with a link to keep it within ${minutes} minutes.`,
  waitlistJoin: 'Join the waitlist',
  waitlistOpen: 'Nothing free? Join the waitlist',
  anyType: 'Any',
  unitType: 'Kind of spot',
  waitlisted: 'You are on the waitlist',
  waitlistedNote: (position: number) =>
    position === 1 ? 'You are first in line.' : `${position - 1} guests asked before you.`,
  offerTitle: 'A spot is free for you',
  offerKeepBy: (time: string) => `It is held for you until ${time}.`,
  keepIt: 'Keep this spot',
  kept: 'It is yours: your booking is confirmed.',
  // Online payment (issue 33)
  payDue: (amount: string, minutes: number) =>
    `To book, pay ${amount} now online. Your spots are held for ${minutes} minutes while you pay.`,
  payDueFull: (amount: string, minutes: number) =>
    `To book, pay the whole ${amount} now online. Your spots are held for ${minutes} minutes while you pay.`,
  payRefundShare: (percent: number) =>
    percent >= 100
      ? 'Cancel before the cut-off and all of it comes back to your card.'
      : `Cancel before the cut-off and ${percent}% of it comes back to your card.`,
  goingToPay: 'Taking you to the payment page…',
  confirming: 'Confirming your payment…',
  confirmingNote: 'This takes a moment. The page updates by itself.',
  paidTitle: 'Paid and booked!',
  paidNote: (amount: string) => `We received your payment of ${amount}. This page is your receipt.`,
  notPaid: 'Payment not completed: your spots were released.',
  declined: 'Your payment was declined: your spots were released.',
  payNow: (amount: string) => `Pay ${amount}`,
  payment: 'Payment',
  paidLine: (amount: string) => `Paid online: ${amount}`,
  refundedLine: (amount: string) => `Refunded to your card: ${amount}`,
  refundPendingLine: (amount: string) => `Refund on its way: ${amount}`,
  latePayment: 'Your payment arrived after the hold ran out; it was refunded in full.',
  // Pay by link (issue 33 point 7): the beach booked by phone and sent this page to pay.
  payLinkHeld: (amount: string, time: string) =>
    `Your spots are held for you until ${time}. Pay ${amount} to confirm your booking.`,
  payLinkNotYet: (time: string) => `Payment not completed. You can try again until ${time}.`,
};

const es: Translation<typeof en> = {
  docTitle: 'Reserva tu sitio',
  pageTitle: (venue: string) => `Reserva tu sitio en ${venue}`,
  language: 'Idioma',
  loading: 'Cargando…',
  day: 'Día',
  location: 'Zona',
  window: 'Horario',
  windows: { full: 'Día completo', morning: 'Mañana', afternoon: 'Tarde' },
  legend: 'Leyenda',
  free: 'Libre',
  taken: 'Ocupado',
  chosen: 'Elegido',
  notBookable: 'No reservable',
  walkIn: 'Solo en la playa',
  row: (n: number) => `Fila ${n}`,
  unit: (location: string, label: string) => `${location} ${label}`,
  chooseUnits: (max: number) => `Toca los sitios libres para elegirlos (hasta ${max}).`,
  moreToTheSide: 'Hay más sitios a la derecha: desliza las filas hacia un lado.',
  maxReached: (max: number) => `Una reserva tiene como máximo ${max} sitios.`,
  noUnits: 'Aquí no se puede reservar en línea. Pregunta en la playa.',
  noneFree: 'Todo está ocupado este día. Prueba otro día u otra zona.',
  prices: 'Precios',
  priceHours: (from: number, to: number) => `${from}:00–${to}:00`,
  unitTypes: {
    U: 'Sombrilla',
    C: 'Cabaña',
    B: 'Cama balinesa',
    X: 'Silla',
    P: 'Muelle',
    T: 'Torre',
  } as Record<string, string>,
  payAtArrival: 'Pagas al llegar: ahora no se cobra nada.',
  depositOnlineNote: 'Al reservar pagas un depósito en línea; el resto al llegar.',
  fullOnlineNote: 'Al reservar pagas en línea toda la reserva.',
  yourDetails: 'Tus datos',
  chosenUnits: (units: string) => `Tu elección: ${units}`,
  name: 'Tu nombre',
  contact: 'Móvil o correo electrónico',
  contactHint: 'Aquí te enviamos la confirmación y un enlace para verla o cancelarla.',
  partySize: 'Personas',
  arrival: 'Hora de llegada (opcional)',
  extras: 'Extras (opcional)',
  extrasShort: 'Extras',
  extrasHint: 'Te esperan a tu llegada; se pagan al llegar con tu sitio.',
  extra: (name: string, price: string) => `${name} — ${price}`,
  chosenExtras: (names: string) => `Extras: ${names}`,
  rate: 'Tarifa',
  regularRate: 'Tarifa normal',
  hotelRate: (hotel: string) => `Huésped de ${hotel}`,
  hotelExtras: (hotel: string) => `Extras para huéspedes de ${hotel} (opcional)`,
  hotelRateHint: 'Los huéspedes de hotel indican su habitación y apellido; la playa los comprueba con el hotel.',
  roomNumber: 'Número de habitación',
  surname: 'Apellido',
  hotelRates: (hotel: string) => `Huéspedes de ${hotel}`,
  policy: 'Condiciones de reserva',
  acceptPolicy: 'Acepto las condiciones de reserva',
  book: (count: number) => (count === 1 ? 'Reservar 1 sitio' : `Reservar ${count} sitios`),
  booking: 'Reservando…',
  nameBlank: 'Escribe tu nombre.',
  contactBlank: 'Escribe un móvil o un correo electrónico.',
  contactInvalid: 'Escribe un móvil como 305 555 0123 o un correo como ana@example.com.',
  policyBlank: 'Acepta las condiciones de reserva.',
  chooseFirst: 'Elige al menos un sitio.',
  booked: '¡Reserva hecha!',
  held: '¡Solicitud recibida!',
  heldNote: 'La playa confirmará tu reserva en breve; te avisaremos.',
  sentTo: (contact: string) => `Enviamos la confirmación a ${contact}.`,
  manageLink: 'Ver o cancelar tu reserva',
  bookAnother: 'Reservar otra cosa',
  manageTitle: 'Tu reserva',
  status: 'Estado',
  statuses: {
    held: 'Pendiente de confirmar por la playa',
    confirmed: 'Confirmada',
    checked_in: 'Registrada a la llegada',
    no_show: 'Liberada (no se presentó)',
    cancelled: 'Cancelada',
  },
  awaitingPayment: 'Esperando tu pago',
  units: 'Sitios',
  guest: 'Nombre',
  party: (n: number) => (n === 1 ? '1 persona' : `${n} personas`),
  cancelBooking: 'Cancelar reserva',
  cancelSure: '¿Cancelar esta reserva? Los sitios vuelven a estar a la venta.',
  cancelYes: 'Sí, cancelar',
  cancelNo: 'Mantenerla',
  cancelRefund: (amount, cutoff) =>
    `Si cancelas ahora, antes del plazo (${cutoff}), se te devuelve el depósito de ${amount}.`,
  cancelForfeit: (amount, cutoff) =>
    `El plazo ya pasó (${cutoff}): si cancelas ahora, el lugar se queda con tu depósito de ${amount}.`,
  cancelled: 'Tu reserva está cancelada.',
  cannotCancel: 'Esta reserva ya no se puede cancelar en línea.',
  retry: 'Reintentar',
  offline: 'Sin conexión. Revisa la señal y vuelve a intentarlo.',
  errors: {
    tooMany: 'Demasiadas solicitudes. Espera un poco y vuelve a intentarlo.',
    notOnline: 'Esta zona no se puede reservar en línea. Pregunta en la playa.',
    policyNotAccepted: 'Acepta las condiciones de reserva.',
    linkExpired: 'Este enlace ha caducado o no es válido.',
    unitGone: 'Alguien acaba de reservar uno de estos sitios. Elige otro.',
    dayPast: 'Ese día ya pasó: reserva para hoy o un día posterior.',
    invalidPhone: 'Escribe un móvil válido, como 305 555 0123.',
    invalidEmail: 'Escribe un correo electrónico válido.',
    server: 'Algo salió mal. Vuelve a intentarlo.',
    offerGone: 'Esta oferta caducó o ya no está disponible. Ya no estás en la lista de espera para ella.',
    waitlistTwice: 'Ya estás en la lista de espera de este día.',
    walkInRow: 'Uno de estos sitios se reserva para quien llega a la playa. Elige un sitio marcado como libre.',
    hotelGuestNotFound:
      'No encontramos a ningún huésped con ese apellido en esa habitación. Revisa ambos o reserva con la tarifa normal.',
    hotelNeedsGuest: 'Escribe tu número de habitación y tu apellido para la tarifa de hotel.',
    itemNotOffered: 'Uno de los extras no se ofrece para estos sitios. Vuelve a elegir.',
    dayTooFar: 'Aún no se puede reservar ese día. Elige un día anterior.',
    unitTypeNone: 'Aquí no hay sitios de ese tipo. Elige otro tipo.',
    freeSpots: 'Hay sitios libres: reserva uno.',
    checkedIn: 'Esta reserva ya está registrada, así que ya no se puede cancelar.',
    payLinkClosed: 'Este enlace de pago ya no está abierto. Llama a la playa, por favor.',
    payLinkUnavailable:
      'El pago en línea no está disponible ahora mismo. Tus sitios siguen guardados: inténtalo de nuevo en unos minutos.',
  },
  waitlistTitle: 'Apúntate a la lista de espera',
  waitlistHint: (minutes: number) =>
    `Si se libera un sitio aquí ese día, el primero de la lista recibe un mensaje con un enlace para quedárselo en ${minutes} minutos.`,
  waitlistJoin: 'Apuntarme a la lista',
  waitlistOpen: '¿Nada libre? Apúntate a la lista de espera',
  anyType: 'Cualquiera',
  unitType: 'Tipo de sitio',
  waitlisted: 'Estás en la lista de espera',
  waitlistedNote: (position: number) =>
    position === 1 ? 'Eres el primero de la lista.' : `${position - 1} personas lo pidieron antes que tú.`,
  offerTitle: 'Hay un sitio libre para ti',
  offerKeepBy: (time: string) => `Te lo guardamos hasta las ${time}.`,
  keepIt: 'Quedármelo',
  kept: 'Es tuyo: tu reserva está confirmada.',
  payDue: (amount: string, minutes: number) =>
    `Para reservar, paga ${amount} ahora en línea. Te guardamos los sitios ${minutes} minutos mientras pagas.`,
  payDueFull: (amount: string, minutes: number) =>
    `Para reservar, paga ahora en línea el total de ${amount}. Te guardamos los sitios ${minutes} minutos mientras pagas.`,
  payRefundShare: (percent: number) =>
    percent >= 100
      ? 'Si cancelas antes del plazo, te devolvemos todo a tu tarjeta.'
      : `Si cancelas antes del plazo, te devolvemos el ${percent}% a tu tarjeta.`,
  goingToPay: 'Te llevamos a la página de pago…',
  confirming: 'Confirmando tu pago…',
  confirmingNote: 'Tarda un momento. La página se actualiza sola.',
  paidTitle: '¡Pagado y reservado!',
  paidNote: (amount: string) => `Hemos recibido tu pago de ${amount}. Esta página es tu recibo.`,
  notPaid: 'El pago no se completó: tus sitios quedaron libres.',
  declined: 'Tu pago fue rechazado: tus sitios quedaron libres.',
  payNow: (amount: string) => `Pagar ${amount}`,
  payment: 'Pago',
  paidLine: (amount: string) => `Pagado en línea: ${amount}`,
  refundedLine: (amount: string) => `Devuelto a tu tarjeta: ${amount}`,
  refundPendingLine: (amount: string) => `Devolución en camino: ${amount}`,
  latePayment: 'Tu pago llegó cuando la reserva ya había caducado; te lo devolvimos entero.',
  payLinkHeld: (amount: string, time: string) =>
    `Tus sitios están guardados para ti hasta las ${time}. Paga ${amount} para confirmar tu reserva.`,
  payLinkNotYet: (time: string) => `El pago no se completó. Puedes volver a intentarlo hasta las ${time}.`,
};

export const guestBookingTexts = { en, es } as const;
export type GuestBookingTexts = Translation<typeof en>;

/** The first of the browser's languages the page speaks (navigator.languages), else English. */
export function guestLanguage(preferred: readonly string[] | undefined): GuestLanguage {
  for (const code of preferred ?? []) {
    const base = code.trim().toLowerCase().split(/[-_]/)[0];
    if (base === 'en' || base === 'es') return base;
  }
  return 'en';
}

/** A server answer (English) in the guest's language; a sentence the page does not know stays as sent. */
export function guestServerText(details: string, lang: GuestLanguage): string {
  if (lang === 'en') return details;
  const key = (Object.keys(en.errors) as (keyof typeof en.errors)[]).find((k) => en.errors[k] === details);
  return key ? es.errors[key] : details;
}

/** 'U' → the unit type's name in the language, else the code itself. */
export function unitTypeName(t: GuestBookingTexts, code: string): string {
  return t.unitTypes[code] ?? code;
}
