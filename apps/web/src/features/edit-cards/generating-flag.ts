/**
 * The edit screen's isGenerating flag lives in its address (spec 02 §2), set and dropped with a
 * search-only navigation from the screen's route. The screen sets or drops it when an answer
 * arrives (the opening run, a status check, the list poll), which can be after the learner has
 * left: resolved from the page they went to (a space, /space/<id>), that navigation built a deck
 * address without this deck's id and sent them to "Deck not found or not accessible." (seen in the
 * browser suite: a click on a space in the sidebar right as the questions arrived). So the flag is
 * only written while the address is still this screen's.
 */
export function stillOnScreen(pathname: string, screenPath: string): boolean {
  return pathname.replace(/\/+$/, '') === screenPath;
}
