import { logInfo } from '../../lib/log';

/**
 * The library's search box (spec 01 §2.7): it only logs the term, it does not filter. An empty
 * term logs nothing. Answers what was logged.
 */
export function logLibrarySearch(
  raw: string,
  log: (message: string, detail?: unknown) => void = logInfo,
): string | null {
  const term = raw.trim();
  if (term === '') return null;
  log('Library search', term);
  return term;
}
