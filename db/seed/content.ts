/**
 * Demo vocabulary for a travelling arts-and-ideas festival: venues, event formats, programme
 * subjects, tags and edition themes, each in every locale. The generator combines these pieces,
 * so a small list here yields thousands of plausible, varied events.
 */
import type { Locale } from '../../src/i18n/config.ts';

export type Localized = Record<Locale, string>;

/** Builds a per-locale text; keeps the content tables below compact and aligned. */
export const l = (en: string, fr: string, de: string): Localized => ({ en, fr, de });

export interface Venue {
  name: Localized;
  /** Null for online-only venues. */
  address: string | null;
  timeZone: string;
  online: boolean;
  /** Where a map link points (decimal degrees); absent for online-only venues. */
  point?: { latitude: number; longitude: number };
  /** Rooms events may take place in; empty when the venue is one space. */
  rooms?: readonly string[];
}

export const venues: readonly Venue[] = [
  {
    name: l('La Fabrique Lumière', 'La Fabrique Lumière', 'La Fabrique Lumière'),
    address: '12 rue des Vinaigriers, 75010 Paris, France',
    timeZone: 'Europe/Paris',
    online: false,
    point: { latitude: 48.8721, longitude: 2.3607 },
    rooms: ['Atelier', 'Grande nef'],
  },
  {
    name: l('Grand Hall, Central Library', 'Grande salle de la Bibliothèque centrale', 'Großer Saal der Zentralbibliothek'),
    address: '3 place de la Nation, 75011 Paris, France',
    timeZone: 'Europe/Paris',
    online: false,
    point: { latitude: 48.8484, longitude: 2.3959 },
    rooms: ['Grand Hall', 'Salle 2'],
  },
  {
    name: l('Halle des Tanneurs', 'Halle des Tanneurs', 'Halle des Tanneurs'),
    address: '8 quai Saint-Vincent, 69001 Lyon, France',
    timeZone: 'Europe/Paris',
    online: false,
    point: { latitude: 45.7683, longitude: 4.8265 },
  },
  {
    name: l('Kesselhaus am Kanal', 'Kesselhaus am Kanal', 'Kesselhaus am Kanal'),
    address: 'Paul-Lincke-Ufer 21, 10999 Berlin, Germany',
    timeZone: 'Europe/Berlin',
    online: false,
    point: { latitude: 52.4945, longitude: 13.423 },
    rooms: ['Kesselhalle', 'Studio'],
  },
  {
    name: l('Warehouse 9, Sandtorkai', 'Entrepôt 9, Sandtorkai', 'Speicher 9, Sandtorkai'),
    address: 'Am Sandtorkai 9, 20457 Hamburg, Germany',
    timeZone: 'Europe/Berlin',
    online: false,
    point: { latitude: 53.5437, longitude: 9.9885 },
  },
  {
    name: l('Wharf Street Library, Reading Room', 'Bibliothèque de Wharf Street, salle de lecture', 'Wharf Street Library, Lesesaal'),
    address: '14 Wharf Street, London SE8 3DX, United Kingdom',
    timeZone: 'Europe/London',
    online: false,
    point: { latitude: 51.48, longitude: -0.029 },
  },
  {
    name: l('The Kelvin Rooms', 'Les Salons Kelvin', 'Die Kelvin Rooms'),
    address: '41 Argyle Street, Glasgow G2 8AH, United Kingdom',
    timeZone: 'Europe/London',
    online: false,
    point: { latitude: 55.859, longitude: -4.256 },
    rooms: ['Upper Room', 'Basement'],
  },
  {
    name: l('Pier 7 Studio', 'Studio du Pier 7', 'Pier 7 Studio'),
    address: '70 Water Street, Brooklyn, NY 11201, United States',
    timeZone: 'America/New_York',
    online: false,
    point: { latitude: 40.7033, longitude: -73.9893 },
  },
  {
    name: l('Théâtre du Mile End', 'Théâtre du Mile End', 'Théâtre du Mile End'),
    address: '5240 avenue du Parc, Montréal, QC H2V 4G7, Canada',
    timeZone: 'America/Montreal',
    online: false,
    point: { latitude: 45.522, longitude: -73.598 },
    rooms: ['Grande salle', 'Studio'],
  },
  {
    name: l('Kiyosumi Warehouse Gallery', 'Galerie de l’entrepôt Kiyosumi', 'Galerie im Lagerhaus Kiyosumi'),
    address: '2-5-18 Kiyosumi, Koto-ku, Tokyo 135-0024, Japan',
    timeZone: 'Asia/Tokyo',
    online: false,
    point: { latitude: 35.681, longitude: 139.798 },
  },
  {
    name: l('Armazém das Artes', 'Armazém das Artes', 'Armazém das Artes'),
    address: 'Rua da Boavista 62, 1200-066 Lisboa, Portugal',
    timeZone: 'Europe/Lisbon',
    online: false,
    point: { latitude: 38.7075, longitude: -9.148 },
  },
  {
    name: l('Online – live stream from Paris', 'En ligne – direct depuis Paris', 'Online – Livestream aus Paris'),
    address: null,
    timeZone: 'Europe/Paris',
    online: true,
  },
  {
    name: l('Online – studio broadcast, Montréal', 'En ligne – studio de Montréal', 'Online – Studiosendung aus Montréal'),
    address: null,
    timeZone: 'America/Montreal',
    online: true,
  },
  { name: l('Online – festival radio', 'En ligne – radio du festival', 'Online – Festivalradio'), address: null, timeZone: 'Europe/Berlin', online: true },
];

