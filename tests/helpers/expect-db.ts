/** Asserts that a database operation fails with a SQLite error matching `pattern` (Drizzle wraps it). */
export async function expectDbError(operation: Promise<unknown>, pattern: RegExp): Promise<void> {
  try {
    await operation;
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
    if (messages.some((message) => pattern.test(message))) return;
    throw new Error(`expected a database error matching ${pattern}, got: ${messages.join(' <- ')}`);
  }
  throw new Error(`expected a database error matching ${pattern}, but the operation succeeded`);
}
