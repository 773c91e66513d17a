/**
 * What the account page shows while an authenticator app is being added: the `otpauth://` URI
 * as a QR code (inline SVG drawn on the server, so it works without JavaScript and no image
 * leaves the page) and its secret as text for typing in by hand.
 */
import { and, eq } from 'drizzle-orm';
import { symmetricDecrypt } from 'better-auth/crypto';
import QRCode from 'qrcode';
import { authTwoFactors } from '../../../../db/auth-schema.ts';
import type { Database } from '../../../../db/client.ts';
import type { LocalAuth } from './auth.ts';

export interface TotpSetup {
  /** The secret in base32, in groups of four for reading aloud or typing. */
  secret: string;
  /** `<svg>…</svg>` markup of the QR code. */
  qrSvg: string;
}

/** The QR code and readable secret of an `otpauth://` URI. */
export async function describeTotpSetup(uri: string): Promise<TotpSetup> {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: secret.match(/.{1,4}/g)?.join(' ') ?? secret, qrSvg };
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

/** The URI better-auth's twoFactor plugin builds for a secret (6 digits, 30 s). */
function totpUri(issuer: string, account: string, secret: string): string {
  const params = new URLSearchParams({ secret: encodeBase32(new TextEncoder().encode(secret)), issuer, digits: '6', period: '30' });
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${params}`;
}

/**
 * The setup an account started but has not confirmed with a code yet (the plugin keeps its
 * secret unverified until then), so a reload or a mistyped code can show the QR code again
 * without asking the password once more. Null when there is none.
 */
export async function readPendingSetup(auth: LocalAuth, db: Database, user: { id: string; email: string }, issuer: string): Promise<TotpSetup | null> {
  const [row] = await db
    .select({ secret: authTwoFactors.secret })
    .from(authTwoFactors)
    .where(and(eq(authTwoFactors.userId, user.id), eq(authTwoFactors.verified, false)))
    .limit(1);
  if (!row) return null;
  const { secretConfig } = await auth.$context;
  const secret = await symmetricDecrypt({ key: secretConfig, data: row.secret });
  return describeTotpSetup(totpUri(issuer, user.email, secret));
}
