// Streams checked entries of a LimitedZip on as a new ZIP of stored (uncompressed) entries, in the order the caller
// names, for a reader that only takes a ZIP stream (exceljs' WorkbookReader). Such a reader walks the local headers
// from the start of the file; fed the uploaded bytes, it could meet entries the central directory hides from the
// limits. Fed this, it sees exactly the bytes LimitedZip counted, and nothing else.
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { LimitedZip } from './limited-zip';

/** A local file header: stored, sizes and CRC from the central directory (yauzl fails the data if they differ). */
function localHeader(name: string, size: number, crc32: number): Buffer {
  const fileName = Buffer.from(name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0
  header.writeUInt16LE(0x0800, 6); // names are UTF-8
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt32LE(0, 10); // time and date: none
  header.writeUInt32LE(crc32 >>> 0, 14);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(fileName.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, fileName]);
}

/** An entry of the file (under its own name or another), or bytes of the caller's own (a stand-in for a missing one). */
export type StoredEntry = { name: string; as?: string } | { as: string; data: Buffer };

/**
 * The end record, with no central directory before it: a streaming reader (unzipper's Parse, which exceljs uses) stops
 * at the record and reads no directory.
 */
function endRecord(): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  return record;
}

/** The entries in the order given (an entry the file lacks is left out), then the end record. */
export function storedZip(zip: LimitedZip, entries: StoredEntry[]): Readable {
  async function* chunks() {
    for (const wanted of entries) {
      if ('data' in wanted) {
        yield localHeader(wanted.as, wanted.data.length, crc32(wanted.data));
        yield wanted.data;
        continue;
      }
      const entry = zip.entries.get(wanted.name);
      if (!entry) continue;
      yield localHeader(wanted.as ?? wanted.name, entry.uncompressedSize, entry.crc32);
      for await (const chunk of await zip.openEntry(wanted.name)) yield chunk as Buffer;
    }
    yield endRecord();
  }
  return Readable.from(chunks(), { objectMode: false });
}
