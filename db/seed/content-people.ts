/**
 * Demo curators and organizers. Curator bios are assembled from a per-locale template so every
 * locale reads as a real translation, not a machine-shuffled one.
 */
import type { Locale } from '../../src/i18n/config.ts';
import { l, type Localized } from './content.ts';

export interface CuratorDefinition {
  name: string;
  shortBio: Localized;
  /** Research focus; the German text is in the dative (it follows "widmet sich"). */
  focus: Localized;
  project: Localized;
  since: number;
  links: { label: string; url: string }[];
}

export const curators: readonly CuratorDefinition[] = [
  {
    name: 'Amara Okafor',
    shortBio: l(
      'Sound artist and radio producer based in London.',
      'Artiste sonore et productrice radio installée à Londres.',
      'Klangkünstlerin und Radioproduzentin mit Sitz in London.',
    ),
    focus: l('the acoustic ecology of port cities', 'l’écologie acoustique des villes portuaires', 'der akustischen Ökologie von Hafenstädten'),
    project: l('the Harbour Frequencies radio series', 'la série radiophonique Fréquences du port', 'die Radioreihe Hafenfrequenzen'),
    since: 2016,
    links: [{ label: 'Website', url: 'https://amara-okafor.example/' }],
  },
  {
    name: 'Lucie Marchand',
    shortBio: l('Film programmer and critic from Lyon.', 'Programmatrice de cinéma et critique lyonnaise.', 'Filmprogrammgestalterin und Kritikerin aus Lyon.'),
    focus: l(
      'women directors of the 1970s and their archives',
      'les réalisatrices des années 1970 et leurs archives',
      'Regisseurinnen der 1970er-Jahre und ihren Archiven',
    ),
    project: l(
      'the Cinéma des Quais open-air screenings',
      'les projections en plein air du Cinéma des Quais',
      'die Open-Air-Vorführungen des Cinéma des Quais',
    ),
    since: 2012,
    links: [{ label: 'Letterboxd', url: 'https://letterboxd.example/luciemarchand' }],
  },
  {
    name: 'Jonas Reinholt',
    shortBio: l('Architect and urbanist teaching in Berlin.', 'Architecte et urbaniste, enseignant à Berlin.', 'Architekt und Stadtplaner, lehrt in Berlin.'),
    focus: l('climate-ready public space and shade', 'l’espace public adapté au climat et l’ombre', 'klimagerechtem öffentlichem Raum und Schatten'),
    project: l('the Cool Streets research studio', 'l’atelier de recherche Rues fraîches', 'das Forschungsstudio Kühle Straßen'),
    since: 2018,
    links: [{ label: 'Studio', url: 'https://coolstreets.example/' }],
  },
  {
    name: 'Mei Takahashi',
    shortBio: l(
      'Curator of media art at a Tokyo gallery.',
      'Commissaire d’art numérique dans une galerie de Tokyo.',
      'Kuratorin für Medienkunst in einer Tokioter Galerie.',
    ),
    focus: l(
      'machine learning as a material for artists',
      'l’apprentissage automatique comme matériau artistique',
      'maschinellem Lernen als künstlerischem Material',
    ),
    project: l('the Soft Machines exhibition cycle', 'le cycle d’expositions Machines douces', 'den Ausstellungszyklus Sanfte Maschinen'),
    since: 2019,
    links: [{ label: 'Gallery', url: 'https://kiyosumi-gallery.example/mei' }],
  },
  {
    name: 'Camille Dufresne',
    shortBio: l(
      'Theatre director and dramaturg from Montréal.',
      'Metteuse en scène et dramaturge montréalaise.',
      'Theaterregisseurin und Dramaturgin aus Montréal.',
    ),
    focus: l(
      'bilingual theatre and the politics of accent',
      'le théâtre bilingue et la politique de l’accent',
      'zweisprachigem Theater und der Politik des Akzents',
    ),
    project: l('the Deux Rives touring company', 'la compagnie itinérante Deux Rives', 'die Tourneekompanie Deux Rives'),
    since: 2014,
    links: [{ label: 'Company', url: 'https://deuxrives.example/' }],
  },
  {
    name: 'Tomasz Wiśniewski',
    shortBio: l(
      'Composer and improviser living between Kraków and Hamburg.',
      'Compositeur et improvisateur, entre Cracovie et Hambourg.',
      'Komponist und Improvisator zwischen Krakau und Hamburg.',
    ),
    focus: l(
      'folk song collections and electronic music',
      'les recueils de chants populaires et la musique électronique',
      'Volksliedsammlungen und elektronischer Musik',
    ),
    project: l('the Lost Songs Ensemble', 'l’ensemble Chansons perdues', 'das Ensemble Verlorene Lieder'),
    since: 2015,
    links: [{ label: 'Bandcamp', url: 'https://tomaszw.example/music' }],
  },
  {
    name: 'Sofía Álvarez',
    shortBio: l(
      'Food historian and writer based in Lisbon.',
      'Historienne de l’alimentation et autrice installée à Lisbonne.',
      'Ernährungshistorikerin und Autorin mit Sitz in Lissabon.',
    ),
    focus: l(
      'migrant kitchens and the recipes they carry',
      'les cuisines migrantes et les recettes qu’elles transportent',
      'migrantischen Küchen und den Rezepten, die sie mitbringen',
    ),
    project: l('the Shared Table supper club', 'le club de dîners La Table partagée', 'den Supper Club Geteilter Tisch'),
    since: 2017,
    links: [{ label: 'Newsletter', url: 'https://sharedtable.example/' }],
  },
  {
    name: 'Henrik Lund',
    shortBio: l(
      'Photographer and publisher of small-run photobooks.',
      'Photographe et éditeur de livres photo à petit tirage.',
      'Fotograf und Verleger von Fotobüchern in kleiner Auflage.',
    ),
    focus: l(
      'coastlines, erosion and the photographic archive',
      'les littoraux, l’érosion et l’archive photographique',
      'Küsten, Erosion und dem fotografischen Archiv',
    ),
    project: l('Tideline Press', 'les éditions Tideline', 'den Verlag Tideline Press'),
    since: 2011,
    links: [{ label: 'Tideline Press', url: 'https://tideline.example/' }],
  },
  {
    name: 'Nadia Benali',
    shortBio: l(
      'Philosopher and public-radio host in Paris.',
      'Philosophe et animatrice de radio publique à Paris.',
      'Philosophin und Moderatorin beim öffentlichen Rundfunk in Paris.',
    ),
    focus: l(
      'hospitality, borders and the ethics of welcome',
      'l’hospitalité, les frontières et l’éthique de l’accueil',
      'Gastfreundschaft, Grenzen und der Ethik des Willkommens',
    ),
    project: l('the weekly broadcast Open Doors', 'l’émission hebdomadaire Portes ouvertes', 'die wöchentliche Sendung Offene Türen'),
    since: 2013,
    links: [{ label: 'Podcast', url: 'https://portes-ouvertes.example/' }],
  },
  {
    name: 'Élodie Fontaine',
    shortBio: l(
      'Choreographer working with non-professional dancers.',
      'Chorégraphe travaillant avec des danseurs amateurs.',
      'Choreografin, die mit Laientänzerinnen und -tänzern arbeitet.',
    ),
    focus: l('movement, memory and ageing bodies', 'le mouvement, la mémoire et les corps vieillissants', 'Bewegung, Erinnerung und alternden Körpern'),
    project: l(
      'the intergenerational company Corps Communs',
      'la compagnie intergénérationnelle Corps communs',
      'die generationenübergreifende Kompanie Corps Communs',
    ),
    since: 2010,
    links: [{ label: 'Company', url: 'https://corpscommuns.example/' }],
  },
  {
    name: 'Kwame Mensah',
    shortBio: l(
      'Writer and literary translator based in New York.',
      'Écrivain et traducteur littéraire installé à New York.',
      'Schriftsteller und literarischer Übersetzer mit Sitz in New York.',
    ),
    focus: l(
      'translation between African and European languages',
      'la traduction entre langues africaines et européennes',
      'der Übersetzung zwischen afrikanischen und europäischen Sprachen',
    ),
    project: l('the Many Tongues reading series', 'le cycle de lectures Mille langues', 'die Lesereihe Viele Zungen'),
    since: 2020,
    links: [{ label: 'Website', url: 'https://kwamemensah.example/' }],
  },
  {
    name: 'Hannah Weiss',
    shortBio: l(
      'Historian and archivist at a Hamburg labour museum.',
      'Historienne et archiviste dans un musée du travail à Hambourg.',
      'Historikerin und Archivarin an einem Hamburger Museum der Arbeit.',
    ),
    focus: l('the archives of dockworkers’ unions', 'les archives des syndicats de dockers', 'den Archiven der Hafenarbeitergewerkschaften'),
    project: l('the Open Archive evenings', 'les soirées Archives ouvertes', 'die Abende Offenes Archiv'),
    since: 2015,
    links: [],
  },
];

