/** Query keys of the board (house style: a mutation invalidates through the same keys). */
export const unitsKeys = {
  all: ['units'] as const,
  boards: () => ['units', 'board'] as const,
  /** `day` is a 10-digit timestamp, or 'today'. */
  board: (day: number | 'today', searchTerm = '') => ['units', 'board', day, searchTerm] as const,
  units: () => ['units', 'unit'] as const,
  unit: (id: number, day: number | 'today') => ['units', 'unit', id, day] as const,
};
