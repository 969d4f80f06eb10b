import epub from 'epub-gen-memory';
import JSZip from 'jszip';
import PptxGenJS from 'pptxgenjs';
import { describe, expect, it } from 'vitest';
import { extractFile } from './file';
import { failure } from './test-support';

/**
 * The formats beyond PDF and Word, read from files their real writers make at test time: pptxgenjs
 * (PowerPoint) and epub-gen-memory (EPUB); hostile files are built with JSZip.
 */

async function makePptx(): Promise<Buffer> {
  const pres = new PptxGenJS();
  pres.title = 'Cell Biology 101';
  const one = pres.addSlide();
  one.addText('The cell membrane', { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 32 });
  one.addText('A phospholipid bilayer that controls what enters the cell.', { x: 0.5, y: 1.5, w: 9, h: 1 });
  one.addNotes('Mention that cholesterol keeps the membrane fluid.');
  const two = pres.addSlide();
  two.addText('Mitochondria', { x: 0.5, y: 0.3, w: 9, h: 1, fontSize: 32 });
  two.addText('They make ATP by oxidative phosphorylation.', { x: 0.5, y: 1.5, w: 9, h: 1 });
  const three = pres.addSlide();
  three.addNotes('Only notes on this slide: ribosomes build proteins.');
  return (await pres.write({ outputType: 'nodebuffer' })) as Buffer;
}

const makeEpub = () =>
  epub({ title: 'A Short Course in Botany', author: 'Mnemo Tests', ignoreFailedDownloads: true, verbose: false }, [
    { title: 'Roots', content: '<p>Roots take up water and minerals from the soil.</p>' },
    { title: 'Leaves', content: '<h2>Photosynthesis</h2><p>Leaves turn light into sugar in their chloroplasts.</p>' },
  ]);

async function zip(files: Record<string, string | Buffer>, compression: 'STORE' | 'DEFLATE' = 'DEFLATE') {
  const z = new JSZip();
  for (const [name, data] of Object.entries(files)) z.file(name, data, { createFolders: false });
  return z.generateAsync({ type: 'nodebuffer', compression });
}

describe('PowerPoint (.pptx)', () => {
  it('reads every slide with its notes, one section per slide in show order', async () => {
    const out = await extractFile({ data: await makePptx(), filename: 'cells.pptx' });
    expect(out.kind).toBe('pptx');
    expect(out.title).toBe('Cell Biology 101');
    expect(out.sections.map((s) => s.page)).toEqual([1, 2, 3]);
    expect(out.sections[0]).toMatchObject({ heading: 'Slide 1: The cell membrane' });
    expect(out.sections[0]!.text).toContain('phospholipid bilayer');
    expect(out.sections[0]!.text).toContain('Notes: Mention that cholesterol keeps the membrane fluid.');
    expect(out.sections[1]!.text).toContain('oxidative phosphorylation');
    expect(out.sections[2]!.text).toBe('Notes: Only notes on this slide: ribosomes build proteins.');
    expect(out.text.indexOf('membrane')).toBeLessThan(out.text.indexOf('Mitochondria'));
  });

  it('takes the first slide’s heading when the file carries only its writer’s default title', async () => {
    const pres = new PptxGenJS(); // titled 'PptxGenJS Presentation' unless told otherwise
    pres.addSlide().addText('Plate tectonics', { x: 0.5, y: 0.3, w: 9, h: 1 });
    const data = (await pres.write({ outputType: 'nodebuffer' })) as Buffer;
    expect((await extractFile({ data, filename: 'deck.pptx' })).title).toBe('Plate tectonics');
  });

  it('refuses a zip bomb named .pptx before unpacking it, and reads the next file', async () => {
    const bomb = await zip({
      'ppt/presentation.xml': '<p:presentation/>',
      'ppt/slides/slide1.xml': Buffer.alloc(20 * 1024 * 1024, 0x20),
    });
    expect(bomb.length).toBeLessThan(200_000);
    const err = await failure(extractFile({ data: bomb, filename: 'bomb.pptx' }));
    expect([err.code, err.reason]).toEqual(['PAYLOAD_TOO_LARGE', 'zip_suspicious_ratio']);
    expect((await extractFile({ data: await makePptx(), filename: 'cells.pptx' })).sections).toHaveLength(3);
  });

  it('refuses a zip that is not a presentation with its own message', async () => {
    const err = await failure(extractFile({ data: await zip({ 'notes.txt': 'hello' }), filename: 'deck.pptx' }));
    expect([err.code, err.reason, err.message]).toEqual([
      'UNSUPPORTED_FILE',
      'not_a_document_archive',
      'This file is a zip archive, not a PowerPoint presentation (.pptx).',
    ]);
  });
});

