import fs from 'node:fs/promises';

/**
 * Attachment types told by content, never by the name or type the client gave (DESIGN.md "Tickets"):
 * images, PDF, Office Open XML documents and workbooks (without macros), UTF-8 text.
 */

/** Bytes enough to tell every binary type below. */
export const SNIFF_BYTES = 16;

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const BINARY_TYPES: { contentType: string; test(head: Buffer): boolean }[] = [
  { contentType: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { contentType: 'image/gif', test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { contentType: 'image/webp', test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
  { contentType: 'application/pdf', test: (b) => startsWith(b, ascii('%PDF-')) },
];

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the first bytes say: a binary type, a zip to look into, or (maybe) text, checked as it streams. */
export function sniffHead(head: Buffer): { kind: 'binary'; contentType: string } | { kind: 'zip' } | { kind: 'text' } {
  const binary = BINARY_TYPES.find((t) => t.test(head));
  if (binary) return { kind: 'binary', contentType: binary.contentType };
  if (startsWith(head, ZIP_LOCAL_HEADER)) return { kind: 'zip' };
  return { kind: 'text' };
}

/**
 * Text is accepted only as UTF-8 without NUL bytes (an executable or other binary fails that), checked
 * chunk by chunk so a file is never held whole in memory.
 */
export function utf8TextChecker() {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let ok = true;
  return {
    push(chunk: Buffer) {
      if (!ok) return;
      if (chunk.includes(0)) ok = false;
      else {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          ok = false;
        }
      }
    },
    /** Whether the whole stream was UTF-8 text. */
    end() {
      if (!ok) return false;
      try {
        decoder.decode();
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** A plain text file is served as text/csv when its name says so; both are text, so the name decides nothing risky. */
export const textTypeOf = (fileName: string) => (/\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain');

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

/** The entry names of a stored zip, read from its central directory; null when it is not a readable zip. */
async function zipEntryNames(filePath: string): Promise<string[] | null> {
  const handle = await fs.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return null;
    const entries = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (directoryOffset + directorySize > size || directorySize > 8 * 1024 * 1024) return null;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const names: string[] = [];
    let at = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) return null;
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}

/** A zip is accepted only as a Word document or Excel workbook, and not one carrying macros. */
export async function officeTypeOf(filePath: string): Promise<string | null> {
  const names = await zipEntryNames(filePath);
  if (!names || !names.includes('[Content_Types].xml')) return null;
  if (names.some((n) => /vbaProject\.bin$/i.test(n))) return null;
  if (names.includes('word/document.xml')) return DOCX;
  if (names.includes('xl/workbook.xml')) return XLSX;
  return null;
}
