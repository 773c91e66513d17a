/**
 * One structured log line per failed or refused sign-in step (ASVS V7): a wrong password, a
 * sign-in refused by the limiter, a wrong or locked second factor, a reset or verification mail
 * refused by its limit. Each names the normalised account address, the client address and a
 * stable reason code, so an operator can follow a guessing attempt without reading request logs.
 * Never a password or a code.
 */
import { logLine } from '../../log/log-line.ts';

export type SignInRefusal =
  | 'BAD_CREDENTIALS'
  | 'EMAIL_NOT_VERIFIED'
  | 'LOCKED_OUT'
  | 'TWO_FACTOR_WRONG'
  | 'TWO_FACTOR_TOO_MANY_ATTEMPTS'
  | 'TWO_FACTOR_LOCKED'
  | 'TWO_FACTOR_CHALLENGE_EXPIRED'
  | 'RESET_LIMITED'
  | 'VERIFICATION_MAIL_LIMITED';

/** Writes the line: `{ msg: 'sign-in refused', event: 'auth.refused', reason, email, client }`. */
export function logSignInRefusal(reason: SignInRefusal, email: unknown, clientAddress: string): void {
  logLine('warn', 'sign-in refused', {
    event: 'auth.refused',
    reason,
    email: typeof email === 'string' ? email.trim().toLowerCase() : '',
    client: clientAddress,
  });
}
