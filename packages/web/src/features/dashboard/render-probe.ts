// Lets the benchmark (and a curious developer) count tile renders: set
// `window.__sandbarTileRenders = {}` and each tile render adds one under its unit id.
declare global {
  interface Window {
    __sandbarTileRenders?: Record<number, number>;
  }
}

export function noteTileRender(unitId: number): void {
  const counts = typeof window === 'undefined' ? undefined : window.__sandbarTileRenders;
  if (counts) counts[unitId] = (counts[unitId] ?? 0) + 1;
}
