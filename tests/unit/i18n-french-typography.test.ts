/** French punctuation spacing added when the strings load, localized file sizes, and wording that tells the agenda from the calendar. */
import { describe, expect, it } from 'vitest';
import { applyFrenchSpacing } from '../../src/i18n/french-typography.ts';
import { getStrings, getTranslator } from '../../src/i18n/index.ts';
import { formatFileSize as formatSize } from '../../src/lib/numbers.ts';

const NNBSP = '\u202F';
const show = (text: string) => text.replaceAll(NNBSP, '⍽');

describe('applyFrenchSpacing', () => {
  it('puts a narrow no-break space before : ; ! ? whatever spacing was there', () => {
    expect(show(applyFrenchSpacing('Heure locale : 20 h'))).toBe('Heure locale⍽: 20 h');
    expect(show(applyFrenchSpacing('Attention: oui; non! Vraiment?'))).toBe('Attention⍽: oui⍽; non⍽! Vraiment⍽?');
    expect(show(applyFrenchSpacing('Déjà\u00A0: fait ?!'))).toBe('Déjà⍽: fait⍽?!');
    expect(show(applyFrenchSpacing(`Prêt${NNBSP}?`))).toBe('Prêt⍽?');
  });

  it('spaces the inside of guillemets', () => {
    expect(show(applyFrenchSpacing('Supprimer « {{name}} » ?'))).toBe('Supprimer «⍽{{name}}⍽»⍽?');
    expect(show(applyFrenchSpacing('le mot «jazz»'))).toBe('le mot «⍽jazz⍽»');
  });

  it('leaves interpolations, nested keys, HTML, URLs, times and query strings alone', () => {
    expect(show(applyFrenchSpacing('{{locale}} : complet'))).toBe('{{locale}}⍽: complet');
    expect(applyFrenchSpacing('{{hours}}:{{minutes}}')).toBe('{{hours}}:{{minutes}}');
    expect(applyFrenchSpacing('$t(a:b) et {{ value, number }}')).toBe('$t(a:b) et {{ value, number }}');
    expect(applyFrenchSpacing('à 14:30 puis 01:30')).toBe('à 14:30 puis 01:30');
    expect(applyFrenchSpacing('Voir https://example.org/a?b=c: ou mailto:x@y.fr')).toBe('Voir https://example.org/a?b=c: ou mailto:x@y.fr');
    expect(applyFrenchSpacing('finir par ?events= suivi')).toBe('finir par ?events= suivi');
    expect(applyFrenchSpacing('<a href="https://x.fr/?q=1" title="a:b">lien</a>')).toBe('<a href="https://x.fr/?q=1" title="a:b">lien</a>');
    expect(show(applyFrenchSpacing('<strong>Note</strong> : oui'))).toBe('<strong>Note</strong>⍽: oui');
    expect(applyFrenchSpacing('un contraste de 4,5:1.')).toBe('un contraste de 4,5:1.');
    expect(applyFrenchSpacing('? seul')).toBe('? seul');
  });
});

describe('the French translator', () => {
  const t = getTranslator('fr');

  it('answers French strings with French spacing, with and without values, and no other locale', () => {
    expect(show(t('hub.event.zone', { zone: 'heure d’été d’Europe centrale' }))).toBe('Heure locale⍽: heure d’été d’Europe centrale');
    expect(show(t('admin.delete.title', { name: 'Jazz: live' }))).toBe('Supprimer «⍽Jazz: live⍽»⍽?');
    expect(getStrings('fr')['hub.event.zone']).toContain(`${NNBSP}:`);
    expect(getTranslator('en')('hub.event.zone', { zone: 'CET' })).toBe('Local time: CET');
  });

  it('leaves no ordinary space before high punctuation in any French string', () => {
    const offending = Object.entries(getStrings('fr')).filter(([, text]) => /[ \u00A0][:;!?](\s|$)/.test(text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, '')));
    expect(offending).toEqual([]);
  });
});

describe('agenda and calendar wording', () => {
  it('names the personal agenda and the calendar file differently in every locale', () => {
    for (const locale of ['en', 'fr', 'de'] as const) {
      const t = getTranslator(locale);
      const star = t('agenda.star.link').toLowerCase();
      for (const key of ['hub.event.addToCalendar', 'embed.event.calendar'] as const) {
        const calendar = t(key).replace(' (.ics)', '').toLowerCase();
        expect(calendar, `${locale} ${key}`).not.toBe(star);
        expect(calendar, `${locale} ${key}`).not.toContain(locale === 'fr' ? 'agenda' : locale === 'de' ? 'merkliste' : 'agenda');
      }
    }
  });
});

describe('formatFileSize', () => {
  it('spells bytes out and uses the locale’s unit symbols above', () => {
    const formatFileSize = (locale: 'en' | 'fr' | 'de', bytes: number) => formatSize(locale, bytes).replace(/\s/g, ' ');
    expect(formatFileSize('en', 880)).toBe('880 bytes');
    expect(formatFileSize('en', 1)).toBe('1 byte');
    expect(formatFileSize('fr', 880)).toBe('880 octets');
    expect(formatFileSize('de', 880)).toBe('880 Byte');
    expect(formatFileSize('en', 1_234_567)).toBe('1.2 MB');
    expect(formatFileSize('fr', 1_234_567)).toBe('1,2 Mo');
    expect(formatFileSize('de', 45_600)).toBe('45,6 kB');
  });
});