export interface EventFormat {
  key: string;
  /** Slug of the tag every event of this format gets. */
  tag: string;
  name: Localized;
  /** Typical local start hours and length in minutes; the generator picks within these. */
  startHours: readonly number[];
  minutes: readonly [number, number];
  /** Runs over several days (exhibitions, installations). */
  multiDay?: boolean;
}

export const formats: readonly EventFormat[] = [
  { key: 'concert', tag: 'music', name: l('Concert', 'Concert', 'Konzert'), startHours: [19, 20, 21], minutes: [75, 120] },
  { key: 'talk', tag: 'philosophy', name: l('Talk', 'Conférence', 'Vortrag'), startHours: [12, 17, 18, 19], minutes: [45, 90] },
  { key: 'workshop', tag: 'family-friendly', name: l('Workshop', 'Atelier', 'Workshop'), startHours: [10, 11, 14], minutes: [120, 240] },
  { key: 'screening', tag: 'film', name: l('Screening', 'Projection', 'Filmvorführung'), startHours: [18, 20, 21], minutes: [90, 150] },
  { key: 'theatre', tag: 'theatre', name: l('Theatre', 'Théâtre', 'Theater'), startHours: [19, 20], minutes: [70, 140] },
  { key: 'exhibition', tag: 'visual-arts', name: l('Exhibition', 'Exposition', 'Ausstellung'), startHours: [10, 11], minutes: [480, 480], multiDay: true },
  { key: 'reading', tag: 'literature', name: l('Reading', 'Lecture', 'Lesung'), startHours: [18, 19], minutes: [60, 90] },
  { key: 'panel', tag: 'technology', name: l('Panel discussion', 'Table ronde', 'Podiumsdiskussion'), startHours: [14, 16, 18], minutes: [60, 120] },
  { key: 'walk', tag: 'architecture', name: l('Walking tour', 'Promenade commentée', 'Stadtspaziergang'), startHours: [9, 10, 15], minutes: [90, 150] },
  { key: 'listening', tag: 'music', name: l('Listening session', 'Séance d’écoute', 'Hörsession'), startHours: [17, 21, 22], minutes: [60, 90] },
  { key: 'masterclass', tag: 'youth', name: l('Masterclass', 'Classe de maître', 'Meisterkurs'), startHours: [10, 14], minutes: [90, 180] },
  { key: 'performance', tag: 'dance', name: l('Dance performance', 'Spectacle de danse', 'Tanzperformance'), startHours: [19, 20], minutes: [50, 90] },
];

