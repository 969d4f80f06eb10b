import { describe, expect, it } from 'vitest';
import { joinPageTexts, stripPageFurniture } from './page-furniture';

const pages = (...texts: string[]) => texts.map((text, i) => ({ page: i + 1, text }));
const texts = (sections: readonly { text: string }[]) => sections.map((s) => s.text);

describe('stripPageFurniture', () => {
  it('drops page numbers that follow the pages, in the usual forms, at the bottom or the top', () => {
    expect(texts(stripPageFurniture(pages('One.\n\n1', 'Two.\n\n2', 'Three.\n\n3')))).toEqual([
      'One.',
      'Two.',
      'Three.',
    ]);
    expect(
      texts(
        stripPageFurniture(pages('Page 1 of 3\nOne.', 'Page 2 of 3\nTwo.', 'Page 3 of 3\nThree.')),
      ),
    ).toEqual(['One.', 'Two.', 'Three.']);
    expect(texts(stripPageFurniture(pages('One.\n- 1 -', 'Two.\n- 2 -')))).toEqual([
      'One.',
      'Two.',
    ]);
    expect(texts(stripPageFurniture(pages('Eins.\n\nSeite 1', 'Zwei.\n\nSeite 2')))).toEqual([
      'Eins.',
      'Zwei.',
    ]);
  });

  it('follows front matter: printed numbers that run a fixed distance behind the pages', () => {
    const words = ['five', 'six', 'seven'];
    const out = stripPageFurniture(
      [5, 6, 7].map((page) => ({ page, text: `Page ${words[page - 5]!}.\n\n${page - 4}` })),
    );
    expect(texts(out)).toEqual(['Page five.', 'Page six.', 'Page seven.']);
  });

  it('keeps numbers that do not follow the pages: table cells, counts, answers', () => {
    const input = pages('Total\n\n42', 'Year\n\n1999', 'Count\n\n7');
    expect(texts(stripPageFurniture(input))).toEqual(texts(input));
    // One page whose last line is a number other than 1.
    expect(texts(stripPageFurniture(pages('The answer is\n\n42')))).toEqual([
      'The answer is\n\n42',
    ]);
    // A one-page document numbered 1 loses it.
    expect(texts(stripPageFurniture(pages('Only page.\n\n1')))).toEqual(['Only page.']);
  });

  it('drops a running head or foot repeated on many pages, numbers in it aside, and keeps the title on the first page', () => {
    const out = stripPageFurniture(
      pages(
        'Journal of Study Methods\nAbstract text.\nJ. Study Meth. 12 (2026) 1',
        'Journal of Study Methods\nMethods text.\nJ. Study Meth. 12 (2026) 2',
        'Journal of Study Methods\nResults text.\nJ. Study Meth. 12 (2026) 3',
        'Journal of Study Methods\nDiscussion text.\nJ. Study Meth. 12 (2026) 4',
      ),
    );
    expect(texts(out)).toEqual([
      'Journal of Study Methods\nAbstract text.',
      'Methods text.',
      'Results text.',
      'Discussion text.',
    ]);
  });

  it('keeps headings that differ by their number at the top of every page', () => {
    const input = pages('Chapter 1\nA.', 'Chapter 2\nB.', 'Chapter 3\nC.', 'Chapter 4\nD.');
    // Chapters on pages 10-13: their numbers are not the pages'.
    const shifted = input.map((s, i) => ({ ...s, page: i + 10 }));
    expect(texts(stripPageFurniture(shifted))).toEqual(texts(shifted));
  });

  it('keeps a short line repeated on only a few pages of many, long repeated lines and sections without pages', () => {
    const many = pages(
      'Summary\nA.',
      'B.',
      'C.',
      'Summary\nD.',
      'E.',
      'F.',
      'Summary\nG.',
      'H.',
      'I.',
      'J.',
    );
    expect(texts(stripPageFurniture(many))).toEqual(texts(many));
    const long =
      'This paragraph is repeated at the top of every page because the author pasted it there on purpose, for emphasis: it says what the reader must keep in mind on every page, and it is much longer than any header.';
    const repeated = pages(`${long}\nA.`, `${long}\nB.`, `${long}\nC.`);
    expect(texts(stripPageFurniture(repeated))).toEqual(texts(repeated));
    const web = [{ text: 'A heading\n\n1' }, { text: 'Another\n\n2' }];
    expect(stripPageFurniture(web)).toEqual(web);
  });

  it("drops a browser printout's header and footer: date and title, address and page of pages", () => {
    const title =
      "'What is the sea telling us?': Māori tribes fearful over whale strandings | Eleanor Ainge Roy | Environment | The …";
    const out = stripPageFurniture(
      [1, 2, 3, 4].map((page) => ({
        page,
        text: `Paragraph ${'abcd'[page - 1]!}.\n\n11/29/26, 5:02 PM ${title}\n\nfile:///home/ada/article-1/source.html ${page}/4`,
      })),
    );
    expect(texts(out)).toEqual(['Paragraph a.', 'Paragraph b.', 'Paragraph c.', 'Paragraph d.']);
  });

  it('keeps pages that are nothing but the repeated line', () => {
    const input = pages('Page', 'Page', 'Page', 'Page');
    expect(texts(stripPageFurniture(input))).toEqual(texts(input));
  });

  it('empties a page that had only its number', () => {
    expect(texts(stripPageFurniture(pages('One.\n\n1', '2', 'Three.\n\n3')))).toEqual([
      'One.',
      '',
      'Three.',
    ]);
  });
});

describe('joinPageTexts', () => {
  it('joins a sentence that runs on to the next page, and a word broken across the pages', () => {
    expect(joinPageTexts(pages('you will get no', 'information. Really?'))).toBe(
      'you will get no information. Really?',
    );
    expect(joinPageTexts(pages('a well-known infor-', 'mation source.'))).toBe(
      'a well-known information source.',
    );
  });

  it('keeps a blank line where a page ends a sentence or the next begins anew', () => {
    expect(joinPageTexts(pages('The end.', 'next page in lower case'))).toBe(
      'The end.\n\nnext page in lower case',
    );
    expect(joinPageTexts(pages('A heading without a stop', 'Another Paragraph.'))).toBe(
      'A heading without a stop\n\nAnother Paragraph.',
    );
    expect(joinPageTexts(pages('Он сказал, что', 'придёт завтра.'))).toBe(
      'Он сказал, что придёт завтра.',
    );
  });
});
