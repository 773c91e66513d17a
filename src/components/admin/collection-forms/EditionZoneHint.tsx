/**
 * Beside an event's dates: a new event takes its edition's time zone when the edition is chosen
 * (or given by `?edition=`), and any event warns when its dates fall outside its edition's. The
 * warning never blocks a save: an after-party may run past the festival's last day.
 */
import { useEffect, useRef, useState } from 'react';
import { formatDateRange } from '../../../lib/dates.ts';
import { isOutsideEdition } from '../../../lib/edition-range.ts';
import { paths } from '../../../lib/paths.ts';
import { wallTimeToInstant } from '../../../lib/zoned-time.ts';
import { apiRequest } from '../lib/api.ts';
import type { FormDraft } from '../lib/payload.ts';
import { useAdmin } from '../ui/admin-context.tsx';

interface EditionDates {
  id: number;
  startsAt: string;
  endsAt: string;
  timeZone: string;
}

interface Props {
  isNew: boolean;
  draft: FormDraft;
  setValue: (path: string, value: unknown) => void;
  /** Sets a value without making the form dirty (the edition given by the page's URL). */
  setDefaults: (values: Record<string, unknown>) => void;
  /** The edition the page opened with, if any. */
  initialEditionId?: unknown;
}

export function EditionZoneHint({ isNew, draft, setValue, setDefaults, initialEditionId }: Props) {
  const { t, locale } = useAdmin();
  const editionId = typeof draft['editionId'] === 'number' ? draft['editionId'] : null;
  const [edition, setEdition] = useState<EditionDates | null>(null);
  const [adoptedId, setAdoptedId] = useState<number | null>(null);
  // Once per chosen edition, so an editor who then picks another zone keeps it.
  const adopted = useRef<number | null>(null);

  useEffect(() => {
    if (editionId === null) return;
    const abort = new AbortController();
    void apiRequest<EditionDates>('GET', paths.adminApi('editions', editionId), undefined, abort.signal).then((result) => {
      if (!result.ok) return;
      setEdition(result.data);
      if (isNew && adopted.current !== result.data.id) {
        adopted.current = result.data.id;
        if (result.data.id === initialEditionId) setDefaults({ timeZone: result.data.timeZone });
        else setValue('timeZone', result.data.timeZone);
        setAdoptedId(result.data.id);
      }
    });
    return () => abort.abort();
  }, [editionId, isNew, setValue, setDefaults, initialEditionId]);

  if (!edition || edition.id !== editionId) return null;
  const zone = typeof draft['timeZone'] === 'string' ? draft['timeZone'] : 'UTC';
  const startsAt = typeof draft['startsAt'] === 'string' ? wallTimeToInstant(draft['startsAt'], zone) : null;
  const endsAt = typeof draft['endsAt'] === 'string' ? wallTimeToInstant(draft['endsAt'], zone) : null;
  const range = { startsAt: new Date(edition.startsAt), endsAt: new Date(edition.endsAt), timeZone: edition.timeZone };
  const outside = startsAt && endsAt ? isOutsideEdition({ startsAt, endsAt }, range) : false;
  // The edition's days in its own zone, named like every other admin date (decision 039); the
  // sentence already puts the range in parentheses.
  const editionDays = `${formatDateRange(locale, edition.timeZone, range.startsAt, range.endsAt)}, ${edition.timeZone}`;
  return (
    <div className="admin-edition-hint" role="status">
      {isNew && adoptedId === edition.id && <p>{t('publication.timeZoneFromEdition', { zone: edition.timeZone.replace(/_/g, ' ') })}</p>}
      {outside && (
        <p className="admin-warning" data-warning="outside-edition">
          {t('publication.outsideEdition', { range: editionDays })}
        </p>
      )}
    </div>
  );
}