/** Index of the curator published without a French bio, so the fallback shows. */
export const curatorWithoutFrench = 7;

/** The long bio of one curator in one locale. */
export function buildCuratorBio(curator: CuratorDefinition, locale: Locale): string {
  const { name, since } = curator;
  const shortBio = curator.shortBio[locale];
  const focus = curator.focus[locale];
  const project = curator.project[locale];
  switch (locale) {
    case 'fr':
      return `${shortBio} Ses recherches actuelles portent sur ${focus}. Depuis ${since}, ${name} dirige ${project}, un programme présenté dans des festivals en Europe et en Amérique du Nord.\n\nPour Edition Hub, ${name} réunit artistes, chercheurs et habitants dans des formats qui privilégient la conversation au spectacle.`;
    case 'de':
      return `${shortBio} Die aktuelle Arbeit von ${name} widmet sich ${focus}. Seit ${since} verantwortet ${name} ${project}, ein Programm, das auf Festivals in Europa und Nordamerika zu sehen war.\n\nFür Edition Hub bringt ${name} Künstlerinnen, Forschende und Nachbarschaften in Formaten zusammen, die das Gespräch dem Spektakel vorziehen.`;
    default:
      return `${shortBio} Their current research looks at ${focus}. Since ${since} ${name} has led ${project}, a programme that has travelled to festivals in Europe and North America.\n\nFor Edition Hub, ${name} brings together artists, researchers and neighbours in formats that favour conversation over spectacle.`;
  }
}

