import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF made by pdfkit with embedded (subset) TrueType fonts, line by line: enough to check what a
 * reader sees, Vietnamese included. Each content stream is inflated; each shown string's glyph ids are read
 * through the ToUnicode map of the font selected by `Tf` (found through the fonts' resource names). Not a
 * general PDF reader: no other filters, encodings or font kinds.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  const header = /(\d+) 0 obj\b/g;
  for (let match = header.exec(source); match; match = header.exec(source)) {
    const start = header.lastIndex;
    const end = source.indexOf('endobj', start);
    const streamAt = source.indexOf('stream', start);
    if (streamAt < 0 || streamAt > end) {
      objects.set(match[1], { dict: source.slice(start, end), stream: null });
      continue;
    }
    // The stream's bytes are as long as its dictionary says (they may hold any byte, "endobj" too).
    const dict = source.slice(start, streamAt);
    const dataAt = streamAt + (source[streamAt + 6] === '\r' ? 8 : 7);
    const raw = Buffer.from(source.slice(dataAt, dataAt + Number(/\/Length (\d+)/.exec(dict)![1])), 'latin1');
    objects.set(match[1], { dict, stream: (/\/FlateDecode/.test(dict) ? inflateSync(raw) : raw).toString('latin1') });
    header.lastIndex = source.indexOf('endobj', dataAt + raw.length);
  }
  const unicodeOf = new Map<string, Map<number, string>>();
  const fontOfName = new Map<string, Map<number, string>>();
  const cmapOf = (fontNumber: string) => {
    if (!unicodeOf.has(fontNumber)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontNumber)?.dict ?? '')?.[1];
      unicodeOf.set(fontNumber, parseCmap(toUnicode ? (objects.get(toUnicode)?.stream ?? '') : ''));
    }
    return unicodeOf.get(fontNumber)!;
  };
  for (const { dict } of objects.values())
    for (const fonts of dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g))
      for (const [, name, number] of fonts[1].matchAll(/\/(\w+) (\d+) 0 R/g)) fontOfName.set(name, cmapOf(number));

  const lines: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (stream === null || /\/(Type|Subtype|Length1)\b/.test(dict) || !/\bTJ\b|\bTj\b/.test(stream)) continue;
    let cmap = new Map<number, string>();
    for (const [, name, shown] of stream.matchAll(/\/(\w+) [\d.]+ Tf|\[((?:[^\]])*)\] TJ/g)) {
      if (name) cmap = fontOfName.get(name) ?? new Map();
      else lines.push([...shown.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) => decode(hex, cmap)).join(''));
    }
  }
  return lines;
}

const decode = (hex: string, cmap: Map<number, string>) => (hex.match(/.{4}/g) ?? []).map((glyph) => cmap.get(parseInt(glyph, 16)) ?? '\uFFFD').join('');

/** A ToUnicode target: UTF-16 code units, possibly several (a ligature's letters), possibly spaced (`<0066 0066>`). */
const unicode = (hex: string) => String.fromCharCode(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, targets] of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const first = parseInt(from, 16);
      const last = parseInt(to, 16);
      if (targets.startsWith('[')) [...targets.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach(([, hex], i) => map.set(first + i, unicode(hex)));
      else
        for (let glyph = first, code = parseInt(targets.slice(1, -1).replace(/\s/g, ''), 16); glyph <= last; glyph++, code++)
          map.set(glyph, String.fromCodePoint(code));
    }
  }
  for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, glyph, hex] of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(glyph, 16), unicode(hex));
  return map;
}
