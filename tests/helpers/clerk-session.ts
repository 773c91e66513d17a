/** Clerk session tokens as its Frontend API issues them (RS256), minted with a test key, and the cookies clerk-js keeps. */
import { SignJWT, type CryptoKey, type JWTPayload } from 'jose';

const now = () => Math.floor(Date.now() / 1000);

export interface MintOptions {
  key: CryptoKey;
  /** The authorized party (`azp`): the site's origin. */
  origin: string;
  issuedAt?: number;
  /** Seconds the token lives (Clerk's are a minute long). */
  ttl?: number;
}

/** A session token for `claims` (`sub` is the Clerk user id). */
export function mintClerkSession(claims: JWTPayload, { key, origin, issuedAt = now() - 5, ttl = 60 }: MintOptions): Promise<string> {
  return new SignJWT({ sid: 'sess_test', azp: origin, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'ins_test', typ: 'JWT' })
    .setSubject(String(claims.sub ?? 'user_test'))
    .setIssuer('https://clerk.hub.test')
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt - 5)
    .setExpirationTime(issuedAt + ttl)
    .sign(key);
}

/** The cookies clerk-js keeps: the session token and the client's last update time. */
export function clerkCookies(token: string, clientUat = now() - 30): string {
  return `__session=${token}; __client_uat=${clientUat}`;
}
