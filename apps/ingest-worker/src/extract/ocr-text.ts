/**
 * Tesseract's text as paragraphs: it ends every line with a line break and a paragraph with a blank
 * line. Lines are joined back into paragraphs, undoing end-of-line hyphenation ("infor-" + "mation"),
 * the way pdf-read.ts joins a PDF's lines.
 */
export function ocrParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .reduce(
          (paragraph, line) =>
            !paragraph
              ? line
              : /\p{L}-$/u.test(paragraph) && /^\p{Ll}/u.test(line)
                ? paragraph.slice(0, -1) + line
                : `${paragraph} ${line}`,
          '',
        ),
    )
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Below this mean word confidence (0-100) Tesseract is guessing: a photo with no text, a page too
 * blurred to read. Its "text" would only add noise to the source, so the page counts as blank.
 */
export const OCR_MIN_CONFIDENCE = 30;

/**
 * What a page says, or '' when Tesseract found only noise: too unsure of itself, or no word of two
 * letters (shapes and specks come out as stray letters: a square reads as "m").
 */
export function readableOcrText({
  text,
  confidence,
}: {
  text: string;
  confidence: number;
}): string {
  if (confidence < OCR_MIN_CONFIDENCE || !/\p{L}{2,}/u.test(text)) return '';
  return ocrParagraphs(text);
}
