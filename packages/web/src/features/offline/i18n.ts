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
