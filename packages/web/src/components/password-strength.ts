/**
 * Password strength on the spec's 0–4 scale (section 9): Weak (0, 1), Fair (2), Good (3), Strong (4).
 * A simple, predictable score: length first, then variety of character classes.
 */
export function passwordScore(password: string): 0 | 1 | 2 | 3 | 4 {
  if (!password) return 0;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  let score = 0;
  if (password.length >= 6) score++;
  if (password.length >= 10) score++;
  if (classes >= 2) score++;
  if (classes >= 3 && password.length >= 8) score++;
  if (password.length < 6) score = Math.min(score, 1);
  return Math.min(score, 4) as 0 | 1 | 2 | 3 | 4;
}