/** Programme subjects; an event title is "<format>: <subject>". */
export const subjects: readonly Localized[] = [
  l('Night Music for Strings', 'Musique de nuit pour cordes', 'Nachtmusik für Streicher'),
  l('The City After Dark', 'La ville après la tombée de la nuit', 'Die Stadt nach Einbruch der Dunkelheit'),
  l('Rivers We Borrow', 'Les rivières que l’on emprunte', 'Geliehene Flüsse'),
  l('Archives of Small Things', 'Archives des petites choses', 'Archive der kleinen Dinge'),
  l('Listening to Concrete', 'Écouter le béton', 'Dem Beton zuhören'),
  l('A Short History of Public Gardens', 'Brève histoire des jardins publics', 'Eine kurze Geschichte der Stadtgärten'),
  l('Songs from the Harbour', 'Chansons du port', 'Lieder aus dem Hafen'),
  l('Machines That Dream', 'Les machines qui rêvent', 'Maschinen, die träumen'),
  l('Bread, Salt and Stories', 'Du pain, du sel et des histoires', 'Brot, Salz und Geschichten'),
  l('The Art of Repair', 'L’art de la réparation', 'Die Kunst der Reparatur'),
  l('Voices of the Delta', 'Les voix du delta', 'Stimmen aus dem Delta'),
  l('Weather Diaries', 'Journaux de la météo', 'Wettertagebücher'),
  l('Translating Silence', 'Traduire le silence', 'Stille übersetzen'),
  l('Cities Built on Water', 'Des villes bâties sur l’eau', 'Auf Wasser gebaute Städte'),
  l('Women Behind the Camera', 'Les femmes derrière la caméra', 'Frauen hinter der Kamera'),
  l('New Music from Montréal', 'Nouvelles musiques de Montréal', 'Neue Musik aus Montréal'),
  l('The Future of Libraries', 'L’avenir des bibliothèques', 'Die Zukunft der Bibliotheken'),
  l('Poems for the Night Bus', 'Poèmes pour le bus de nuit', 'Gedichte für den Nachtbus'),
  l('Light, Glass and Shadow', 'Lumière, verre et ombre', 'Licht, Glas und Schatten'),
  l('Migrant Kitchens', 'Cuisines migrantes', 'Migrantische Küchen'),
  l('The Forest as Archive', 'La forêt comme archive', 'Der Wald als Archiv'),
  l('Electronic Lullabies', 'Berceuses électroniques', 'Elektronische Wiegenlieder'),
  l('Drawing the Invisible', 'Dessiner l’invisible', 'Das Unsichtbare zeichnen'),
  l('Maps of Home', 'Cartes du chez-soi', 'Landkarten des Zuhauses'),
  l('Ten Years of Open Studios', 'Dix ans d’ateliers ouverts', 'Zehn Jahre offene Ateliers'),
  l('Sound Walks by the Canal', 'Balades sonores le long du canal', 'Klangspaziergänge am Kanal'),
  l('Children of the Algorithm', 'Les enfants de l’algorithme', 'Kinder des Algorithmus'),
  l('A Choir of Strangers', 'Un chœur d’inconnus', 'Ein Chor von Fremden'),
  l('Ruins and Renewals', 'Ruines et renouveaux', 'Ruinen und Neuanfänge'),
  l('Slow Cinema, Fast World', 'Cinéma lent, monde pressé', 'Langsames Kino, schnelle Welt'),
  l('The Body Remembers', 'Le corps se souvient', 'Der Körper erinnert sich'),
  l('Printing the Revolution', 'Imprimer la révolution', 'Die Revolution drucken'),
  l('Jazz at the Edge of Town', 'Du jazz aux portes de la ville', 'Jazz am Stadtrand'),
  l('What the Tide Leaves', 'Ce que laisse la marée', 'Was die Flut zurücklässt'),
  l('Architecture for Heatwaves', 'Une architecture pour les canicules', 'Architektur für Hitzewellen'),
  l('Letters Never Sent', 'Lettres jamais envoyées', 'Nie abgeschickte Briefe'),
];

export interface TagDefinition {
  slug: string;
  label: Localized;
}

export const tags: readonly TagDefinition[] = [
  { slug: 'music', label: l('Music', 'Musique', 'Musik') },
  { slug: 'film', label: l('Film', 'Cinéma', 'Film') },
  { slug: 'literature', label: l('Literature', 'Littérature', 'Literatur') },
  { slug: 'theatre', label: l('Theatre', 'Théâtre', 'Theater') },
  { slug: 'dance', label: l('Dance', 'Danse', 'Tanz') },
  { slug: 'visual-arts', label: l('Visual arts', 'Arts visuels', 'Bildende Kunst') },
  { slug: 'photography', label: l('Photography', 'Photographie', 'Fotografie') },
  { slug: 'architecture', label: l('Architecture', 'Architecture', 'Architektur') },
  { slug: 'climate', label: l('Climate', 'Climat', 'Klima') },
  { slug: 'technology', label: l('Technology', 'Technologie', 'Technologie') },
  { slug: 'philosophy', label: l('Philosophy', 'Philosophie', 'Philosophie') },
  { slug: 'food', label: l('Food', 'Gastronomie', 'Essen') },
  { slug: 'history', label: l('History', 'Histoire', 'Geschichte') },
  { slug: 'family-friendly', label: l('Family friendly', 'En famille', 'Für Familien') },
  { slug: 'free-entry', label: l('Free entry', 'Entrée libre', 'Eintritt frei') },
  { slug: 'step-free-access', label: l('Step-free access', 'Accès de plain-pied', 'Barrierefreier Zugang') },
  { slug: 'sign-language', label: l('Sign language', 'Langue des signes', 'Gebärdensprache') },
  { slug: 'premiere', label: l('Premiere', 'Première', 'Premiere') },
  { slug: 'youth', label: l('Young audiences', 'Jeune public', 'Junges Publikum') },
];

