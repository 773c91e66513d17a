/**
 * Sentence pools and Markdown builders for event and edition texts. Pools are aligned across
 * locales (index i is the same sentence in every language), so translations stay faithful.
 */
import type { Locale } from '../../src/i18n/config.ts';
import { l, type Localized } from './content.ts';

/** Summary hooks; `{subject}` is the event subject in the same locale. */
const hooks: readonly Localized[] = [
  l(
    '“{subject}” gathers artists and audiences around one question: what do we notice when we slow down?',
    '« {subject} » réunit artistes et public autour d’une question : que remarque-t-on quand on ralentit ?',
    '„{subject}“ versammelt Künstler und Publikum um eine Frage: Was bemerken wir, wenn wir langsamer werden?',
  ),
  l(
    'An evening where “{subject}” becomes a starting point for stories, sounds and arguments.',
    'Une soirée où « {subject} » devient le point de départ d’histoires, de sons et de débats.',
    'Ein Abend, an dem „{subject}“ zum Ausgangspunkt für Geschichten, Klänge und Argumente wird.',
  ),
  l(
    '“{subject}” invites you to look again at places you pass every day.',
    '« {subject} » vous invite à regarder autrement les lieux que vous traversez chaque jour.',
    '„{subject}“ lädt ein, Orte neu anzusehen, an denen man täglich vorbeigeht.',
  ),
  l(
    'A hands-on encounter with “{subject}”, open to curious beginners and seasoned practitioners.',
    'Une rencontre concrète avec « {subject} », ouverte aux curieux comme aux praticiens aguerris.',
    'Eine praktische Begegnung mit „{subject}“, offen für Neugierige und Erfahrene.',
  ),
  l(
    'Local voices and international guests share the stage for “{subject}”.',
    'Voix locales et invités internationaux partagent la scène pour « {subject} ».',
    'Lokale Stimmen und internationale Gäste teilen sich die Bühne für „{subject}“.',
  ),
  l(
    '“{subject}” brings a forgotten chapter of the city back into public view.',
    '« {subject} » remet en lumière un chapitre oublié de la ville.',
    '„{subject}“ holt ein vergessenes Kapitel der Stadt zurück ins öffentliche Bewusstsein.',
  ),
  l(
    'Part performance, part conversation: “{subject}” asks the audience to take part.',
    'Mi-spectacle, mi-conversation : « {subject} » invite le public à participer.',
    'Halb Aufführung, halb Gespräch: „{subject}“ bittet das Publikum mitzumachen.',
  ),
  l(
    'A rare chance to experience “{subject}” in an intimate setting.',
    'Une occasion rare de découvrir « {subject} » dans un cadre intimiste.',
    'Eine seltene Gelegenheit, „{subject}“ in intimem Rahmen zu erleben.',
  ),
];

const details: readonly Localized[] = [
  l(
    'The programme ends with an open conversation with the artists and a drink in the foyer.',
    'La séance se termine par une conversation ouverte avec les artistes et un verre au foyer.',
    'Zum Abschluss gibt es ein offenes Gespräch mit den Künstlern und ein Getränk im Foyer.',
  ),
  l(
    'Places are limited; latecomers may not be admitted once the doors close.',
    'Les places sont limitées ; les retardataires pourraient ne pas être admis une fois les portes fermées.',
    'Die Plätze sind begrenzt; nach Schließung der Türen ist kein Einlass mehr möglich.',
  ),
  l(
    'Materials are provided. Wear comfortable clothes and bring a notebook.',
    'Le matériel est fourni. Prévoyez une tenue confortable et un carnet.',
    'Material wird gestellt. Bitte bequeme Kleidung tragen und ein Notizbuch mitbringen.',
  ),
  l(
    'The work was developed over a year of residencies with neighbourhood groups.',
    'L’œuvre a été développée au fil d’une année de résidences avec des associations de quartier.',
    'Die Arbeit entstand in einem Jahr voller Residenzen mit Nachbarschaftsgruppen.',
  ),
  l(
    'Suitable for ages 12 and up. Relaxed seating; you are welcome to come and go.',
    'Dès 12 ans. Placement libre ; vous pouvez entrer et sortir librement.',
    'Geeignet ab 12 Jahren. Freie Platzwahl; Kommen und Gehen ist jederzeit möglich.',
  ),
  l(
    'Recordings from the archive are played alongside new commissions.',
    'Des enregistrements d’archives sont diffusés aux côtés de nouvelles créations.',
    'Aufnahmen aus dem Archiv erklingen neben neuen Auftragswerken.',
  ),
  l(
    'Simultaneous interpretation is available through the festival app.',
    'Une interprétation simultanée est proposée via l’application du festival.',
    'Simultandolmetschen ist über die Festival-App verfügbar.',
  ),
];

