-- The hub's editorial pages, until now Markdown files in the repository (src/content/pages/<locale>/<page>.md),
-- become rows (docs/decisions/038): their text as it was when the files were removed (title, description,
-- updated date, body) for en, fr and de, and revision 1 of each page holding that text, so the history
-- starts with what was published. The site settings row starts empty: every setting falls back to its
-- default (site name from the UI strings, the stylesheet's accent colour, HUB_CONTACT_TO).
-- Hand-written; INSERT OR IGNORE keeps it harmless on a database that already has the rows.
INSERT OR IGNORE INTO site_pages (slug) VALUES ('about');
--> statement-breakpoint
INSERT OR IGNORE INTO site_pages (slug) VALUES ('privacy-policy');
--> statement-breakpoint
INSERT OR IGNORE INTO site_pages (slug) VALUES ('terms-and-conditions');
--> statement-breakpoint
INSERT OR IGNORE INTO site_page_translations (page_id, locale, title, description, updated, body)
SELECT id, 'en', 'About Edition Hub', 'Edition Hub is a travelling programme of music, film, theatre, talks and ideas, organised in seasonal editions.', '2026-11-01', 'Edition Hub is a travelling festival of music, film, theatre, talks and ideas. Each **edition**
gathers a few weeks of events around one theme, chosen and presented by a small team of
**curators** and run with partner venues, collectives and libraries — the **organizers**.

## How the programme works

- Every edition has its own page with its dates, its curators, downloadable documents and the
  full programme, day by day.
- Every event page gives the date and time **in the time zone where the event happens**, the venue
  or the online link, and a calendar file you can add to your agenda.
- Most events are free or pay-what-you-can, and under-18s go free everywhere.

## Languages

The site is available in English, French and German. When a text has not been translated yet,
we show the original with a clear “not yet translated” notice rather than hiding it.

## Get in touch

Questions, accessibility requests or ideas for a future edition? Use the contact form — a person
on the programme team reads every message.
'
FROM site_pages WHERE slug = 'about';
--> statement-breakpoint
INSERT OR IGNORE INTO site_page_translations (page_id, locale, title, description, updated, body)
SELECT id, 'fr', 'À propos d’Edition Hub', 'Edition Hub est un programme itinérant de musique, de cinéma, de théâtre, de rencontres et d’idées, organisé en éditions saisonnières.', '2026-11-01', 'Edition Hub est un festival itinérant de musique, de cinéma, de théâtre, de rencontres et
d’idées. Chaque **édition** réunit quelques semaines d’événements autour d’un thème, choisis et
présentés par une petite équipe de **commissaires**, et organisés avec des lieux, des collectifs et
des bibliothèques partenaires — les **organisateurs**.

## Comment fonctionne le programme

- Chaque édition a sa page : ses dates, ses commissaires, des documents à télécharger et le
  programme complet, jour par jour.
- Chaque page d’événement indique la date et l’heure **dans le fuseau horaire du lieu de
  l’événement**, le lieu ou le lien en ligne, et un fichier d’agenda à ajouter à votre calendrier.
- La plupart des événements sont gratuits ou à prix libre, et l’entrée est gratuite partout pour
  les moins de 18 ans.

## Langues

Le site existe en anglais, en français et en allemand. Quand un texte n’est pas encore traduit,
nous affichons l’original avec la mention « pas encore traduit » plutôt que de le cacher.

## Nous écrire

Une question, une demande d’accessibilité ou une idée pour une prochaine édition ? Utilisez le
formulaire de contact : une personne de l’équipe lit chaque message.
'
FROM site_pages WHERE slug = 'about';
--> statement-breakpoint
INSERT OR IGNORE INTO site_page_translations (page_id, locale, title, description, updated, body)
SELECT id, 'de', 'Über Edition Hub', 'Edition Hub ist ein reisendes Programm aus Musik, Film, Theater, Gesprächen und Ideen, organisiert in saisonalen Ausgaben.', '2026-11-01', 'Edition Hub ist ein reisendes Festival für Musik, Film, Theater, Gespräche und Ideen. Jede
**Ausgabe** versammelt einige Wochen lang Veranstaltungen zu einem Thema, ausgewählt und
präsentiert von einem kleinen Team von **Kuratorinnen und Kuratoren** und umgesetzt mit
Partnerorten, Kollektiven und Bibliotheken — den **Veranstaltern**.

## So funktioniert das Programm

- Jede Ausgabe hat eine eigene Seite mit ihren Daten, ihrem Kuratorenteam, Dokumenten zum
  Herunterladen und dem vollständigen Programm, Tag für Tag.
- Jede Veranstaltungsseite nennt Datum und Uhrzeit **in der Zeitzone des Veranstaltungsortes**,
  den Ort oder den Online-Link und eine Kalenderdatei für Ihren Terminkalender.
- Die meisten Veranstaltungen sind kostenlos oder „zahl, was du kannst“; unter 18-Jährige haben
  überall freien Eintritt.

## Sprachen

Die Website gibt es auf Englisch, Französisch und Deutsch. Ist ein Text noch nicht übersetzt,
zeigen wir das Original mit dem deutlichen Hinweis „Noch nicht übersetzt“, statt ihn zu verbergen.

## Kontakt

Fragen, Wünsche zur Barrierefreiheit oder Ideen für eine künftige Ausgabe? Nutzen Sie das
Kontaktformular — jede Nachricht wird von einem Menschen aus dem Programmteam gelesen.
'
FROM site_pages WHERE slug = 'about';
--> statement-breakpoint
INSERT OR IGNORE INTO site_page_translations (page_id, locale, title, description, updated, body)
SELECT id, 'en', 'Privacy policy', 'What personal data Edition Hub collects, why, how long it is kept and how to exercise your rights.', '2026-11-25', 'This policy explains what personal data Edition Hub processes when you visit the public
programme and when you write to us.

## Browsing the programme

The public pages set **no cookies** and use no analytics or advertising trackers. Our servers keep
technical logs (address, time, page requested) for up to 14 days to keep the service secure and
working, then delete them.

## Videos from YouTube and Vimeo

Some events show a video hosted by YouTube or Vimeo. Nothing is loaded from them until you open
the video''s panel. Opening it loads the provider''s player (YouTube''s from its reduced-cookie
domain), which may store cookies on your device and receives your address, under the provider''s
own privacy policy. You can also follow the link to watch on the provider''s site, or not at all.

## The contact form

When you send a message we store your name, e-mail address, subject, message, the language of
the page and the time you gave your consent. To limit abuse we also store a one-way hash derived
from your network address, not the address itself. We use this data only to answer you.

The programme team is told of your message by e-mail, with a copy of it, and its reply-to address
is yours. When we answer from our inbox, the reply is sent to your e-mail address in the language
you wrote in and kept with your message.

Your message, the hash and our replies are kept until we have dealt with your message, then
deleted automatically 12 months after we marked it as handled. On request we send you a copy of
everything we keep about your address, or erase all of it at once.

## Your rights

You may ask to access, correct or delete your data, or object to its processing, by writing to
us through the contact form or at privacy@edition-hub.example. You may also complain to your data
protection authority.
'
FROM site_pages WHERE slug = 'privacy-policy';
--> statement-breakpoint
INSERT OR IGNORE INTO site_page_translations (page_id, locale, title, description, updated, body)
SELECT id, 'fr', 'Politique de confidentialité', 'Quelles données personnelles Edition Hub collecte, pourquoi, combien de temps elles sont conservées et comment exercer vos droits.', '2026-11-25', 'Cette politique explique quelles données personnelles Edition Hub traite lorsque vous consultez
le programme public et lorsque vous nous écrivez.

## Consultation du programme

Les pages publiques ne déposent **aucun cookie** et n’utilisent aucun outil de mesure d’audience
ni traceur publicitaire. Nos serveurs conservent des journaux techniques (adresse, heure, page
demandée) pendant 14 jours au plus, pour assurer la sécurité et le bon fonctionnement du service,
puis les suppriment.

## Vidéos de YouTube et Vimeo

Certains événements présentent une vidéo hébergée par YouTube ou Vimeo. Rien n’est chargé depuis
ces services tant que vous n’ouvrez pas le panneau de la vidéo. L’ouvrir charge le lecteur du
service (celui de YouTube depuis son domaine à cookies réduits), qui peut enregistrer des cookies
sur votre appareil et reçoit votre adresse, selon sa propre politique de confidentialité. Vous
pouvez aussi suivre le lien pour regarder la vidéo sur le site du service, ou ne pas la regarder.

## Le formulaire de contact

Lorsque vous envoyez un message, nous enregistrons votre nom, votre adresse e-mail, l’objet, le
message, la langue de la page et l’heure de votre consentement. Pour limiter les abus, nous
conservons aussi une empreinte à sens unique calculée à partir de votre adresse réseau, et non
l’adresse elle-même. Ces données servent uniquement à vous répondre.

L’équipe de programmation est prévenue de votre message par un e-mail qui en contient une copie
et dont l’adresse de réponse est la vôtre. Lorsque nous répondons depuis notre messagerie, la
réponse est envoyée à votre adresse e-mail dans la langue dans laquelle vous avez écrit, et
conservée avec votre message.

Votre message, l’empreinte et nos réponses sont conservés jusqu’à ce que nous ayons traité votre
message, puis supprimés automatiquement 12 mois après que nous l’avons marqué comme traité. Sur
demande, nous vous envoyons une copie de tout ce que nous conservons pour votre adresse, ou
l’effaçons entièrement en une fois.

## Vos droits

Vous pouvez demander l’accès à vos données, leur rectification ou leur effacement, ou vous opposer
à leur traitement, en nous écrivant via le formulaire de contact ou à privacy@edition-hub.example.
Vous pouvez aussi saisir l’autorité de protection des données de votre pays.
'
FROM site_pages WHERE slug = 'privacy-policy';
--> statement-breakpoint
INSERT OR IGNORE INTO site_page_translations (page_id, locale, title, description, updated, body)
SELECT id, 'de', 'Datenschutzerklärung', 'Welche personenbezogenen Daten Edition Hub erhebt, wozu, wie lange sie gespeichert werden und wie Sie Ihre Rechte ausüben.', '2026-11-25', 'Diese Erklärung beschreibt, welche personenbezogenen Daten Edition Hub verarbeitet, wenn Sie das
öffentliche Programm besuchen und wenn Sie uns schreiben.

## Besuch des Programms

Die öffentlichen Seiten setzen **keine Cookies** und verwenden keine Analyse- oder
Werbe-Tracker. Unsere Server speichern technische Protokolle (Adresse, Uhrzeit, aufgerufene
Seite) höchstens 14 Tage lang, um den Dienst sicher und funktionsfähig zu halten, und löschen sie
danach.

## Videos von YouTube und Vimeo

Manche Veranstaltungen zeigen ein Video, das bei YouTube oder Vimeo liegt. Von dort wird nichts
geladen, bis Sie das Feld des Videos öffnen. Beim Öffnen wird der Player des Anbieters geladen
(der von YouTube über seine Domain mit reduzierten Cookies), der Cookies auf Ihrem Gerät speichern
kann und Ihre Adresse erhält; es gilt die Datenschutzerklärung des Anbieters. Sie können das Video
auch über den Link auf der Seite des Anbieters ansehen oder ganz darauf verzichten.

## Das Kontaktformular

Wenn Sie eine Nachricht senden, speichern wir Ihren Namen, Ihre E-Mail-Adresse, den Betreff, die
Nachricht, die Sprache der Seite und den Zeitpunkt Ihrer Einwilligung. Zur Missbrauchsabwehr
speichern wir außerdem einen Einweg-Hash Ihrer Netzwerkadresse, nicht die Adresse selbst. Wir
nutzen diese Daten nur, um Ihnen zu antworten.

Das Programmteam wird per E-Mail über Ihre Nachricht informiert; die E-Mail enthält eine Kopie
davon, und ihre Antwortadresse ist Ihre. Antworten wir aus unserem Posteingang, geht die Antwort
an Ihre E-Mail-Adresse in der Sprache, in der Sie geschrieben haben, und wird bei Ihrer Nachricht
gespeichert.

Ihre Nachricht, der Hash und unsere Antworten werden aufbewahrt, bis wir Ihre Nachricht bearbeitet
haben, und 12 Monate nachdem wir sie als erledigt markiert haben automatisch gelöscht. Auf Anfrage
senden wir Ihnen eine Kopie von allem, was wir zu Ihrer Adresse speichern, oder löschen alles auf
einmal.

## Ihre Rechte

Sie können Auskunft, Berichtigung oder Löschung Ihrer Daten verlangen oder der Verarbeitung
widersprechen – über das Kontaktformular oder an privacy@edition-hub.example. Außerdem können Sie
sich bei Ihrer Datenschutzaufsichtsbehörde beschweren.
'
FROM site_pages WHERE slug = 'privacy-policy';
--> statement-breakpoint
INSERT OR IGNORE INTO site_page_translations (page_id, locale, title, description, updated, body)
SELECT id, 'en', 'Terms and conditions', 'The conditions for using the Edition Hub website and its programme information.', '2026-11-01', '## Programme information

We publish the programme with care, but dates, venues and line-ups can change. The event page is
the reference: check it, or the calendar file you downloaded, shortly before you travel.

## Tickets and registration

Registration links lead to the venue or ticketing partner named on the event page. Their own
terms apply to bookings, refunds and access.

## Content

Texts, images and documents on this site belong to Edition Hub or to the artists and partners
credited. You may share links and short quotations with attribution; other uses need our
permission.

## Liability

Links to external sites are provided for convenience; we are not responsible for their content.
These terms are governed by the law of the country where Edition Hub is registered.
'
FROM site_pages WHERE slug = 'terms-and-conditions';
--> statement-breakpoint
INSERT OR IGNORE INTO site_page_translations (page_id, locale, title, description, updated, body)
SELECT id, 'fr', 'Conditions générales', 'Les conditions d’utilisation du site Edition Hub et des informations de programme.', '2026-11-01', '## Informations sur le programme

Nous publions le programme avec soin, mais les dates, les lieux et les distributions peuvent
changer. La page de l’événement fait foi : consultez-la, ou le fichier d’agenda téléchargé, peu
avant de vous déplacer.

## Billets et inscriptions

Les liens d’inscription mènent au lieu ou au partenaire de billetterie indiqué sur la page de
l’événement. Leurs propres conditions s’appliquent aux réservations, remboursements et accès.

## Contenus

Les textes, images et documents de ce site appartiennent à Edition Hub ou aux artistes et
partenaires crédités. Vous pouvez partager des liens et de courtes citations en mentionnant la
source ; tout autre usage nécessite notre accord.

## Responsabilité

Les liens vers des sites externes sont fournis pour votre commodité ; nous ne sommes pas
responsables de leur contenu. Ces conditions relèvent du droit du pays où Edition Hub est
enregistré.
'
FROM site_pages WHERE slug = 'terms-and-conditions';
--> statement-breakpoint
INSERT OR IGNORE INTO site_page_translations (page_id, locale, title, description, updated, body)
SELECT id, 'de', 'Nutzungsbedingungen', 'Die Bedingungen für die Nutzung der Website von Edition Hub und ihrer Programminformationen.', '2026-11-01', '## Programminformationen

Wir veröffentlichen das Programm mit Sorgfalt, doch Termine, Orte und Besetzungen können sich
ändern. Maßgeblich ist die Veranstaltungsseite: Prüfen Sie sie oder die heruntergeladene
Kalenderdatei kurz vor Ihrer Anreise.

## Tickets und Anmeldung

Anmeldelinks führen zum Veranstaltungsort oder Ticketpartner, der auf der Veranstaltungsseite
genannt ist. Für Buchungen, Erstattungen und Einlass gelten dessen eigene Bedingungen.

## Inhalte

Texte, Bilder und Dokumente dieser Website gehören Edition Hub oder den genannten Künstlerinnen,
Künstlern und Partnern. Sie dürfen Links und kurze Zitate mit Quellenangabe teilen; jede andere
Nutzung bedarf unserer Zustimmung.

## Haftung

Links zu externen Websites dienen nur Ihrer Bequemlichkeit; für deren Inhalte sind wir nicht
verantwortlich. Es gilt das Recht des Landes, in dem Edition Hub eingetragen ist.
'
FROM site_pages WHERE slug = 'terms-and-conditions';
--> statement-breakpoint
INSERT OR IGNORE INTO site_settings (id) VALUES (1);
--> statement-breakpoint
INSERT OR IGNORE INTO revisions (entity, entity_id, number, action, item_version, author_label, snapshot, changes)
SELECT 'site_page', p.id, 1, 'import', p.version, NULL,
	json_object(
		'values', json_object('slug', p.slug),
		'translations', (
			SELECT json_group_object(t.locale, json_object('title', t.title, 'description', t.description, 'updated', t.updated, 'body', t.body))
			FROM site_page_translations t WHERE t.page_id = p.id
		),
		'links', json_object()
	),
	'[]'
FROM site_pages p;
