import { SIGNATURE_PAD, signatureStrokePoints, type SignatureAnswer } from '../../../contract/answers';
import type { Language } from '../../../contract/http';
import { signerLine } from './partnerFormSignatureText';

/** The box a drawn signature is scaled into (the pad's 3:1), at most this wide. */
const BOX_WIDTH_MAX = 240;
const COLOURS = { ink: '#1a237e', muted: '#5f6368', rule: '#c4c7c5' };

/**
 * A signature in the PDF: the strokes drawn into a box (scaled from the pad) or the typed name in italics, a line
 * to sign on, and beneath "Signed by NAME on DATE from ADDRESS, text version N (hash)" in the reader's language.
 * Returns the characters laid out, for the turn's budget.
 */
export function writeSignature(
  doc: PDFKit.PDFDocument,
  answer: SignatureAnswer,
  x: number,
  width: number,
  reader: { language: Language; locale: string; fonts: { regular: string; italic: string }; sizes: { body: number; small: number } },
): number {
  const boxWidth = Math.min(width, BOX_WIDTH_MAX);
  const boxHeight = (boxWidth * SIGNATURE_PAD.height) / SIGNATURE_PAD.width;
  const bottom = doc.page.height - doc.page.margins.bottom;
  if (doc.y + boxHeight + 3 * reader.sizes.body > bottom) doc.addPage();
  doc.moveDown(0.2);
  const top = doc.y;
  if (answer.kind === 'drawn') {
    const scale = boxWidth / SIGNATURE_PAD.width;
    doc.save().lineWidth(1.2).lineCap('round').lineJoin('round').strokeColor(COLOURS.ink).fillColor(COLOURS.ink);
    for (const points of signatureStrokePoints(answer.strokes)) {
      const [[firstX, firstY], ...rest] = points;
      if (!rest.length) {
        doc.circle(x + firstX * scale, top + firstY * scale, 0.8).fill();
        continue;
      }
      doc.moveTo(x + firstX * scale, top + firstY * scale);
      for (const [pointX, pointY] of rest) doc.lineTo(x + pointX * scale, top + pointY * scale);
      doc.stroke();
    }
    doc.restore();
    doc.y = top + boxHeight;
  } else {
    doc
      .font(reader.fonts.italic)
      .fontSize(reader.sizes.body * 1.8)
      .fillColor(COLOURS.ink)
      .text(answer.name, x, top, { width });
  }
  const lineY = doc.y + 2;
  doc
    .save()
    .moveTo(x, lineY)
    .lineTo(x + boxWidth, lineY)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke()
    .restore();
  doc.y = lineY + 3;
  if (answer.kind === 'drawn') doc.font(reader.fonts.regular).fontSize(reader.sizes.body).fillColor(COLOURS.ink).text(answer.name, x, undefined, { width });
  const signer = signerLine(answer, reader.language, reader.locale);
  if (signer) doc.font(reader.fonts.regular).fontSize(reader.sizes.small).fillColor(COLOURS.muted).text(signer, x, undefined, { width });
  doc.fontSize(reader.sizes.body);
  return answer.name.length + (signer?.length ?? 0) + (answer.kind === 'drawn' ? answer.strokes.join('').length / 8 : 0);
}
