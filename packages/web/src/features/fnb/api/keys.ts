/** Query keys of the F&B screens: a live event invalidates by these (hooks/use-fnb-events.ts). */
export const fnbKeys = {
  all: ['fnb'] as const,
  menu: ['fnb', 'menu'] as const,
  codes: (locationId: number) => ['fnb', 'codes', locationId] as const,
  station: (station: string) => ['fnb', 'station', station] as const,
  runner: ['fnb', 'runner'] as const,
  orders: (q: Record<string, string | number | undefined>) => ['fnb', 'orders', q] as const,
  unitTab: (unitId: number) => ['fnb', 'unitTab', unitId] as const,
  openTabs: ['fnb', 'openTabs'] as const,
};
