import type { Translation } from '@sandbar/contract/i18n';
/** Sandbar's own words for the installable app, the offline board and the sale queue (issue 13). */
export const offlineEn = {
  newVersion: 'New version — reload',
  reload: 'Reload',
  offlineBanner: 'Offline since {{since}}, the board as of {{asOf}}.',
  offlineBannerNoBoard: 'Offline since {{since}}. No saved board on this tablet yet.',
  liveConnected: 'Live updates connected',
  liveConnecting: 'Live updates reconnecting',
  liveOffline: 'Live updates off: the server cannot be reached',
  pending: 'pending',
  queueCounter_one: '{{count}} sale waiting to send',
  queueCounter_other: '{{count}} sales waiting to send',
  onlineOnly: 'Card and room charge need the server: they cannot be taken while offline.',
  savedOffline: 'Saved on this tablet. It will be sent when the connection returns.',
  queueRefused: 'The server refused a saved sale: {{details}}',
  needsAttention: 'Needs attention',
  attentionLine:
    '{{name}} paid {{amount}} {{method}} at {{time}} ({{by}}), promised {{unit}}: that unit was sold meanwhile.',
  seatOn: 'Seat on unit',
  seat: 'Seat',
  noFreeUnit: 'No free unit',
  exportRefused: 'Export refused sales',
};

export const offlineEs: Translation<typeof offlineEn> = {
  newVersion: 'Versión nueva — recargar',
  reload: 'Recargar',
  offlineBanner: 'Sin conexión desde {{since}}; el tablero es de las {{asOf}}.',
  offlineBannerNoBoard: 'Sin conexión desde {{since}}. Aún no hay un tablero guardado en esta tableta.',
  liveConnected: 'Actualizaciones en vivo conectadas',
  liveConnecting: 'Reconectando las actualizaciones en vivo',
  liveOffline: 'Actualizaciones en vivo apagadas: no se llega al servidor',
  pending: 'pendiente',
  queueCounter_one: '{{count}} venta por enviar',
  queueCounter_other: '{{count}} ventas por enviar',
  onlineOnly: 'La tarjeta y el cargo a la habitación necesitan el servidor: no se pueden cobrar sin conexión.',
  savedOffline: 'Guardada en esta tableta. Se enviará cuando vuelva la conexión.',
  queueRefused: 'El servidor rechazó una venta guardada: {{details}}',
  needsAttention: 'Requiere atención',
  attentionLine:
    '{{name}} pagó {{amount}} {{method}} a las {{time}} ({{by}}), con la unidad {{unit}} prometida: esa unidad se vendió mientras tanto.',
  seatOn: 'Ubicar en la unidad',
  seat: 'Ubicar',
  noFreeUnit: 'No hay unidades libres',
  exportRefused: 'Exportar ventas rechazadas',
};