describe('EPUB (.epub)', () => {
  it('reads the chapters in spine order, headings as sections', async () => {
    const out = await extractFile({ data: await makeEpub(), filename: 'botany.epub' });
    expect(out.kind).toBe('epub');
    expect(out.title).toBe('A Short Course in Botany');
    expect(out.text).toContain('Roots take up water');
    expect(out.text.indexOf('Roots take up water')).toBeLessThan(out.text.indexOf('chloroplasts'));
    expect(out.sections.find((s) => s.heading === 'Photosynthesis')?.text).toContain('chloroplasts');
  });

  it('refuses a zip bomb named .epub', async () => {
    const bomb = await zip({
      mimetype: 'application/epub+zip',
      'META-INF/container.xml': '<container/>',
      'OEBPS/chapter.xhtml': Buffer.alloc(20 * 1024 * 1024, 0x20),
    });
    const err = await failure(extractFile({ data: bomb, filename: 'bomb.epub' }));
    expect([err.code, err.reason]).toEqual(['PAYLOAD_TOO_LARGE', 'zip_suspicious_ratio']);
  });

  it('refuses an e-book with a path-traversal entry or reference, each with its own message', async () => {
    const good = await JSZip.loadAsync(await makeEpub());
    good.file('../../etc/evil.xhtml', '<p>x</p>', { createFolders: false });
    const entry = await failure(
      extractFile({ data: await good.generateAsync({ type: 'nodebuffer' }), filename: 'evil.epub' }),
    );
    expect([entry.code, entry.reason]).toEqual(['UNSUPPORTED_FILE', 'unsafe_zip_path']);
    expect(entry.message).toContain('points outside the document');

    const ref = await zip({
      mimetype: 'application/epub+zip',
      'META-INF/container.xml':
        '<container><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      'OEBPS/content.opf':
        '<package><metadata><title>t</title></metadata><manifest><item id="c1" href="../../../etc/passwd" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>',
    });
    const byRef = await failure(extractFile({ data: ref, filename: 'evil.epub' }));
    expect([byRef.code, byRef.reason]).toEqual(['UNSUPPORTED_FILE', 'unsafe_zip_path']);
    expect(byRef.message).toBe('This e-book refers to a file outside itself (a crafted archive), so it was not opened.');
  });
});

describe('text, Markdown and saved web pages', () => {
  it('reads plain text, UTF-8 or Windows-1252', async () => {
    const out = await extractFile({ data: Buffer.from('Osmosis\n\nWater moves across a membrane.\n'), filename: 'notes.txt' });
    expect([out.kind, out.title, out.text]).toEqual(['txt', 'Osmosis', 'Osmosis\n\nWater moves across a membrane.']);
    const latin = await extractFile({ data: Buffer.from('Caf\xe9 cr\xe8me', 'latin1'), filename: 'menu.txt' });
    expect(latin.text).toBe('Café crème');
  });

  it('reads Markdown with its headings as sections', async () => {
    const md = '# Genetics\n\nGenes are made of **DNA**.\n\n## Alleles\n\n- dominant\n- recessive\n';
    const out = await extractFile({ data: Buffer.from(md), filename: 'genetics.md' });
    expect(out.kind).toBe('md');
    expect(out.title).toBe('Genetics');
    expect(out.text).not.toContain('**');
    expect(out.sections.find((s) => s.heading === 'Alleles')?.text).toContain('recessive');
  });

  it('reads a saved web page through the same path as links, and a non-article page whole', async () => {
    const article = `<!doctype html><html><head><title>Plate tectonics</title></head><body><nav>Home | About</nav><article><h1>Plate tectonics</h1>${'<p>The lithosphere is broken into plates that move over the asthenosphere, a few centimetres a year.</p>'.repeat(6)}</article></body></html>`;
    const out = await extractFile({ data: Buffer.from(article), filename: 'page.html' });
    expect(out.kind).toBe('html');
    expect(out.title).toBe('Plate tectonics');
    expect(out.text).toContain('asthenosphere');
    expect(out.meta.url).toBeUndefined();
    const notes = await extractFile({ data: Buffer.from('<html><body><ul><li>Quartz</li><li>Feldspar</li></ul></body></html>'), filename: 'list.htm' });
    expect(notes.text).toContain('Feldspar');
  });

  it('refuses an empty or binary text file, and an .html without markup, each with its own message', async () => {
    const empty = await failure(extractFile({ data: Buffer.alloc(0), filename: 'empty.txt' }));
    expect(empty.reason).toBe('empty_document');
    const blank = await failure(extractFile({ data: Buffer.from(' \n\n \t'), filename: 'blank.txt' }));
    expect([blank.reason, blank.message]).toEqual(['empty_document', 'This text file has no text in it to build cards from.']);
    const binary = await failure(extractFile({ data: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]), filename: 'a.txt' }));
    expect([binary.code, binary.reason, binary.message]).toEqual([
      'UNSUPPORTED_FILE',
      'not_text',
      'This file is named .txt but its content is not text (it looks like a binary file).',
    ]);
    const late = await failure(extractFile({ data: Buffer.concat([Buffer.alloc(5000, 0x61), Buffer.from([0])]), filename: 'late.md' }));
    expect(late.reason).toBe('not_text');
    const plain = await failure(extractFile({ data: Buffer.from('no markup here'), filename: 'page.html' }));
    expect(plain.message).toBe('This file is named .html but it is not a web page: it has no HTML markup.');
  });
});