/** Index of the tag that deliberately has no German label, so the fallback shows. */
export const tagWithoutGerman = tags.findIndex((tag) => tag.slug === 'premiere');

export interface EditionTheme {
  title: Localized;
  summary: Localized;
}

export const editionThemes: readonly EditionTheme[] = [
  {
    title: l('Common Ground', 'Terrain commun', 'Gemeinsamer Boden'),
    summary: l(
      'Artists and thinkers ask what we still share: land, language, water and time.',
      'Artistes et penseurs se demandent ce que nous partageons encore : la terre, la langue, l’eau et le temps.',
      'Künstlerinnen und Denker fragen, was uns noch verbindet: Land, Sprache, Wasser und Zeit.',
    ),
  },
  {
    title: l('Listening to the City', 'À l’écoute de la ville', 'Der Stadt zuhören'),
    summary: l(
      'Concerts, sound walks and talks that treat the city as an instrument.',
      'Concerts, balades sonores et conférences qui font de la ville un instrument.',
      'Konzerte, Klangspaziergänge und Vorträge, die die Stadt als Instrument begreifen.',
    ),
  },
  {
    title: l('Borrowed Light', 'Lumière empruntée', 'Geliehenes Licht'),
    summary: l(
      'A season about images, reflections and the people who make them.',
      'Une saison consacrée aux images, aux reflets et à celles et ceux qui les créent.',
      'Eine Saison über Bilder, Spiegelungen und die Menschen, die sie machen.',
    ),
  },
  {
    title: l('Night Shifts', 'Équipes de nuit', 'Nachtschichten'),
    summary: l(
      'After-hours programmes for the workers, dreamers and insomniacs of the city.',
      'Une programmation nocturne pour les travailleurs, les rêveurs et les insomniaques de la ville.',
      'Ein Programm nach Feierabend für die Arbeitenden, Träumenden und Schlaflosen der Stadt.',
    ),
  },
  {
    title: l('Small Utopias', 'Petites utopies', 'Kleine Utopien'),
    summary: l(
      'Modest, practical visions of a better everyday life, from repair cafés to shared gardens.',
      'Des visions modestes et concrètes d’un quotidien meilleur, des cafés de réparation aux jardins partagés.',
      'Bescheidene, praktische Visionen eines besseren Alltags, vom Reparaturcafé bis zum Gemeinschaftsgarten.',
    ),
  },
  {
    title: l('After the Flood', 'Après le déluge', 'Nach der Flut'),
    summary: l(
      'How communities rebuild, remember and imagine what comes next.',
      'Comment les communautés reconstruisent, se souviennent et imaginent la suite.',
      'Wie Gemeinschaften wieder aufbauen, sich erinnern und sich das Kommende vorstellen.',
    ),
  },
  {
    title: l('Open Archives', 'Archives ouvertes', 'Offene Archive'),
    summary: l(
      'Forgotten collections return to public life through performance, film and conversation.',
      'Des collections oubliées reviennent à la vie publique par la performance, le cinéma et la conversation.',
      'Vergessene Sammlungen kehren durch Performance, Film und Gespräch ins öffentliche Leben zurück.',
    ),
  },
  {
    title: l('Many Tongues', 'Mille langues', 'Viele Zungen'),
    summary: l(
      'Translation as an art form: readings, songs and debates across languages.',
      'La traduction comme art : lectures, chansons et débats d’une langue à l’autre.',
      'Übersetzen als Kunstform: Lesungen, Lieder und Debatten über Sprachgrenzen hinweg.',
    ),
  },
];

/** Season names by UTC month (0–11); an edition is named after the season it starts in. */
export const seasons: readonly { months: readonly number[]; name: Localized }[] = [
  { months: [2, 3, 4], name: l('Spring', 'Printemps', 'Frühling') },
  { months: [5, 6, 7], name: l('Summer', 'Été', 'Sommer') },
  { months: [8, 9, 10], name: l('Autumn', 'Automne', 'Herbst') },
  { months: [11, 0, 1], name: l('Winter', 'Hiver', 'Winter') },
];

/** Languages an event can be held in, named in each locale. */
export const spokenLanguages: readonly Localized[] = [
  l('English', 'anglais', 'Englisch'),
  l('French', 'français', 'Französisch'),
  l('German', 'allemand', 'Deutsch'),
  l('English and French', 'anglais et français', 'Englisch und Französisch'),
  l('No words spoken', 'sans paroles', 'ohne Worte'),
];
