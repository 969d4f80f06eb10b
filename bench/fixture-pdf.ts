import { PDFDocument, StandardFonts } from 'pdf-lib';
import { webFixtureNames, webFixtureText } from '../packages/ai/src/providers/local/fixture-text';

/**
 * A PDF of `pages` pages of real prose: the web fixtures' text, set in Helvetica 11 pt with
 * word wrapping, repeated as needed. Standard fonts only speak WinAnsi, so characters outside
 * Latin-1 are replaced.
 */
export async function fixturePdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const words = webFixtureNames()
    .flatMap((name) => webFixtureText(name).text.split(/\s+/))
    .map((w) => w.replace(/[^\x20-\x7e\xa0-\xff]/g, ''))
    .filter(Boolean);
  const size = 11;
  const width = 612 - 2 * 56;
  let w = 0;
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let y = 792 - 56; y > 56; y -= size * 1.4) {
      let line = '';
      while (true) {
        const next = words[w % words.length]!;
        const candidate = line ? `${line} ${next}` : next;
        if (font.widthOfTextAtSize(candidate, size) > width) break;
        line = candidate;
        w++;
      }
      page.drawText(line, { x: 56, y, size, font });
    }
  }
  doc.setTitle('Mnemo benchmark document');
  return doc.save();
}
