/**
 * The event form's "Repeats" group: how often (none, daily, weekly, monthly, yearly, or a rule
 * kept as RRULE text), every how many, on which weekdays, until when; then the extra dates and
 * every date the rule gives, each of which can be removed, cancelled or moved.
 */
import { useState, type ReactNode } from 'react';
import { readSimpleRule } from '../../../lib/recurrence.ts';
import { Section } from '../edit-form/fields.tsx';
import { Field } from '../ui/Field.tsx';
import { useAdmin } from '../ui/admin-context.tsx';
import { translateCode } from '../lib/translate.ts';
import { ExtraDates, DateList } from './RepeatDates.tsx';
import { endOf, modeOf, WEEKDAYS, type RepeatEnd, type RepeatMode } from './repeat-state.ts';
import { useRepeat, type RepeatBinding } from './use-repeat.ts';

const MODES: readonly RepeatMode[] = ['none', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'custom'];

/** A whole number typed freely: what is typed stays while it is not a number yet. */
function WholeNumberInput({
  id,
  value,
  onValue,
  min = 1,
  max = 999,
  describedBy,
}: {
  id: string;
  value: number;
  onValue: (n: number) => void;
  min?: number;
  max?: number;
  describedBy?: string | undefined;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      className="admin-repeat__number"
      aria-describedby={describedBy}
      value={typed ?? String(value)}
      onChange={(event) => {
        setTyped(event.target.value);
        const number = Number(event.target.value);
        if (event.target.value !== '' && Number.isInteger(number) && number >= min && number <= max) onValue(number);
      }}
      onBlur={() => setTyped(null)}
    />
  );
}

function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return WEEKDAYS.map((_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}

/** One way the rule ends, as a radio, with the input it needs (the last day, the number of dates) once chosen. */
function EndOption({
  repeat,
  end,
  current,
  inputLabel,
  children,
}: {
  repeat: RepeatBinding;
  end: RepeatEnd;
  current: RepeatEnd;
  inputLabel?: string;
  children?: (id: string) => ReactNode;
}) {
  const { t } = useAdmin();
  const id = repeat.idOf(end);
  return (
    <div className="admin-repeat__end">
      <label className="admin-repeat__choice">
        <input type="radio" name={repeat.idOf('end')} checked={current === end} onChange={() => repeat.dispatch({ type: 'end', end })} />
        {t(`admin.repeat.end.${end}`)}
      </label>
      {current === end && children && (
        <>
          <label htmlFor={id} className="admin-visually-hidden">
            {inputLabel}
          </label>
          {children(id)}
        </>
      )}
    </div>
  );
}

function SimpleRuleControls({ repeat }: { repeat: RepeatBinding }) {
  const { t, locale } = useAdmin();
  const rule = readSimpleRule(repeat.recurrence?.rule ?? '');
  if (!rule) return null;
  const end = endOf(rule);
  const names = weekdayNames(locale);
  const { dispatch, idOf } = repeat;
  return (
    <>
      <div className="admin-field">
        <label htmlFor={idOf('interval')} className="admin-field__label">
          {t(`admin.repeat.interval.${rule.frequency}`)}
        </label>
        <WholeNumberInput id={idOf('interval')} value={rule.interval} onValue={(interval) => dispatch({ type: 'interval', interval })} />
      </div>
      {rule.frequency === 'WEEKLY' && (
        <fieldset className="admin-repeat__choices">
          <legend>{t('admin.repeat.weekdays')}</legend>
          <div className="admin-repeat__weekdays">
            {WEEKDAYS.map((day, index) => (
              <label key={day} className="admin-repeat__choice">
                <input
                  type="checkbox"
                  checked={rule.weekdays.includes(day)}
                  onChange={(event) => dispatch({ type: 'weekday', day, on: event.target.checked })}
                />
                {names[index]}
              </label>
            ))}
          </div>
          {rule.weekdays.length === 0 && <p className="admin-field__hint">{t('admin.repeat.weekdaysNone')}</p>}
        </fieldset>
      )}
      <fieldset className="admin-repeat__choices">
        <legend>{t('admin.repeat.ends')}</legend>
        <EndOption repeat={repeat} end="never" current={end} />
        <EndOption repeat={repeat} end="until" current={end} inputLabel={t('admin.repeat.untilLabel')}>
          {(id) => <input id={id} type="date" value={rule.until ?? ''} onChange={(event) => dispatch({ type: 'until', until: event.target.value })} />}
        </EndOption>
        <EndOption repeat={repeat} end="count" current={end} inputLabel={t('admin.repeat.countLabel')}>
          {(id) => <WholeNumberInput id={id} value={rule.count ?? 1} max={400} onValue={(count) => dispatch({ type: 'count', count })} />}
        </EndOption>
      </fieldset>
    </>
  );
}

/** Errors with no control of their own (too many dates, a malformed value), at the group's top. */
function GroupErrors({ repeat }: { repeat: RepeatBinding }) {
  const { t } = useAdmin();
  if (repeat.errors.group.length === 0) return null;
  return (
    <ul id={repeat.idOf('')} tabIndex={-1} className="admin-field__errors">
      {repeat.errors.group.map((code) => (
        <li key={code}>{translateCode(t, code)}</li>
      ))}
    </ul>
  );
}

export function RepeatSection() {
  const { t } = useAdmin();
  const repeat = useRepeat();
  const { recurrence, dispatch, idOf, errors } = repeat;
  // A rule typed as text stays text while it is edited, even once it reads as a simple one.
  const [asText, setAsText] = useState(() => modeOf(recurrence) === 'custom');
  const mode: RepeatMode = asText && recurrence?.rule !== null && recurrence?.rule !== undefined ? 'custom' : modeOf(recurrence);
  const ruleErrors = errors.rule;
  return (
    <Section legend={t('admin.group.repeats')}>
      <GroupErrors repeat={repeat} />
      <Field id={idOf(mode === 'custom' ? 'mode' : 'rule')} label={t('admin.repeat.frequency')} errors={mode === 'custom' ? [] : ruleErrors}>
        {(control) => (
          <select
            {...control}
            value={mode}
            onChange={(event) => {
              const next = event.target.value as RepeatMode;
              setAsText(next === 'custom');
              dispatch({ type: 'mode', mode: next });
            }}
          >
            {MODES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.repeat.mode.${value}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {mode === 'custom' ? (
        <Field id={idOf('rule')} label={t('admin.repeat.ruleText')} hint={t('admin.repeat.ruleTextHint')} errors={ruleErrors}>
          {(control) => (
            <input
              {...control}
              type="text"
              spellCheck={false}
              autoComplete="off"
              className="admin-repeat__rule"
              maxLength={500}
              value={recurrence?.rule ?? ''}
              onChange={(event) => dispatch({ type: 'ruleText', text: event.target.value })}
            />
          )}
        </Field>
      ) : (
        <SimpleRuleControls repeat={repeat} />
      )}
      <ExtraDates repeat={repeat} />
      <DateList repeat={repeat} />
    </Section>
  );
}
