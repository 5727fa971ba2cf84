// Test fixtures: a small ZIP writer (deflate through node:zlib) that can state false sizes, and XLSX files built with
// it, among them zip bombs. Only tests import this.
import { crc32, createDeflateRaw } from 'node:zlib';

export interface FixtureEntry {
  name: string;
  /** The content, as chunks (a bomb repeats one chunk instead of holding 100 MB). */
  chunks: Iterable<Buffer>;
  /** The inflated size the headers state; the true size unless a test lies. */
  declaredSize?: number;
}

async function deflate(chunks: Iterable<Buffer>): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  let size = 0;
  let crc = 0;
  for (const chunk of chunks) {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await new Promise((r) => deflater.once('drain', r));
  }
  const ended = new Promise((r) => deflater.once('end', r));
  deflater.end();
  await ended;
  return { data: Buffer.concat(out), size, crc };
}

function header(signature: number, fields: [number, 2 | 4][]): Buffer {
  const buf = Buffer.alloc(4 + fields.reduce((n, [, w]) => n + w, 0));
  buf.writeUInt32LE(signature, 0);
  let at = 4;
  for (const [value, width] of fields) {
    if (width === 2) buf.writeUInt16LE(value, at);
    else buf.writeUInt32LE(value >>> 0, at);
    at += width;
  }
  return buf;
}

/** A ZIP of deflated entries, with a central directory. */
export async function zipOf(entries: FixtureEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, size, crc } = await deflate(entry.chunks);
    const name = Buffer.from(entry.name);
    const stated = entry.declaredSize ?? size;
    const common: [number, 2 | 4][] = [[20, 2], [0, 2], [8, 2], [0, 2], [0x21, 2], [crc, 4], [data.length, 4], [stated, 4], [name.length, 2], [0, 2]];
    const local = Buffer.concat([header(0x04034b50, common), name]);
    central.push(Buffer.concat([header(0x02014b50, [[20, 2], ...common, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]]), name]));
    parts.push(local, data);
    offset += local.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = header(0x06054b50, [[0, 2], [0, 2], [entries.length, 2], [entries.length, 2], [directory.length, 4], [offset, 4], [0, 2]]);
  return Buffer.concat([...parts, directory, end]);
}

const text = (s: string) => [Buffer.from(s)];
function* repeat(chunk: Buffer, times: number) {
  for (let i = 0; i < times; i++) yield chunk;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The entries of a one-sheet workbook around the sheet's rows (XML), and any extra entries. */
export function workbookEntries(sheetRows: Iterable<Buffer>, extra: FixtureEntry[] = [], declaredSheetSize?: number): FixtureEntry[] {
  return [
    {
      name: '[Content_Types].xml',
      chunks: text(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      chunks: text(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    },
    {
      name: 'xl/workbook.xml',
      chunks: text(`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Clients" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: text(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: (function* () {
        yield Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`);
        yield* sheetRows;
        yield Buffer.from('</sheetData></worksheet>');
      })(),
      declaredSize: declaredSheetSize,
    },
    ...extra,
  ];
}

/** One row of inline-string cells. */
export function rowXml(r: number, cells: string[]): string {
  const c = cells.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${v}</t></is></c>`).join('');
  return `<row r="${r}">${c}</row>`;
}

/** The same row repeated until the sheet inflates to about `megabytes` MB: deflate makes that about 1000:1. */
export function bombRows(megabytes: number): Iterable<Buffer> {
  const row = rowXml(2, ['Eva', 'Klein', 'eva@example.com']);
  const block = Buffer.from(row.repeat(Math.ceil((1024 * 1024) / row.length)));
  return [Buffer.from(rowXml(1, ['Vorname', 'Nachname', 'E-Mail'])), ...repeat(block, megabytes)];
}

export { repeat };
