import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { StudySearch } from './study-search';
import type { StudyMode } from './study-session-page';

/**
 * The study page's `onModeChange` for a route that parses its search with `parseStudySearch`:
 * writes ?mode= into the address of the page on screen, replacing the history entry, so the mode
 * outlives a remount and a reload and the back button does not step through mode switches.
 */
export function useStudyModeAddress(): (mode: StudyMode) => void {
  const navigate = useNavigate();
  return useCallback(
    (mode: StudyMode) =>
      void navigate({
        to: '.',
        search: (prev: StudySearch) => ({ ...prev, mode }),
        replace: true,
      }),
    [navigate],
  );
}
