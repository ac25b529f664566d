// The orders this phone placed at this code, kept on the phone so a reload (or the way back from
// the payment page) shows their status again. Kept by their clientOrderIds, the random ids this
// phone made: the server answers an order's status only to whoever holds that id, never by the
// sequential order number (decision 357). A new storage key, so numbers kept before are dropped.
const key = (token: string) => `sandbar.fnbOrderKeys.${token}`;
const MAX = 20;
const KEY_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

export function keptOrderKeys(token: string): string[] {
  try {
    const raw = JSON.parse(window.localStorage.getItem(key(token)) ?? '[]') as unknown;
    return Array.isArray(raw)
      ? raw.filter((x): x is string => typeof x === 'string' && KEY_SHAPE.test(x)).slice(-MAX)
      : [];
  } catch {
    return [];
  }
}

export function keepOrderKey(token: string, clientOrderId: string): string[] {
  const keys = [...keptOrderKeys(token).filter((x) => x !== clientOrderId), clientOrderId].slice(-MAX);
  try {
    window.localStorage.setItem(key(token), JSON.stringify(keys));
  } catch {
    // Not kept across a reload; the page still shows it now.
  }
  return keys;
}
