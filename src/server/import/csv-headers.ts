/**
 * A conference's own CSV names its columns its own way ("Titel", "Beginn", "Salle",
 * "Speaker(s)"). These are the fields such a file can fill (`csvTargets`), a guess of which
 * column fills which from the header alone, in English, French and German, and the header's
 * signature: the same source sends the same header, so a mapping confirmed once is found again.
 * Pure functions: no database, no request.
 */
import { createHash } from 'node:crypto';

/** What a column of a conference's own CSV can become. `date` + `start`/`end` read a split date and time. */
export const csvTargets = [
  'external_id',
  'title',
  'summary',
  'description',
  'date',
  'start',
  'end',
  'duration',
  'time_zone',
  'venue',
  'room',
  'tags',
  'organizers',
  'curators',
  'registration_url',
  'online_url',
  'price',
  'currency',
  'availability',
] as const;
export type CsvTarget = (typeof csvTargets)[number];

/** Which column (as the file writes it) fills each field; a field without a column stays empty. */
export type CsvMapping = Partial<Record<CsvTarget, string>>;

/** A header name without case, accents, punctuation or extra spaces: "Speaker(s)" → "speaker s", "Début" → "debut". */
export function normalizeHeader(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Names each field goes by in exports from spreadsheets and conference tools, normalized, in
 * en/fr/de. Order matters within a list only for reading; the guess takes exact names first.
 */
const synonyms: Record<CsvTarget, readonly string[]> = {
  external_id: ['id', 'external id', 'uid', 'guid', 'uuid', 'code', 'ref', 'reference', 'session id', 'talk id', 'event id', 'kennung', 'identifiant'],
  title: ['title', 'titel', 'titre', 'name', 'session', 'talk', 'event', 'veranstaltung', 'intitule', 'nom', 'thema', 'subject', 'sujet', 'programmpunkt'],
  summary: ['summary', 'abstract', 'resume', 'kurzbeschreibung', 'zusammenfassung', 'teaser', 'subtitle', 'untertitel', 'sous titre', 'chapeau'],
  description: ['description', 'beschreibung', 'details', 'text', 'body', 'inhalt', 'contenu', 'long description'],
  date: ['date', 'datum', 'day', 'tag', 'jour', 'wochentag'],
  start: [
    'start',
    'begin',
    'beginn',
    'debut',
    'starts',
    'starts at',
    'start time',
    'startzeit',
    'heure de debut',
    'from',
    'von',
    'time',
    'uhrzeit',
    'heure',
    'zeit',
    'horaire',
  ],
  end: ['end', 'ende', 'fin', 'ends', 'ends at', 'end time', 'endzeit', 'heure de fin', 'to', 'bis', 'until', 'jusqu a'],
  duration: ['duration', 'dauer', 'duree', 'length', 'lange', 'laenge', 'minutes', 'minuten', 'min'],
  time_zone: ['time zone', 'timezone', 'tz', 'zeitzone', 'fuseau horaire', 'fuseau'],
  venue: ['venue', 'location', 'place', 'ort', 'lieu', 'veranstaltungsort', 'spielort', 'address', 'adresse', 'building', 'gebaude'],
  room: ['room', 'raum', 'salle', 'hall', 'saal', 'stage', 'buhne', 'scene', 'auditorium'],
  tags: [
    'track',
    'tracks',
    'tag',
    'tags',
    'category',
    'categories',
    'kategorie',
    'kategorien',
    'categorie',
    'theme',
    'themes',
    'type',
    'format',
    'rubrik',
    'rubrique',
    'genre',
  ],
  organizers: [
    'speaker',
    'speakers',
    'speaker s',
    'referent',
    'referenten',
    'referentin',
    'referent in',
    'referent innen',
    'intervenant',
    'intervenants',
    'intervenant e s',
    'orateur',
    'orateurs',
    'presenter',
    'presenters',
    'host',
    'hosts',
    'organizer',
    'organizers',
    'organiser',
    'organisers',
    'organisateur',
    'organisateurs',
    'veranstalter',
    'persons',
    'people',
    'personen',
    'moderator',
    'moderation',
    'artist',
    'artists',
    'kunstler',
    'artiste',
    'artistes',
  ],
  curators: ['curator', 'curators', 'kurator', 'kuratorin', 'kuratoren', 'commissaire', 'commissaires'],
  registration_url: [
    'registration',
    'registration url',
    'register',
    'tickets',
    'ticket',
    'ticket url',
    'ticket link',
    'booking',
    'anmeldung',
    'tickets url',
    'billetterie',
    'inscription',
    'reservation',
  ],
  online_url: ['online', 'online url', 'stream', 'livestream', 'live stream', 'streaming', 'video link', 'lien en ligne', 'online link'],
  price: ['price', 'prices', 'prix', 'preis', 'preise', 'cost', 'tarif', 'tarifs', 'eintritt', 'entry fee', 'fee', 'admission'],
  currency: ['currency', 'devise', 'monnaie', 'wahrung'],
  availability: ['availability', 'places', 'seats', 'disponibilite', 'verfugbarkeit', 'platze', 'ticket status'],
};

/** The field a normalized name stands for, exactly (`title_en` counts as `title`). */
function exactTarget(normalized: string): CsvTarget | undefined {
  const withoutLocale = normalized.replace(/ (en|fr|de)$/, '');
  return csvTargets.find(
    (target) => synonyms[target].includes(normalized) || synonyms[target].includes(withoutLocale) || target.replace('_', ' ') === withoutLocale,
  );
}

/** The field a name stands for by one of its words ("Session title" → title, "Start date" → start). */
function partialTarget(normalized: string): CsvTarget | undefined {
  const words = normalized.split(' ');
  for (let size = words.length - 1; size > 0; size--) {
    for (let from = 0; from + size <= words.length; from++) {
      const part = words.slice(from, from + size).join(' ');
      const target = csvTargets.find((candidate) => synonyms[candidate].includes(part));
      if (target) return target;
    }
  }
  return undefined;
}

/**
 * The proposed mapping of a header: each field gets the first column named exactly as it goes
 * by, then the first left whose name contains such a name; a column fills at most one field.
 */
export function guessMapping(header: readonly string[]): CsvMapping {
  const mapping: CsvMapping = {};
  const used = new Set<string>();
  for (const guess of [exactTarget, partialTarget]) {
    for (const column of header) {
      if (used.has(column)) continue;
      const target = guess(normalizeHeader(column));
      if (!target || mapping[target] !== undefined) continue;
      mapping[target] = column;
      used.add(column);
    }
  }
  return mapping;
}

/** The columns no field takes, as the file writes them (they are ignored, with a warning). */
export function unmappedColumns(header: readonly string[], mapping: CsvMapping): string[] {
  const used = new Set(Object.values(mapping));
  return header.filter((column) => column.trim() !== '' && !used.has(column));
}

/**
 * The signature of a header: its normalized names, sorted, hashed. Order, case and accents do
 * not change it, so the next export of the same source finds the mapping confirmed for the first.
 */
export function headerSignature(header: readonly string[]): string {
  const names = [...new Set(header.map(normalizeHeader).filter(Boolean))].sort();
  return createHash('sha256').update(names.join('\n')).digest('hex');
}

/** Whether a mapping can make events: a title, a start, and an end or a duration. */
export function isCompleteMapping(mapping: CsvMapping): boolean {
  return mapping.title !== undefined && mapping.start !== undefined && (mapping.end !== undefined || mapping.duration !== undefined);
}
