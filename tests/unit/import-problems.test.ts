/**
 * What the import screen says when a row is refused at commit: the line, that nothing was
 * imported, and the engine's reason, all in the admin's language.
 */
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../src/i18n/index.ts';
import { AdminError } from '../../src/server/errors/domain-errors.ts';
import { issueReason } from '../../src/server/import/reasons.ts';
import { problemMessage } from '../../src/server/import/screen.ts';

describe('a row refused at commit', () => {
  it('is explained with its line and the engine’s reason in the admin’s language', () => {
    const t = getTranslator('fr');
    const error = new AdminError(422, 'IMPORT_ROW_FAILED', 'Line 3 could not be imported', {
      extensions: { line: 3, reason: 'INVALID_TRANSITION', reasonText: issueReason(t, 'INVALID_TRANSITION') },
    });
    expect(problemMessage(t, error)).toBe(
      "Ligne 3 · Une ligne a été refusée pendant l'import\u202F; rien n'a été importé. Ce changement de statut n’est pas possible.",
    );
  });

  it('falls back to a generic reason for a code no sentence names', () => {
    expect(issueReason(getTranslator('de'), 'SOMETHING_NEW')).toBe('Kein gültiger Wert.');
    expect(issueReason(getTranslator('de'), 'END_BEFORE_START')).toBe('Endet, bevor es beginnt.');
  });
});
