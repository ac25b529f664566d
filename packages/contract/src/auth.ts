import { z } from 'zod';
import { messages } from './messages';
import { UserType } from './roles';

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** POST /auth/login (spec section 7). */
export const LoginBody = z.object({
  // Bounded like the users.username column (varchar 100); a longer name cannot exist.
  username: required(messages.login.usernameBlank).pipe(
    z.string().max(100, { error: 'Your username or password is not correct.' }),
  ),
  // scrypt over a megabyte is slow: no real password is longer than this.
  password: z
    .string({ error: messages.login.passwordBlank })
    .min(1, { error: messages.login.passwordBlank })
    .max(1024, { error: 'Your username or password is not correct.' }),
  appVersion: z.string().max(50).optional().nullable(),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** What a signed-in user looks like to the app (spec section 3, "Auth user"). */
export const AuthUser = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  userType: UserType,
  DOY: z.number().int().min(1).max(366),
  initials: z.string(),
  languageCode: z.string(),
  /** The venue's IANA time zone: the app shows times in it, not in the tablet's (issue 12). */
  timeZone: z.string(),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const LoginData = AuthUser.extend({ token: z.string() });
export type LoginData = z.infer<typeof LoginData>;

/** When two-factor is on, login answers this instead of the login data. */
export const TwoFactorChallenge = z.object({
  AUTH2FA: z.literal(true),
  details: z.string(),
  /** Identifies the pending sign-in; the browser also gets it as an HttpOnly cookie. */
  challengeId: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

export const LoginResponse = z.union([LoginData, TwoFactorChallenge]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const LoginAuthCodeBody = z.object({
  loginAuthCode: z
    .string({ error: 'You left the auth code blank' })
    .trim()
    .min(1, { error: 'You left the auth code blank' }),
  challengeId: z.string().optional(),
});
export type LoginAuthCodeBody = z.infer<typeof LoginAuthCodeBody>;

export const AppVersionParam = z.object({ appVersion: z.string().max(50) });

export const LogoutResponse = z.object({ success: z.literal(1) });

/**
 * Two-factor codes: 6 digits, valid 10 minutes, 5 tries (DESIGN.md section 7); at most 5 codes
 * sent per user in 15 minutes (decision 061).
 */
export const twoFactor = {
  digits: 6,
  validMinutes: 10,
  maxTries: 5,
  maxChallenges: 5,
  challengeWindowMinutes: 15,
} as const;

/** After this many wrong codes in a row the two-factor step is locked until an admin unlocks it. */
export const twoFactorLock = {
  maxFailures: 10,
  lockedText: 'Two-factor sign-in is locked after too many wrong codes. Ask an admin to unlock it.',
  unlockedText: 'Two-factor sign-in unlocked.',
} as const;

/** POST /unlockTwoFactor (admin): clears a user's two-factor lock. */
export const UnlockTwoFactorBody = z.object({ id: z.number().int().positive().max(2147483647) });

/** Login throttling: failures counted over a window, per username and per IP. */
export const loginThrottle = {
  windowMinutes: 15,
  maxPerUsername: 5,
  maxPerIp: 30,
} as const;

/**
 * POST /setMyLanguage {languageCode}: the signed-in user's own language, from the top bar's switch
 * (issue 12, decision 121). Any signed-in user may set their own, and only their own.
 */
export const SetMyLanguageBody = z.object({
  languageCode: z.enum(['en', 'es'], { error: 'Choose English or Spanish.' }),
});
export type SetMyLanguageBody = z.infer<typeof SetMyLanguageBody>;
