import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { normalisedSql, textStateMigration, textStateSql, type TextStateSource } from '../../src/server/engine/text-state-sql.ts';

// A made-up collection with two texts, one of them needed for "complete"; the second text's column
// is not its name in snake_case, so the SQL must come from the table, never from a guess.
const leafletTranslations = sqliteTable(
  'leaflet_translations',
  {
    leafletId: integer('leaflet_id').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    smallPrint: text('fine_print'),
    textState: integer('text_state').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.leafletId, t.locale] })],
);

const leaflets: TextStateSource = {
  collection: 'leaflets',
  translations: {
    table: leafletTranslations,
    owner: leafletTranslations.leafletId,
    locale: leafletTranslations.locale,
    fields: ['title', 'smallPrint'],
    required: ['title'],
    complete: ['title'],
  },
};

const value =
  "CASE WHEN coalesce(trim(`title`), '') <> '' THEN 2 WHEN coalesce(trim(`title`), '') <> '' OR coalesce(trim(`fine_print`), '') <> '' THEN 1 ELSE 0 END";

describe('text_state SQL', () => {
  it('writes the back-fill, both triggers and their drops from the real column names', () => {
    const generated = textStateSql(leaflets);
    expect(generated.table).toBe('leaflet_translations');
    expect(generated.backfill).toBe(`UPDATE \`leaflet_translations\` SET \`text_state\` = ${value}`);
    expect(generated.insertTrigger).toEqual({
      name: 'leaflet_translations_text_state_insert',
      sql: `CREATE TRIGGER \`leaflet_translations_text_state_insert\` AFTER INSERT ON \`leaflet_translations\` BEGIN
  UPDATE \`leaflet_translations\` SET \`text_state\` = ${value} WHERE rowid = NEW.rowid;
END`,
    });
    expect(generated.updateTrigger).toEqual({
      name: 'leaflet_translations_text_state_update',
      sql: `CREATE TRIGGER \`leaflet_translations_text_state_update\` AFTER UPDATE OF \`title\`, \`fine_print\` ON \`leaflet_translations\` BEGIN
  UPDATE \`leaflet_translations\` SET \`text_state\` = ${value} WHERE rowid = NEW.rowid;
END`,
    });
    expect(generated.drops).toEqual([
      'DROP TRIGGER IF EXISTS `leaflet_translations_text_state_insert`',
      'DROP TRIGGER IF EXISTS `leaflet_translations_text_state_update`',
    ]);
  });

  it('prints a migration: a comment, then statements separated by breakpoints', () => {
    expect(textStateMigration([leaflets])).toBe(`-- leaflets: text in title, fine_print; complete with title.
DROP TRIGGER IF EXISTS \`leaflet_translations_text_state_insert\`;--> statement-breakpoint
DROP TRIGGER IF EXISTS \`leaflet_translations_text_state_update\`;--> statement-breakpoint
UPDATE \`leaflet_translations\` SET \`text_state\` = ${value};--> statement-breakpoint
CREATE TRIGGER \`leaflet_translations_text_state_insert\` AFTER INSERT ON \`leaflet_translations\` BEGIN
  UPDATE \`leaflet_translations\` SET \`text_state\` = ${value} WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER \`leaflet_translations_text_state_update\` AFTER UPDATE OF \`title\`, \`fine_print\` ON \`leaflet_translations\` BEGIN
  UPDATE \`leaflet_translations\` SET \`text_state\` = ${value} WHERE rowid = NEW.rowid;
END;
`);
  });

  it('refuses a text the table has no column for', () => {
    const misnamed = { ...leaflets, translations: { ...leaflets.translations, complete: ['fine_print'] } };
    expect(() => textStateSql(misnamed)).toThrow('leaflets: the translations table leaflet_translations has no column for the text fine_print');
  });

  it('compares SQL regardless of its layout', () => {
    expect(normalisedSql('  CREATE TRIGGER x\n  AFTER INSERT ON y BEGIN\n\tSELECT 1;\nEND;\n')).toBe('CREATE TRIGGER x AFTER INSERT ON y BEGIN SELECT 1; END');
  });
});
