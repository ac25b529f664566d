import crypto from 'node:crypto';

// Secrets at rest (issue 34): AES-256-GCM with the key from SANDBAR_SECRET_KEY, a fresh 96-bit
// nonce per value, stored as "v1:<nonce>:<tag>:<ciphertext>" in base64. A wrong key or a changed
// byte fails to open (the tag), never yields a wrong secret.

export class SecretKeyMissing extends Error {
  constructor() {
    super('Set SANDBAR_SECRET_KEY (32 bytes, e.g. `openssl rand -hex 32`) to store PMS credentials.');
  }
}

export function sealSecret(key: Buffer | null, plain: string): string {
  if (!key) throw new SecretKeyMissing();
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export function openSecret(key: Buffer | null, sealed: string): string {
  if (!key) throw new SecretKeyMissing();
  const [v, iv, tag, body] = sealed.split(':');
  if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('The stored secret is not in a known form.');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
