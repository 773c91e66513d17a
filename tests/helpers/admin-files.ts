/**
 * Real files generated in the test, for the upload tests: images through sharp (with EXIF and
 * GPS), minimal but valid MP4/WebM/PDF/ZIP/DOCX containers, and hostile files (a PNG header
 * declaring a huge canvas, SVG with script, mislabelled bytes).
 */
import sharp from 'sharp';
import { crc32 } from 'node:zlib';

/** A photo-like JPEG carrying EXIF (camera, orientation) and GPS tags. */
export async function jpegWithGps(width = 800, height = 600, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .withMetadata({
      orientation,
      exif: {
        IFD0: { Make: 'TestCam', Model: 'Leaky 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
      },
    })
    .toBuffer();
}

/** An image of the given raster format. */
export async function image(format: 'png' | 'webp' | 'avif' | 'gif', width = 700, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 90, b: 160, alpha: 1 } } })
    .toFormat(format)
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb's calling card: a few hundred bytes of PNG whose header declares
 * `width` × `height` pixels. Decoding it would need gigabytes.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An MP4 container: `ftyp` (isom) and an `mdat` box. */
export function mp4(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'ascii'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2', 'ascii')]);
  const payload = Buffer.alloc(1024, 7);
  const mdat = Buffer.concat([Buffer.from([0, 0, (payload.length + 8) >> 8, (payload.length + 8) & 0xff]), Buffer.from('mdat', 'ascii'), payload]);
  return Buffer.concat([ftyp, mdat]);
}

/** A WebM container: EBML header with DocType "webm", then a Segment. */
export function webm(): Buffer {
  const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm')]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]), docType]);
  const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x88]), Buffer.alloc(8)]);
  return Buffer.concat([header, segment]);
}

/** MPEG audio: an ID3v2 tag, then three MPEG-1 Layer III frame headers (128 kbit/s, 44.1 kHz). */
export function mp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const id3 = Buffer.concat([Buffer.from('ID3', 'ascii'), Buffer.from([3, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10)]);
  return Buffer.concat([id3, frame, frame, frame]);
}

/** An M4A (AAC in MP4) container: `ftyp` with the `M4A ` brand and an `mdat` box. */
export function m4a(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A ', 'ascii'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomM4A ', 'ascii')]);
  const payload = Buffer.alloc(512, 3);
  return Buffer.concat([ftyp, Buffer.from([0, 0, (payload.length + 8) >> 8, (payload.length + 8) & 0xff]), Buffer.from('mdat', 'ascii'), payload]);
}

/** An Ogg page whose first packet is an Opus or a Vorbis identification header. */
export function ogg(codec: 'opus' | 'vorbis'): Buffer {
  const packet = codec === 'opus' ? Buffer.from('OpusHead\x01\x02\x00\x00', 'latin1') : Buffer.from('\x01vorbis\x00\x00\x00\x00', 'latin1');
  const page = Buffer.alloc(28 + packet.length);
  page.write('OggS', 0, 'ascii');
  page.set([0, 2], 4);
  page.set([1, packet.length], 26);
  packet.copy(page, 28);
  return page;
}

/** A one-page PDF; `note` (a comment) makes its bytes unique. */
export function pdf(note = ''): Buffer {
  return Buffer.from(
    `%PDF-1.4\n%${note}\n` +
      '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

/** A ZIP archive (stored, no compression) of the given entries. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Word document (OOXML): the parts `file-type` recognises as docx. */
export function docx(): Buffer {
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml':
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Programme</w:t></w:r></w:p></w:body></w:document>',
  });
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><circle r="4"/></svg>',
);
export const htmlPage = Buffer.from('<!doctype html><html><body><script>fetch("/api/admin/me")</script></body></html>');
export const elfBinary = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
