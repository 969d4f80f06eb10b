import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '@mnemo/testing/fixtures';
import { route } from '@mnemo/contracts/routes';
import type { Identity } from '@mnemo/contracts/identity';
import { asCaller } from '@mnemo/service-kit/testing';
import { eq } from 'drizzle-orm';
import { uploads } from '@mnemo/db/schema';
import { anonCaller, registerCaller, serviceCaller, startDeckApp, userCaller, type DeckTestApp } from '../../test-support';

let t: DeckTestApp;
beforeAll(async () => {
  t = await startDeckApp();
});
afterAll(async () => t?.close());

const MB = 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** POST /upload/document with one file in the form field `field`, as the browser sends it. */
async function upload(caller: Identity, bytes: Buffer, filename: string, { field = 'file', type = 'application/octet-stream' } = {}) {
  if (caller.kind === 'user') await registerCaller(t, caller);
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), filename);
  return t.app.inject({ method: 'POST', url: '/upload/document', headers: asCaller(caller), payload: form });
}

/** A file that starts like a PDF and is `size` bytes long. */
const pdfOfSize = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

describe('POST /upload/document', () => {
  it('stores a real PDF under a generated key and answers exactly the contract', async () => {
    const bytes = readFileSync(fixturePath('pdf', 'minimal-document.pdf'));
    const res = await upload(userCaller(), bytes, 'minimal-document.pdf', { type: 'application/pdf' });
    expect(res.statusCode).toBe(200);
    const body = route('POST /upload/document').response.strict().parse(res.json());
    expect(body).toMatchObject({
      success: true,
      file: { contentType: 'application/pdf', size: bytes.length, originalFilename: 'minimal-document.pdf' },
    });
    // The key is ours: a date folder and a UUID, never the user's file name.
    expect(body.file.storageRef).toMatch(/^documents\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(body.file.storageRef).not.toContain('minimal');
    expect(body.file.downloadUrl).toBe(`/api/files/${body.file.storageRef}`);
    expect(readFileSync(`${t.filesDir}/${body.file.storageRef}`).equals(bytes)).toBe(true);

    const download = await t.app.inject({ url: `/files/${body.file.storageRef}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts every real Word document, typed by its content whatever the browser claimed', async () => {
    const names = readdirSync(fixturePath('docx')).filter((n) => n.endsWith('.docx'));
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) {
      const res = await upload(anonCaller(), readFileSync(fixturePath('docx', name)), name, { type: 'text/html' });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().file).toMatchObject({ contentType: DOCX, originalFilename: name });
      expect(res.json().file.storageRef).toMatch(/\.docx$/);
    }
  });

  it('accepts Markdown and a saved web page, typed by their format, and serves the page sandboxed as an attachment', async () => {
    const md = await upload(anonCaller(), Buffer.from('# Notes\n\nSome *text*.\n'), 'notes.md');
    expect(md.statusCode).toBe(200);
    expect(md.json().file).toMatchObject({ contentType: 'text/markdown', originalFilename: 'notes.md' });
    const page = await upload(anonCaller(), Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'page.html');
    expect(page.statusCode).toBe(200);
    expect(page.json().file.contentType).toBe('text/html');
    // Never stored under an extension a static server would render.
    expect(page.json().file.storageRef).toMatch(/\.bin$/);
    const served = await t.app.inject({ url: `/files/${page.json().file.storageRef}` });
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    const binary = await upload(anonCaller(), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]), 'notes.txt');
    expect([binary.statusCode, binary.json().error]).toEqual([415, 'This file is not a valid text file (.txt)']);
  });

  it('accepts a Word 97 document by its OLE2 signature and WordDocument stream', async () => {
    const doc = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(1016),
      Buffer.from('Root Entry', 'utf16le'),
      Buffer.alloc(108),
      Buffer.from('WordDocument', 'utf16le'),
      Buffer.alloc(2048),
    ]);
    const res = await upload(anonCaller(), doc, 'old.doc');
    expect(res.statusCode).toBe(200);
    expect(res.json().file.contentType).toBe('application/msword');
  });

  it('refuses a renamed text file and a zip that is not a Word document, keeping nothing', async () => {
    const before = t.storedFiles();
    const text = Buffer.from('Lecture notes\n'.repeat(100));
    for (const name of ['notes.pdf', 'notes.docx', 'notes.doc']) {
      const res = await upload(anonCaller(), text, name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_FILE' });
      expect(res.json().error).toMatch(/^This file is not a valid (PDF|Word) document/);
    }
    const zip = await upload(anonCaller(), readFileSync(fixturePath('docx', 'not-a-docx.zip')), 'not-a-docx.docx');
    expect(zip.statusCode).toBe(415);
    expect(zip.json().error).toBe('This file is not a valid Word document (.docx)');
    expect(t.storedFiles()).toEqual(before);
  });

  it('refuses a file whose name is not one of the accepted formats, even with PDF content', async () => {
    const res = await upload(anonCaller(), readFileSync(fixturePath('pdf', 'minimal-document.pdf')), 'paper.odt');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_FILE',
      error:
        'Only PDF, Word, PowerPoint, EPUB, text, Markdown, saved web page or picture files (.pdf, .doc, .docx, .pptx, .epub, .txt, .md, .markdown, .html, .htm, .png, .jpg, .jpeg, .webp, .tif, .tiff) can be uploaded',
    });
  });

  it('stores a picture of text typed by its content (issue 22: read by OCR)', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5000)]);
    const res = await upload(anonCaller(), png, 'Whiteboard.PNG');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, file: { contentType: 'image/png', originalFilename: 'Whiteboard.PNG' } });
  });

  it('limits one file to 10 MB on the free plan and for guests, 25 MB on Scholar, keeping nothing refused', async () => {
    const before = t.storedFiles();
    const over = pdfOfSize(10 * MB + 1);
    for (const caller of [userCaller('free'), anonCaller()]) {
      const res = await upload(caller, over, 'big.pdf');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(res.json().error).toBe(
        'This file is larger than 10 MB, the largest file the free plan allows (Scholar allows up to 25 MB)',
      );
    }
    expect(t.storedFiles()).toEqual(before);
    expect((await upload(userCaller('free'), pdfOfSize(10 * MB), 'exact.pdf')).statusCode).toBe(200);
    expect((await upload(userCaller('scholar'), over, 'big.pdf')).statusCode).toBe(200);
    const scholarOver = await upload(userCaller('scholar'), pdfOfSize(25 * MB + 1), 'huge.pdf');
    expect(scholarOver.statusCode).toBe(413);
    expect(scholarOver.json().error).toBe('This file is larger than 25 MB, the largest file that can be uploaded');
  });

  it('answers a refused upload over real HTTP while the body is still arriving, without hanging', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const caller = anonCaller();
    const send = async (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), name);
      return fetch(`${address}/upload/document`, { method: 'POST', headers: asCaller(caller), body: form, signal: AbortSignal.timeout(20_000) });
    };
    const big = await send(pdfOfSize(12 * MB), 'big.pdf');
    expect(big.status).toBe(413);
    const wrong = await send(Buffer.concat([Buffer.from('plain text'), Buffer.alloc(3 * MB)]), 'x.pdf');
    expect(wrong.status).toBe(415);
    const ok = await send(readFileSync(fixturePath('pdf', 'minimal-document.pdf')), 'ok.pdf');
    expect(ok.status).toBe(200);
  });

  it('needs the file in the field "file", a multipart body and a session', async () => {
    const pdf = readFileSync(fixturePath('pdf', 'minimal-document.pdf'));
    const wrongField = await upload(anonCaller(), pdf, 'a.pdf', { field: 'document' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toContain('field named "file"');

    const json = await t.app.inject({ method: 'POST', url: '/upload/document', headers: asCaller(anonCaller()), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);

    const nobody = await upload({ kind: 'none' }, pdf, 'a.pdf');
    expect(nobody.statusCode).toBe(401);
  });

  it("moves a guest's uploads to the account they sign up with, so they can still add them", async () => {
    const guest = anonCaller();
    const file = (await upload(guest, readFileSync(fixturePath('pdf', 'minimal-document.pdf')), 'a.pdf')).json().file;
    const user = userCaller();
    await registerCaller(t, user);
    const claim = await t.app.inject({
      method: 'POST',
      url: '/internal/claim-anonymous',
      headers: asCaller(serviceCaller()),
      payload: { anonId: guest.anonId, userId: user.userId },
    });
    expect(claim.statusCode).toBe(200);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.storageRef, file.storageRef));
    expect(row).toMatchObject({ ownerUserId: user.userId, ownerAnonId: null });
  });

  it('answers 404 for a file that does not exist or a reference outside the store', async () => {
    expect((await t.app.inject({ url: '/files/documents/2026/01/00000000-0000-0000-0000-000000000000.pdf' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});
