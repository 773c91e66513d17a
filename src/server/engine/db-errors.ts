/**
 * Constraint failures the database reports despite our checks (another process won a race, a
 * row vanished mid-request) become the same 4xx answers the checks would have given.
 */
import { AdminError } from '../errors/domain-errors.ts';

function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let current: unknown = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages.join(' | ');
}

/** The AdminError for a SQLite constraint failure, or undefined for anything else. */
export function constraintError(error: unknown): AdminError | undefined {
  if (error instanceof AdminError) return undefined;
  const text = messagesOf(error);
  if (/UNIQUE constraint failed: \w+\.slug/.test(text)) {
    return new AdminError(409, 'SLUG_TAKEN', 'The slug is already used', { errors: { slug: ['SLUG_TAKEN'] } });
  }
  if (/FOREIGN KEY constraint failed/.test(text)) {
    return new AdminError(422, 'INVALID_VALUES', 'A related item does not exist (any more)', { errors: { $: ['DANGLING_REFERENCE'] } });
  }
  if (/CHECK constraint failed/.test(text)) {
    return new AdminError(422, 'INVALID_VALUES', 'Some values are not valid', { errors: { $: ['CONSTRAINT_FAILED'] } });
  }
  return undefined;
}

/** Runs `work`, turning constraint failures into AdminErrors. */
export async function withConstraintErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw constraintError(error) ?? error;
  }
}
