import { buffer } from 'node:stream/consumers';
import type { FileStore } from './fileStore';

/**
 * Types told by content, never by the name or type the client gave (DESIGN.md "Tickets"): images, PDF,
 * Office Open XML documents and workbooks (without macros), UTF-8 text. What a module accepts of them is
 * its own choice (UploadPolicy.accepts).
 */

/** Bytes enough to tell every binary type below. */
export const SNIFF_BYTES = 16;

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The binary types, each with the extension a file of it is stored under when one is wanted. */
const BINARY_TYPES: { contentType: string; extension: string; test(head: Buffer): boolean }[] = [
  { contentType: 'image/png', extension: 'png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: 'image/jpeg', extension: 'jpg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { contentType: 'image/gif', extension: 'gif', test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { contentType: 'image/webp', extension: 'webp', test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
  { contentType: 'application/pdf', extension: 'pdf', test: (b) => startsWith(b, ascii('%PDF-')) },
];

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/** What the first bytes say: a binary type, a zip to look into, or (maybe) text, checked as it streams. */
export function sniffHead(head: Buffer): { kind: 'binary'; contentType: string; extension: string } | { kind: 'zip' } | { kind: 'text' } {
  const binary = BINARY_TYPES.find((t) => t.test(head));
  if (binary) return { kind: 'binary', contentType: binary.contentType, extension: binary.extension };
  if (startsWith(head, ZIP_LOCAL_HEADER)) return { kind: 'zip' };
  return { kind: 'text' };
}

/** The image type of whole bytes held in memory (an avatar), or null when they are no image of `accepted`. */
export function imageTypeOf(bytes: Buffer, accepted: readonly string[]) {
  const sniffed = sniffHead(bytes);
  return sniffed.kind === 'binary' && sniffed.contentType.startsWith('image/') && accepted.includes(sniffed.contentType) ? sniffed : null;
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

/** Bytes `start` to `end` (included) of a stored file, read through the store's range support. */
async function bytesOf(store: FileStore, key: string, start: number, end: number) {
  const stream = await store.get(key, { start, end });
  return stream ? buffer(stream) : Buffer.alloc(0);
}

/** The entry names of a stored zip, read from its central directory; null when it is not a readable zip. */
async function zipEntryNames(store: FileStore, key: string, size: number): Promise<string[] | null> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await bytesOf(store, key, size - tailLength, size - 1);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directorySize === 0 || directoryOffset + directorySize > size || directorySize > 8 * 1024 * 1024) return null;
  const directory = await bytesOf(store, key, directoryOffset, directoryOffset + directorySize - 1);
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
}

/** A stored zip is accepted only as a Word document or Excel workbook, and not one carrying macros. */
export async function officeTypeOf(store: FileStore, key: string, size: number): Promise<string | null> {
  const names = await zipEntryNames(store, key, size);
  if (!names || !names.includes('[Content_Types].xml')) return null;
  if (names.some((n) => /vbaProject\.bin$/i.test(n))) return null;
  if (names.includes('word/document.xml')) return DOCX;
  if (names.includes('xl/workbook.xml')) return XLSX;
  return null;
}
