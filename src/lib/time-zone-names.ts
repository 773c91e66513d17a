/** Whether a time-zone name is one the runtime knows (IANA names and their aliases, `UTC`). */

const known = new Map<string, boolean>();

/**
 * True for names `Intl` accepts as a zone. Offsets such as `+02:00`, which recent runtimes also
 * accept, are refused: an event happens in a place, whose offset changes with daylight saving.
 */
export function isKnownTimeZone(name: string): boolean {
  let answer = known.get(name);
  if (answer === undefined) {
    answer = /^[A-Za-z]/.test(name) && !/^[+-]/.test(name);
    if (answer) {
      try {
        new Intl.DateTimeFormat('en', { timeZone: name });
      } catch {
        answer = false;
      }
    }
    if (known.size < 2_000) known.set(name, answer);
  }
  return answer;
}
