import { useCallback, useEffect, useState } from 'react';
import { CHIP_RULES, addChip, chipsActiveOn, selectionForChip, type Chip } from './chat-chips';

/**
 * Chips from text the user selects on the deck pages (spec 02 §4, §5): the selection is read 10 ms
 * after mouse-up or touch-end (the browser settles it by then), turned into a chip when it has at
 * least 3 characters, and cleared. Selections inside inputs are the user editing, not asking.
 */
const EDITING = 'input, textarea, [contenteditable="true"]';

export function useSelectionChips() {
  const [chips, setChips] = useState<Chip[]>([]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const onRelease = (event: Event) => {
      const target = event.target as Element | null;
      if (target?.closest?.(EDITING)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        if (!chipsActiveOn(window.location.pathname)) return;
        // Text being edited (a focused field) or the label of a control is not something to ask about.
        if (document.activeElement?.closest?.(EDITING)) return;
        const selection = window.getSelection();
        const anchor = selection?.anchorNode;
        const anchorElement = anchor instanceof Element ? anchor : anchor?.parentElement;
        if (anchorElement?.closest?.(`${EDITING}, button, [role="button"]`)) return;
        const text = selectionForChip(selection?.toString());
        if (!text) return;
        setChips((current) => addChip(current, text));
        selection?.removeAllRanges();
      }, CHIP_RULES.selectionDelayMs);
    };
    document.addEventListener('mouseup', onRelease);
    document.addEventListener('touchend', onRelease);
    return () => {
      if (timer) clearTimeout(timer);
      document.removeEventListener('mouseup', onRelease);
      document.removeEventListener('touchend', onRelease);
    };
  }, []);

  const removeChip = useCallback(
    (id: string) => setChips((current) => current.filter((c) => c.id !== id)),
    [],
  );
  const clearChips = useCallback(() => setChips([]), []);
  return { chips, removeChip, clearChips };
}
