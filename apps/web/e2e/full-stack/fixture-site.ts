import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fixturePath } from '@mnemo/testing/fixtures';

/**
 * A local site the full-stack tests serve fixture pages from; the stack's worker may fetch it
 * (SOURCE_FETCH_ALLOWLIST). Fixed like the stack's own port, beside it.
 */
// Overridable (like WEB_E2E_STACK_PORT) so two checkouts can run the full-stack tests at once.
// eslint-disable-next-line no-restricted-properties -- a test port, read where the tests start
export const FIXTURE_SITE_PORT = Number(process.env.FIXTURE_SITE_PORT ?? 4837);

/** The Wikipedia article on Mozilla, at `http://127.0.0.1:4837/wiki/Mozilla`, as the worker fetches it. */
export const FIXTURE_ARTICLE_URL = `http://127.0.0.1:${FIXTURE_SITE_PORT}/wiki/Mozilla`;

/** Serves the fixture article on every path of the fixture site; close it when done. */
export async function serveFixtureArticle(): Promise<{ close(): Promise<void> }> {
  const article = readFileSync(fixturePath('web', 'wikipedia', 'source.html'));
  const site: Server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article),
  );
  await new Promise<void>((resolve) => site.listen(FIXTURE_SITE_PORT, '127.0.0.1', resolve));
  return { close: () => new Promise<void>((resolve) => site.close(() => resolve())) };
}
