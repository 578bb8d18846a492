import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Short-lived values the browser keeps for the server: AES-256-GCM with a key derived from the app
 * secret and a purpose, so the browser can neither read nor change them, and a value sealed for one
 * purpose does not open for another.
 */
export function sealer(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
  return {
    seal(value: unknown, ttlSeconds: number): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const plain = JSON.stringify({ value, expiresAt: Date.now() + ttlSeconds * 1000 });
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },

    /** The sealed value, or null when it is missing, altered or expired. */
    open<T>(sealed: string | undefined): T | null {
      if (!sealed) return null;
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
        const { value, expiresAt } = JSON.parse(plain.toString('utf8')) as { value: T; expiresAt: number };
        return expiresAt > Date.now() ? value : null;
      } catch {
        return null;
      }
    },
  };
}
