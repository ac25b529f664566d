import type { Translation } from '@sandbar/contract/i18n';

/** Config → Payment deliveries (issue 33 point 10): Sandbar's own words. */
export const paymentDeliveriesEn = {
  title: 'Payment deliveries',
  intro:
    "Every event the payment provider delivered to Sandbar's webhook, newest first: processed (it changed a booking or a refund), ignored (nothing to do: already done, or an event Sandbar does not use) or refused (with the reason). A delivery whose signature did not verify is answered 400 and not kept.",
  empty: 'No deliveries yet. They appear here as soon as the provider calls the webhook.',
  received: 'Received',
  provider: 'Provider',
  event: 'Event',
  type: 'Type',
  status: 'Status',
  reason: 'Reason',
  booking: 'Booking',
  statuses: { processed: 'Processed', ignored: 'Ignored', refused: 'Refused' },
  older: 'Show older deliveries',
  shown: 'Showing {{n}} deliveries.',
};

export const paymentDeliveriesEs: Translation<typeof paymentDeliveriesEn> = {
  title: 'Entregas de pagos',
  intro:
    'Cada evento que el proveedor de pagos entregó al webhook de Sandbar, del más nuevo al más viejo: procesado (cambió una reserva o una devolución), ignorado (nada que hacer: ya hecho, o un evento que Sandbar no usa) o rechazado (con el motivo). Una entrega cuya firma no se verifica se responde con 400 y no se guarda.',
  empty: 'Aún no hay entregas. Aparecen aquí en cuanto el proveedor llama al webhook.',
  received: 'Recibido',
  provider: 'Proveedor',
  event: 'Evento',
  type: 'Tipo',
  status: 'Estado',
  reason: 'Motivo',
  booking: 'Reserva',
  statuses: { processed: 'Procesado', ignored: 'Ignorado', refused: 'Rechazado' },
  older: 'Ver entregas anteriores',
  shown: 'Se muestran {{n}} entregas.',
};
