import bidiFactory from 'bidi-js';

/**
 * Right-to-left text (Arabic, Hebrew…) of a PDF line in reading order.
 *
 * A PDF draws a line's glyphs left to right, whatever the script: an Arabic word comes in its last
 * letter first. Its text is the glyphs' text (their ToUnicode entries), in that drawing order, and
 * one glyph may stand for several letters (a ligature like لا, or a cluster of a letter and its
 * marks) whose text is already in reading order. pdf.js's own pass (getTextContent) reorders each
 * item's joined string letter by letter, which reverses those multi-letter glyphs, and leaves a
 * line's items in drawing order, so a right-to-left line split across fonts or positioned glyph by
 * glyph (as Chromium writes it) came out backwards.
 *
 * Here the Unicode Bidirectional Algorithm (UAX #9, bidi-js) resolves the embedding levels of the
 * line as drawn, and the line is reordered glyph by glyph (rule L2) rather than letter by letter:
 * that part is ours because no bidi library reorders units longer than a character. Applying the
 * algorithm to the drawn order recovers the reading order for what documents contain (right-to-left
 * runs with left-to-right words and numbers inside, or the other way round); it is what pdf.js and
 * Poppler do too, minus their reversal of multi-letter glyphs.
 */

const bidi = bidiFactory();

/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms). */
const RIGHT_TO_LEFT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
/**
 * Presentation forms: the contextual shapes of Arabic letters (initial, medial, final, ligatures)
 * and Hebrew's, which PDF producers often give as a glyph's text. Folded to the letters themselves
 * (NFKC), as a reader types them and searches for them; pdf.js folds only some of them.
 */
const PRESENTATION_FORMS = /[\ufb1d-\ufdff\ufe70-\ufefc]+/gu;

const isRightToLeftStrong = (type: string) => type === 'R' || type === 'AL';

/**
 * The line's direction: that of most of its strong letters (a tie goes right to left). Unlike an
 * ordinary paragraph, the first strong letter says nothing here, since in drawing order a
 * right-to-left line starts with its last word.
 */
function lineDirection(text: string): 'ltr' | 'rtl' {
  let rtl = 0;
  let ltr = 0;
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (isRightToLeftStrong(type)) rtl++;
    else if (type === 'L') ltr++;
  }
  return rtl >= ltr ? 'rtl' : 'ltr';
}

/**
 * A line's text in reading order from its glyphs' text in drawing order (left to right). A line
 * without right-to-left letters is only joined, unchanged.
 */
export function readingOrder(glyphs: readonly string[]): string {
  if (!glyphs.some((g) => RIGHT_TO_LEFT.test(g))) return glyphs.join('');
  const units = glyphs
    .map((g) => g.replace(PRESENTATION_FORMS, (forms) => forms.normalize('NFKC')))
    .filter((g) => g !== '');
  const drawn = units.join('');
  const { levels } = bidi.getEmbeddingLevels(drawn, lineDirection(drawn));

  // A glyph's level is the highest of its letters': a glyph whose text mixes directions (a producer
  // folding neighbouring text into one cluster) stays beside the run embedded deepest, which keeps
  // that run whole.
  const unitLevels: number[] = [];
  let offset = 0;
  for (const unit of units) {
    let level = 0;
    for (let i = 0; i < unit.length; i++) level = Math.max(level, levels[offset + i] ?? 0);
    unitLevels.push(level);
    offset += unit.length;
  }

  // Rule L2: from the highest level down to the lowest odd one, reverse every run of glyphs at
  // that level or above.
  const order = units.map((_, i) => i);
  const highest = Math.max(...unitLevels);
  const lowestOdd = Math.min(...unitLevels.map((l) => (l % 2 === 1 ? l : l + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length;) {
      if (unitLevels[order[i]!]! < level) {
        i++;
        continue;
      }
      let end = i;
      while (end + 1 < order.length && unitLevels[order[end + 1]!]! >= level) end++;
      const run = order.slice(i, end + 1).reverse();
      order.splice(i, run.length, ...run);
      i = end + 1;
    }
  }

  // Rule L4: a bracket drawn in a right-to-left run is drawn mirrored; its text is the mirror's.
  return order
    .map((i) => {
      const unit = units[i]!;
      if (unitLevels[i]! % 2 === 0 || [...unit].length !== 1) return unit;
      return bidi.getMirroredCharacter(unit) ?? unit;
    })
    .join('');
}
