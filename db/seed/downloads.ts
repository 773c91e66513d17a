/**
 * Contents of the demo downloads. They do not depend on the date, so re-seeding on another day
 * stores byte-identical files under the same content-hash keys.
 */
import { formats, subjects, venues } from './content.ts';
import type { DownloadDefinition } from './content-media.ts';

/** Escapes text for a PDF string literal; PDF core fonts only cover ASCII reliably here. */
function pdfString(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A minimal valid one-page PDF (A4, Helvetica) showing the given lines. */
export function buildPdf(title: string, lines: readonly string[]): Buffer {
  const text = ['BT /F1 20 Tf 56 780 Td', `${pdfString(title)} Tj`, '/F1 11 Tf 0 -32 Td 15 TL', ...lines.map((line) => `${pdfString(line)} Tj T*`), 'ET'].join(
    '\n',
  );
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function programmeLines(): string[] {
  return [
    'Edition Hub is a travelling festival of music, film, theatre, talks and ideas.',
    'This programme lists a selection of highlights; the website has every event.',
    '',
    ...subjects.slice(0, 14).map((subject, i) => {
      const format = formats[i % formats.length]!.name.en;
      const venue = venues[i % venues.length]!.name.en;
      return `Day ${(i % 7) + 1}  -  ${format}: ${subject.en}  -  ${venue}`;
    }),
    '',
    'Free entry for under-18s. Tickets and live streams: edition-hub.example',
  ];
}

const accessibilityLines = [
  'Every venue lists its step-free route, nearest accessible toilet and quiet room.',
  'Events marked "Sign language" are interpreted; others can be on request.',
  'Relaxed performances welcome noise and movement in the audience.',
  'Assistance dogs are welcome everywhere. Companions of disabled visitors go free.',
  'Questions: access@edition-hub.example, or ask any volunteer in a yellow scarf.',
];

const pressRelease = `PRESS RELEASE - FOR IMMEDIATE RELEASE

Edition Hub announces its new season

Edition Hub, the travelling festival of music, film, theatre and ideas, returns with a programme
spread across Paris, Lyon, Berlin, Hamburg, London, Glasgow, Brooklyn, Montréal, Tokyo and Lisbon,
and online for audiences who cannot travel.

Highlights include concerts in disused warehouses, sound walks along canals, screenings of
restored films by women directors, and readings in translation from a dozen languages.

Most events are free or pay-what-you-can. Under-18s go free everywhere.

Press contact: press@edition-hub.example

---

COMMUNIQUÉ DE PRESSE

Edition Hub, festival itinérant de musique, de cinéma, de théâtre et d'idées, présente sa
nouvelle saison : concerts, balades sonores, projections et lectures, dans dix villes et en ligne.

Contact presse : press@edition-hub.example
`;

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function scheduleCsv(): string {
  const rows = [['day', 'start', 'end', 'time_zone', 'title', 'venue']];
  subjects.slice(0, 20).forEach((subject, i) => {
    const format = formats[i % formats.length]!;
    const venue = venues[(i * 5) % venues.length]!;
    const hour = format.startHours[i % format.startHours.length]!;
    const end = Math.min(23, hour + Math.ceil(format.minutes[0] / 60));
    rows.push([
      String((i % 10) + 1),
      `${String(hour).padStart(2, '0')}:00`,
      `${String(end).padStart(2, '0')}:${format.multiDay ? '00' : '30'}`,
      venue.timeZone,
      `${format.name.en}: ${subject.en}`,
      venue.name.en,
    ]);
  });
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The bytes, MIME type and extension of one demo download. */
export function buildDownload(definition: DownloadDefinition): { bytes: Buffer; mime: string; ext: string } {
  switch (definition.kind) {
    case 'programme':
      return { bytes: buildPdf('Edition Hub - Festival programme', programmeLines()), mime: 'application/pdf', ext: 'pdf' };
    case 'accessibility':
      return { bytes: buildPdf('Edition Hub - Accessibility guide', accessibilityLines), mime: 'application/pdf', ext: 'pdf' };
    case 'press':
      return { bytes: Buffer.from(pressRelease, 'utf8'), mime: 'text/plain', ext: 'txt' };
    case 'schedule':
      return { bytes: Buffer.from(scheduleCsv(), 'utf8'), mime: 'text/csv', ext: 'csv' };
  }
}