export interface OrganizerDefinition {
  name: string;
  kind: 'organisation' | 'person';
  websiteUrl: string | null;
  /** Gets one of the generated logos. */
  hasLogo: boolean;
  description: Localized;
  /** Locales deliberately left untranslated. */
  missing?: readonly Locale[];
}

export const organizers: readonly OrganizerDefinition[] = [
  {
    name: 'Maison de la Parole',
    kind: 'organisation',
    websiteUrl: 'https://maisondelaparole.example/',
    hasLogo: true,
    description: l(
      'A Paris cultural centre devoted to the spoken word: readings, debates and oral history.',
      'Un centre culturel parisien consacré à la parole : lectures, débats et histoire orale.',
      'Ein Pariser Kulturzentrum für das gesprochene Wort: Lesungen, Debatten und Oral History.',
    ),
  },
  {
    name: 'Kulturforum Spree',
    kind: 'organisation',
    websiteUrl: 'https://kulturforum-spree.example/',
    hasLogo: true,
    description: l(
      'An independent Berlin venue for experimental music, media art and night-time programmes.',
      'Un lieu indépendant berlinois dédié aux musiques expérimentales, à l’art numérique et aux programmes nocturnes.',
      'Ein unabhängiger Berliner Ort für experimentelle Musik, Medienkunst und Nachtprogramme.',
    ),
  },
  {
    name: 'Thameside Arts Trust',
    kind: 'organisation',
    websiteUrl: 'https://thamesidearts.example/',
    hasLogo: true,
    description: l(
      'A charity running libraries, studios and riverside commissions in south-east London.',
      'Une fondation qui gère bibliothèques, ateliers et commandes artistiques au bord de la Tamise, dans le sud-est de Londres.',
      'Eine gemeinnützige Stiftung, die im Südosten Londons Bibliotheken, Ateliers und Kunstaufträge am Flussufer betreibt.',
    ),
  },
  {
    name: 'Hudson Street Commons',
    kind: 'organisation',
    websiteUrl: 'https://hudsoncommons.example/',
    hasLogo: false,
    description: l(
      'A Brooklyn collective of artists and tenants organising free public programmes.',
      'Un collectif d’artistes et de locataires de Brooklyn qui organise des programmes publics gratuits.',
      'Ein Brooklyner Kollektiv aus Künstlern und Mietern, das kostenlose öffentliche Programme organisiert.',
    ),
    missing: ['de'],
  },
  {
    name: 'Collectif Saint-Laurent',
    kind: 'organisation',
    websiteUrl: 'https://collectif-saint-laurent.example/',
    hasLogo: true,
    description: l(
      'A Montréal theatre and dance collective working in French and English.',
      'Un collectif montréalais de théâtre et de danse qui travaille en français et en anglais.',
      'Ein Theater- und Tanzkollektiv aus Montréal, das auf Französisch und Englisch arbeitet.',
    ),
  },
  {
    name: 'Kōen Sound Lab',
    kind: 'organisation',
    websiteUrl: 'https://koen-soundlab.example/',
    hasLogo: false,
    description: l(
      'A Tokyo laboratory for field recording, listening practice and public sound art.',
      'Un laboratoire tokyoïte d’enregistrement de terrain, de pratiques d’écoute et d’art sonore public.',
      'Ein Tokioter Labor für Feldaufnahmen, Hörpraxis und Klangkunst im öffentlichen Raum.',
    ),
  },
  {
    name: 'Les Amis du Cinéma Rhône',
    kind: 'organisation',
    websiteUrl: 'https://amis-cinema-rhone.example/',
    hasLogo: false,
    description: l(
      'A volunteer film society in Lyon that restores and screens regional cinema.',
      'Une association lyonnaise de bénévoles qui restaure et projette le cinéma régional.',
      'Ein ehrenamtlicher Filmclub in Lyon, der regionales Kino restauriert und zeigt.',
    ),
    missing: ['de'],
  },
  {
    name: 'Open Archive Network',
    kind: 'organisation',
    websiteUrl: 'https://openarchive.example/',
    hasLogo: false,
    description: l(
      'A European network of community archives opening their collections to artists.',
      'Un réseau européen d’archives citoyennes qui ouvrent leurs collections aux artistes.',
      'Ein europäisches Netzwerk von Gemeinschaftsarchiven, die ihre Sammlungen für Künstler öffnen.',
    ),
  },
  {
    name: 'Inès Delacroix',
    kind: 'person',
    websiteUrl: null,
    hasLogo: false,
    description: l(
      'Independent producer who has staged outdoor performances in twelve cities.',
      'Productrice indépendante, elle a monté des spectacles en plein air dans douze villes.',
      'Unabhängige Produzentin, die Freiluftaufführungen in zwölf Städten realisiert hat.',
    ),
  },
  {
    name: 'Marcus Feld',
    kind: 'person',
    websiteUrl: 'https://marcusfeld.example/',
    hasLogo: false,
    description: l(
      'Sound designer and engineer behind the festival’s live streams.',
      'Concepteur sonore et ingénieur du son, il est à l’origine des diffusions en direct du festival.',
      'Sounddesigner und Toningenieur, verantwortlich für die Livestreams des Festivals.',
    ),
    missing: ['fr'],
  },
];
