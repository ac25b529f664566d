import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

// A guest's contact as the guest page keys it (issue 32 defect 4): one person, one key, however
// the number or address is spelled — so the per-contact limit, the waitlist's "once per line"
// and the outbox's recipients cannot be farmed with "+1 305…", "001 305…", "guest+1@…" or
// "g.u.e.s.t@gmail.com".

/** The venue's country as libphonenumber's default region (US when the setting is not one it knows). */
export function phoneRegion(venueCountry: string): CountryCode {
  const c = venueCountry.trim().toUpperCase();
  return isSupportedCountry(c) ? c : 'US';
}

// What a typed number may hold besides digits: spaces, ( ) . - and one leading +. Anything else
// ("3055559001a", "… x1", "…#") is not a phone number the page can text.
const phoneChars = /^\+?[\d\s().-]+$/;
// Invisible format characters (zero-width space, bidi marks a phone's contacts app pastes): dropped.
const invisible = /\p{Cf}/gu;

/**
 * The number in E.164 ("+13055559001"), read in the venue's country when it has no country code;
 * null when it is not a valid number. "00" before the country code counts as "+" (how most of the
 * world dials abroad, e.g. "001 305 555 9001").
 */
export function phoneE164(typed: string, region: CountryCode): string | null {
  const key = `${region}|${typed}`;
  const known = parsedPhones.get(key);
  if (known !== undefined) return known;
  const e164 = parseE164(typed, region);
  if (parsedPhones.size >= 1024) parsedPhones.clear();
  parsedPhones.set(key, e164);
  // The number in E.164 reads as itself: the booking's message (smsRecipient) asks again with it.
  if (e164) parsedPhones.set(`${region}|${e164}`, e164);
  return e164;
}

// A booking asks for its guest's number twice or three times (the contact's key, the message's
// recipient): libphonenumber with its full metadata was 3 % of the server's time in the opening
// rush (issue 36). The answers of the last numbers asked are kept (pure: same text, same answer).
const parsedPhones = new Map<string, string | null>();

function parseE164(typed: string, region: CountryCode): string | null {
  let p = typed.replace(invisible, '').trim();
  if (!phoneChars.test(p)) return null;
  if (p.startsWith('00')) p = `+${p.slice(2)}`;
  const parsed = parsePhoneNumberFromString(p, { defaultCountry: region, extract: false });
  if (!parsed || parsed.ext || !parsed.isValid()) return null;
  return parsed.number;
}

// Providers whose mailboxes ignore dots in the local part (googlemail.com is gmail.com).
const dotBlind: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * An e-mail address as one mailbox, for counting only (the address as typed is what mail goes
 * to): lower case, no quotes around the local part, no "+tag", no trailing dot of the domain, and
 * no dots in the local part where the provider ignores them.
 */
export function mailboxKey(typed: string): string {
  const e = typed.replace(invisible, '').trim().toLowerCase();
  const at = e.lastIndexOf('@');
  if (at < 0) return e;
  let local = e.slice(0, at);
  let domain = e.slice(at + 1).replace(/\.+$/, '');
  if (local.length > 1 && local.startsWith('"') && local.endsWith('"')) local = local.slice(1, -1);
  local = local.split('+')[0]!;
  const blind = dotBlind[domain];
  if (blind) {
    domain = blind;
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}

/**
 * The guest's contact as the page keeps it: the phone in E.164 (refused when it does not parse),
 * the e-mail as typed, and the key every per-contact count and comparison uses.
 */
export function guestContact(
  typed: { phone: string; email: string },
  region: CountryCode,
): { phone: string; email: string; key: string } | null {
  if (typed.phone) {
    const phone = phoneE164(typed.phone, region);
    return phone ? { phone, email: typed.email, key: phone } : null;
  }
  return { phone: '', email: typed.email, key: mailboxKey(typed.email) };
}

/** The key of a stored contact (a waitlist row, a booking): phone in E.164 when it parses, else the mailbox. */
export function contactKey(stored: { phone: string; email: string }, region: CountryCode): string {
  if (stored.phone) return phoneE164(stored.phone, region) ?? stored.phone.replace(/\D/g, '');
  return mailboxKey(stored.email);
}

/** Where a text to this phone goes: E.164 when it parses in the venue's country, else its digits as saved. */
export function smsRecipient(phone: string, venueCountry: string): string {
  return phoneE164(phone, phoneRegion(venueCountry)) ?? phone;
}