const bodyLabels = {
  heading: l('About this event', 'À propos de cet événement', 'Über die Veranstaltung'),
  duration: l('Duration', 'Durée', 'Dauer'),
  days: l('days', 'jours', 'Tage'),
  language: l('Language', 'Langue', 'Sprache'),
  venue: l('Venue', 'Lieu', 'Ort'),
  book: l('Book a place', 'Réserver une place', 'Platz reservieren'),
  watch: l('Watch the live stream', 'Suivre le direct', 'Livestream ansehen'),
};

export interface EventTextInput {
  detailIndex: number;
  minutes: number;
  days: number;
  language: string;
  venueName: string;
  registrationUrl: string | null;
  onlineUrl: string | null;
}

/** The event summary: one hook sentence. */
export function buildEventSummary(locale: Locale, hookIndex: number, subject: string): string {
  return hooks[hookIndex % hooks.length]![locale].replace('{subject}', subject);
}

/** The Markdown body of an event: a heading, a paragraph, a practical list and a link. */
export function buildEventBody(locale: Locale, input: EventTextInput): string {
  // The body carries what the summary does not: the summary is shown above it on the page.
  const detail = details[input.detailIndex % details.length]![locale];
  const more = details[(input.detailIndex + 3) % details.length]![locale];
  const duration = input.days > 1 ? `${input.days} ${bodyLabels.days[locale]}` : `${input.minutes} min`;
  const link = input.registrationUrl
    ? `\n\n[${bodyLabels.book[locale]}](${input.registrationUrl})`
    : input.onlineUrl
      ? `\n\n[${bodyLabels.watch[locale]}](${input.onlineUrl})`
      : '';
  // French typography puts a non-breaking space before a colon.
  const colon = locale === 'fr' ? '\u00a0:' : ':';
  return (
    `## ${bodyLabels.heading[locale]}\n\n${detail} ${more}\n\n` +
    `- ${bodyLabels.duration[locale]}${colon} ${duration}\n` +
    `- ${bodyLabels.language[locale]}${colon} ${input.language}\n` +
    `- ${bodyLabels.venue[locale]}${colon} ${input.venueName}` +
    link
  );
}

const editionParagraphs: readonly Localized[] = [
  l(
    'Over {days} days, the festival spreads across libraries, warehouses, theatres and the airwaves, with most events free or pay-what-you-can.',
    'Pendant {days} jours, le festival investit bibliothèques, entrepôts, théâtres et ondes radio ; la plupart des événements sont gratuits ou à prix libre.',
    '{days} Tage lang bespielt das Festival Bibliotheken, Lagerhallen, Theater und den Äther; die meisten Veranstaltungen sind kostenlos oder zahlen Sie, was Sie können.',
  ),
  l(
    'This edition was shaped over two years of conversations with artists, neighbourhood associations and researchers; it runs for {days} days.',
    'Cette édition est née de deux années de conversations avec des artistes, des associations de quartier et des chercheurs ; elle dure {days} jours.',
    'Diese Ausgabe entstand aus zwei Jahren Gesprächen mit Künstlern, Nachbarschaftsvereinen und Forschenden; sie dauert {days} Tage.',
  ),
];

const editionLabels = {
  about: l('What to expect', 'Au programme', 'Was Sie erwartet'),
  items: [
    l(
      'Concerts, talks, screenings and workshops in several cities',
      'Concerts, conférences, projections et ateliers dans plusieurs villes',
      'Konzerte, Vorträge, Filmvorführungen und Workshops in mehreren Städten',
    ),
    l(
      'Free entry for under-18s at every venue',
      'Entrée gratuite pour les moins de 18 ans dans tous les lieux',
      'Freier Eintritt für unter 18-Jährige an allen Orten',
    ),
    l(
      'Live streams for audiences who cannot travel',
      'Des diffusions en direct pour le public qui ne peut pas se déplacer',
      'Livestreams für alle, die nicht anreisen können',
    ),
  ],
  access: l('Read the accessibility guide', 'Lire le guide d’accessibilité', 'Den Leitfaden zur Barrierefreiheit lesen'),
};

/** The Markdown body of an edition. */
export function buildEditionBody(locale: Locale, themeSummary: string, days: number, variant: number): string {
  const paragraph = editionParagraphs[variant % editionParagraphs.length]![locale].replace('{days}', String(days));
  const list = editionLabels.items.map((item) => `- ${item[locale]}`).join('\n');
  return (
    `## ${editionLabels.about[locale]}\n\n${themeSummary} ${paragraph}\n\n${list}\n\n` +
    `[${editionLabels.access[locale]}](https://edition-hub.example/${locale}/access)`
  );
}
