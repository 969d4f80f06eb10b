import type { StudyMode } from './study-session-page';

/** The Flashcards tab's address: ?mode=review|practice and ?concepts=[...] (issue 20). */
export interface StudySearch {
  mode?: StudyMode;
  concepts?: string[];
}

export function parseStudySearch(search: Record<string, unknown>): StudySearch {
  const out: StudySearch = {};
  if (search.mode === 'review' || search.mode === 'practice') out.mode = search.mode;
  const raw = search.concepts;
  const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [])
    .filter((c): c is string => typeof c === 'string')
    .map((c) => c.trim())
    .filter((c) => c !== '')
    .slice(0, 20);
  if (list.length > 0) out.concepts = list;
  return out;
}
