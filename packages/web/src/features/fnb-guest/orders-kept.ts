// The orders this phone placed at this code, kept on the phone so a reload (or the way back from
// the payment page) shows their status again. Only ids: the server answers their status to the
// holder of the code, and nothing of anyone else's.
const key = (token: string) => `sandbar.fnbOrders.${token}`;
const MAX = 20;

export function keptOrderIds(token: string): number[] {
  try {
    const raw = JSON.parse(window.localStorage.getItem(key(token)) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((x): x is number => Number.isInteger(x)).slice(-MAX) : [];
  } catch {
    return [];
  }
}

export function keepOrderId(token: string, id: number): number[] {
  const ids = [...keptOrderIds(token).filter((x) => x !== id), id].slice(-MAX);
  try {
    window.localStorage.setItem(key(token), JSON.stringify(ids));
  } catch {
    // Not kept across a reload; the page still shows it now.
  }
  return ids;
}
