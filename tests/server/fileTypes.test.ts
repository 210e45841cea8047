import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../server/files/fileStore';
import { DOCX, imageTypeOf, officeTypeOf, sniffHead, XLSX } from '../../server/files/fileTypes';
import { createLocalFileStore } from '../../server/files/localFileStore';

let dir: string;
let store: FileStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-types-'));
  store = createLocalFileStore(dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A zip holding empty stored entries of these names, as Office writes its documents (local headers, central directory, end record). */
function zipOf(names: string[], comment = '') {
  const locals: Buffer[] = [];
  const entries: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes);
    entries.push(entry, nameBytes);
    offset += local.length + nameBytes.length;
  }
  const directory = Buffer.concat(entries);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(Buffer.byteLength(comment), 20);
  return Buffer.concat([...locals, directory, end, Buffer.from(comment)]);
}

async function officeType(bytes: Buffer) {
  const { key, size } = await store.put(bytes);
  return officeTypeOf(store, key, size);
}

describe('types told by content', () => {
  it('a Word document and an Excel workbook are told from their zip entries, read through the store', async () => {
    expect(await officeType(zipOf(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']))).toBe(DOCX);
    expect(await officeType(zipOf(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']))).toBe(XLSX);
    // The end record may sit behind a comment of up to 64 KB.
    expect(await officeType(zipOf(['[Content_Types].xml', 'word/document.xml'], 'c'.repeat(60_000)))).toBe(DOCX);
  });

  it('a document carrying macros, a plain zip and a broken zip are no Office type', async () => {
    expect(await officeType(zipOf(['[Content_Types].xml', 'word/document.xml', 'word/vbaProject.bin']))).toBeNull();
    expect(await officeType(zipOf(['photos/one.jpg']))).toBeNull();
    expect(await officeType(zipOf(['[Content_Types].xml', 'word/document.xml']).subarray(0, 60))).toBeNull();
    expect(await officeType(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]))).toBeNull();
  });

  it('images are told by their first bytes, and only the types a caller accepts count', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    const webp = Buffer.from('RIFF\0\0\0\0WEBPVP8 ');
    expect(imageTypeOf(png, ['image/png'])).toMatchObject({ contentType: 'image/png', extension: 'png' });
    expect(imageTypeOf(webp, ['image/png', 'image/gif'])).toBeNull();
    expect(imageTypeOf(Buffer.from('%PDF-1.7'), ['application/pdf', 'image/png'])).toBeNull();
    expect(sniffHead(Buffer.from('plain words'))).toEqual({ kind: 'text' });
  });
});
