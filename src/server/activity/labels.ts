/** How activity entries read in the admin's language: labels of actions, entities, fields and values. */
import { localeConfig, type Locale } from '../../i18n/config.ts';
import { getStrings, type Translate, type UiKey } from '../../i18n/index.ts';
import type { AuditValue } from '../../../db/schema.ts';
import { getAdminDateFormat } from '../config/admin-dates.ts';

/** Fields of account entries (the team screen) and of an import's entry, labelled under `admin.activity.field.*`. */
const accountFields = new Set([
  'role',
  'editions',
  'disabled',
  'sessions',
  'twoFactor',
  'importCreated',
  'importUpdated',
  'importSkipped',
  'importSkippedLines',
]);

/** Content fields whose label the form reads from another key than `admin.field.<name>`. */
const fieldLabelKeys: Readonly<Record<string, UiKey>> = {
  eventStatus: 'eventStatus.column',
  unpublishAt: 'publication.field.unpublishAt',
  previousStartsAt: 'publication.field.previousStartsAt',
  statusNote: 'publication.field.statusNote',
};

/** Fields whose stored values are names, and the prefix of their labels. */
const valueLabelPrefixes: Readonly<Record<string, string>> = {
  status: 'admin.status.',
  role: 'auth.role.',
  eventStatus: 'eventStatus.value.',
  scheduleProblem: 'workingCopy.problem.',
};

export interface ActivityLabels {
  action(action: string): string;
  entity(entity: string): string;
  field(field: string): string;
  locale(code: string): string;
  value(field: string, value: AuditValue): string;
  time(at: Date): string;
}

/**
 * Labels for `locale`; a name without a label reads as itself (tests/unit/activity-labels.test.ts
 * fails when an action, an entity or a collection's field has none).
 */
export function activityLabels(locale: Locale, t: Translate): ActivityLabels {
  const strings = getStrings(locale);
  const known = (key: string): key is UiKey => Object.hasOwn(strings, key);
  const label = (key: string, fallback: string) => (known(key) ? t(key) : fallback);
  // Locale names in the reader's language ("French" in English, "Französisch" in German).
  const languageNames = new Intl.DisplayNames([localeConfig[locale].intl], { type: 'language' });
  const dateTime = getAdminDateFormat(locale);
  return {
    action: (action) => label(`admin.activity.action.${action}`, action),
    entity: (entity) => label(`admin.activity.entity.${entity}`, entity),
    field(field) {
      if (accountFields.has(field)) return label(`admin.activity.field.${field}`, field);
      const key = fieldLabelKeys[field];
      return key ? t(key) : label(`admin.field.${field}`, field);
    },
    locale: (code) => languageNames.of(code) ?? code,
    time: (at) => dateTime(at),
    value(field, value) {
      // An account's editions: none stored is no limit (docs/decisions/059).
      if (field === 'editions' && value === null) return t('admin.team.editions.all');
      if (value === null || value === '') return t('admin.activity.emptyValue');
      if (typeof value === 'boolean') return t(value ? 'admin.activity.yes' : 'admin.activity.no');
      const prefix = valueLabelPrefixes[field];
      if (prefix && typeof value === 'string') return label(`${prefix}${value}`, value);
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
        const date = new Date(value);
        if (!Number.isNaN(date.getTime())) return dateTime(date);
      }
      return String(value);
    },
  };
}
