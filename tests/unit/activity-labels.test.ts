/**
 * The activity log and the "Sent mail" screen name things in the reader's language: every action,
 * every audited entity, every field a collection declares, every value of a field whose values are
 * names, and every kind of mail has a label in every locale (none reads as its raw name).
 */
import { describe, expect, it } from 'vitest';
import { locales } from '../../src/i18n/config.ts';
import { getTranslator } from '../../src/i18n/index.ts';
import { collections } from '../../src/lib/collections/index.ts';
import { eventStatuses } from '../../src/lib/event-status.ts';
import { activityLabels } from '../../src/server/activity/labels.ts';
import { auditActions, otherAuditEntities, roleChangeAction } from '../../src/server/audit/record.ts';
import { mailKindLabel } from '../../src/server/mail/admin.ts';
import { mailKinds } from '../../src/server/mail/outbox.ts';

const declarations = Object.values(collections);

describe.each(locales)('labels in %s', (locale) => {
  const t = getTranslator(locale);
  const labels = activityLabels(locale, t);
  const raw = (names: readonly string[], label: (name: string) => string) => names.filter((name) => label(name) === name);

  it('names every action and every audited entity', () => {
    expect(raw(auditActions, labels.action)).toEqual([]);
    expect(raw([...declarations.map((declaration) => declaration.entity), ...otherAuditEntities], labels.entity)).toEqual([]);
  });

  it("names every field of every collection, and an event's status values", () => {
    const fields = declarations.flatMap((declaration) => Object.keys(declaration.fields));
    expect(fields.length).toBeGreaterThan(20);
    expect(raw(fields, labels.field)).toEqual([]);
    expect(labels.field('eventStatus')).toBe(t('eventStatus.column'));
    expect(raw(eventStatuses, (status) => labels.value('eventStatus', status))).toEqual([]);
  });

  it('names every kind of mail, and reads an unknown one as itself', () => {
    expect(raw(mailKinds, (kind) => mailKindLabel(t, kind))).toEqual([]);
    expect(mailKindLabel(t, 'retired-template')).toBe('retired-template');
  });
});

describe('role changes in the log', () => {
  it('is a grant to someone without a role, a promotion or a demotion between roles, a revoke to none', () => {
    expect(roleChangeAction(null, 'editor')).toBe('grant');
    expect(roleChangeAction('admin', 'editor')).toBe('demote');
    expect(roleChangeAction('editor', 'admin')).toBe('promote');
    expect(roleChangeAction('admin', null)).toBe('revoke');
  });
});
