import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { randomUuid } from '../random-uuid';
import { sources as defaultCalls } from './source-api';
import { draftReducer, draftUrls, isUploading, type DraftItem } from './source-draft';
import { SOURCE_MESSAGES, uploadFailedMessage } from './source-messages';
import { checkLink, isAcceptedFile, type LinkCheck } from './source-rules';

export interface SourceDraft {
  items: DraftItem[];
  /** Upload failures and refused files, shown until the next addition. */
  messages: string[];
  uploading: boolean;
  /** Checks and adds a typed link; the answer says what happened (the input keeps text on failure). */
  addLink(raw: string): LinkCheck;
  /** Adds PDF and Word files and starts their uploads at once. */
  addFiles(files: Iterable<File>): void;
  /** Removes an item; a file still uploading has its upload cancelled. */
  remove(id: string): void;
  removeMany(ids: readonly string[]): void;
  clear(): void;
}

export interface SourceDraftOptions {
  /** Links that already exist elsewhere (the deck's own sources): adding one again is refused. */
  existingUrls?: readonly string[];
  calls?: Pick<typeof defaultCalls, 'uploadDocument'>;
}

/** The added links and files of the creation page and the Add Source modal (spec 01 §2.6, §4.2). */
export function useSourceDraft({
  existingUrls = [],
  calls = defaultCalls,
}: SourceDraftOptions = {}): SourceDraft {
  const [items, dispatch] = useReducer(draftReducer, []);
  const [messages, setMessages] = useState<string[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  // The latest items for callbacks that must not change identity on every render.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const existingRef = useRef(existingUrls);
  existingRef.current = existingUrls;

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const addLink = useCallback((raw: string): LinkCheck => {
    setMessages([]);
    const result = checkLink(raw, [...existingRef.current, ...draftUrls(itemsRef.current)]);
    if (result.kind === 'ok') dispatch({ type: 'add-link', id: randomUuid(), link: result.link });
    return result;
  }, []);

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      const next: string[] = [];
      for (const file of files) {
        if (!isAcceptedFile(file.name)) {
          if (!next.includes(SOURCE_MESSAGES.unsupportedFile))
            next.push(SOURCE_MESSAGES.unsupportedFile);
          continue;
        }
        const id = randomUuid();
        const controller = new AbortController();
        uploads.current.set(id, controller);
        dispatch({ type: 'add-file', id, name: file.name, size: file.size });
        calls.uploadDocument(file, controller.signal).then(
          (answer) => {
            uploads.current.delete(id);
            dispatch({ type: 'upload-done', id, file: answer.file });
          },
          (error: unknown) => {
            uploads.current.delete(id);
            if (controller.signal.aborted) return;
            dispatch({ type: 'upload-failed', id });
            setMessages((prev) => [...prev, uploadFailedMessage(file.name, error)]);
          },
        );
      }
      setMessages(next);
    },
    [calls],
  );

  const remove = useCallback((id: string) => {
    uploads.current.get(id)?.abort();
    uploads.current.delete(id);
    dispatch({ type: 'remove', id });
  }, []);

  const removeMany = useCallback((ids: readonly string[]) => {
    dispatch({ type: 'remove-many', ids });
  }, []);

  const clear = useCallback(() => {
    for (const controller of uploads.current.values()) controller.abort();
    uploads.current.clear();
    dispatch({ type: 'clear' });
    setMessages([]);
  }, []);

  return useMemo(
    () => ({
      items,
      messages,
      uploading: isUploading(items),
      addLink,
      addFiles,
      remove,
      removeMany,
      clear,
    }),
    [items, messages, addLink, addFiles, remove, removeMany, clear],
  );
}
