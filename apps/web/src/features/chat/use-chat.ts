import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Attribution, ChatMessage } from '@mnemo/contracts/entities/chat';
import type { VectorContextInput } from '@mnemo/contracts/api/chat';
import { CHAT_HISTORY_MAX, CHAT_MESSAGE_MAX } from '@mnemo/contracts/entities/chat';
import { isApiError } from '../../lib/api';
import { randomUuid } from '../../lib/random-uuid';
import { chats, streamChat, type StreamTarget } from './chat-api';
import {
  ENHANCE_HISTORY,
  defaultPrompts,
  isHintPrompt,
  ephemeralContext,
  promptsOrDefaults,
  promptsRequest,
  questionOf,
  toHistory,
} from './chat-context';
import { CHAT_MESSAGES, chatErrorMessage, isAbort, serviceUnavailable } from './chat-errors';
import { canSaveChat, savedChatTitle } from './chat-history';
import { chatHistoryKey } from './chat-history-query';
import type { ChatPanelProps, PanelMessage } from '../../lib/chat-types';
import {
  canStartPreviewChat,
  findPreviewChat,
  previewLimitMessage,
  savePreviewChat,
} from './preview-chats';
import { createStreamBuffer } from './stream-buffer';

export type ChatStatus = 'idle' | 'sending' | 'streaming';
export type SaveState = 'idle' | 'saving' | 'saved';

const now = () => new Date().toISOString();
const message = (
  role: PanelMessage['role'],
  content: string,
  extra: Partial<PanelMessage> = {},
): PanelMessage => ({ key: randomUuid(), role, content, timestamp: now(), ...extra });

const fromServer = (m: ChatMessage): PanelMessage =>
  message(m.role, m.content, {
    timestamp: m.timestamp,
    ...(m.attribution ? { attribution: m.attribution } : {}),
  });

/** What identifies the chat's subject: prompts are asked again when it changes. */
function subjectKey(context: ChatPanelProps['context']): string {
  return context.type === 'question'
    ? `q:${context.currentQuestion?._id ?? ''}:${context.answerSubmitted ? 1 : 0}:${context.language ?? ''}`
    : `s:${context.activeSource?._id ?? ''}:${context.language ?? ''}`;
}

/**
 * The chat panel's state and flow (spec 02 §4): a temporary chat first, optional retrieval
 * (enhance-query, then retrieve-context), a streamed or plain answer, cancel, the apology on
 * failure, Save Chat for editors and session-stored preview chats for everyone else.
 */
export function useChat(props: ChatPanelProps) {
  const { deckId, context, canEdit, sourceIds } = props;
  const queryClient = useQueryClient();

  const [messages, setMessagesState] = useState<PanelMessage[]>([]);
  const [status, setStatus] = useState<ChatStatus>('idle');
  const [streamPieces, setStreamPieces] = useState<string[]>([]);
  const [chatError, setChatError] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [streamingEnabled, setStreamingEnabled] = useState(true);
  const [vectorEnabled, setVectorEnabled] = useState(true);
  const [vectorAvailable, setVectorAvailable] = useState<boolean | null>(null);
  const [prompts, setPrompts] = useState<string[]>(() =>
    defaultPrompts(context.type, context.language ?? null),
  );
  const [promptsLoading, setPromptsLoading] = useState(false);
  const [exchanges, setExchanges] = useState(0);

  // The flow is async; refs give it the current values instead of those of the render it began in.
  const messagesRef = useRef<PanelMessage[]>([]);
  const busyRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  const savedChatIdRef = useRef<string | null>(null);
  const previewChatIdRef = useRef<string | null>(null);
  const previewCreatedRef = useRef<string | null>(null);
  /** An exchange happened since the preview chat was last written (opening one is not a change). */
  const previewDirtyRef = useRef(false);
  /** Bumped by a reset or a loaded chat: a flow that began before it must not touch the new chat. */
  const generationRef = useRef(0);
  const propsRef = useRef(props);
  propsRef.current = props;
  const togglesRef = useRef({ streamingEnabled, vectorEnabled, vectorAvailable });
  togglesRef.current = { streamingEnabled, vectorEnabled, vectorAvailable };

  const setMessages = useCallback((update: (m: PanelMessage[]) => PanelMessage[]) => {
    messagesRef.current = update(messagesRef.current);
    setMessagesState(messagesRef.current);
  }, []);

  const sourceKey = sourceIds.join(',');
  useEffect(() => {
    const controller = new AbortController();
    setVectorAvailable(null);
    chats
      .checkVectorAvailability(deckId, sourceKey ? sourceKey.split(',') : [], controller.signal)
      .then((answer) => setVectorAvailable(answer.available))
      .catch(() => {
        if (!controller.signal.aborted) setVectorAvailable(false);
      });
    return () => controller.abort();
  }, [deckId, sourceKey]);

  // Follow-up prompts: the defaults for an empty chat, else the mode's call, asked again after each
  // answer and when the subject changes (spec 02 §9).
  const subject = subjectKey(context);
  useEffect(() => {
    const { context: current } = propsRef.current;
    const history = toHistory(messagesRef.current);
    const language = current.language ?? null;
    if (history.length === 0) {
      setPrompts(defaultPrompts(current.type, language));
      setPromptsLoading(false);
      return;
    }
    const controller = new AbortController();
    setPromptsLoading(true);
    const request = promptsRequest(current, history);
    const call =
      request.kind === 'question'
        ? chats.questionPrompts(request.body, controller.signal)
        : chats.sourcePrompts(request.body, controller.signal);
    call
      .then((answer) => setPrompts(promptsOrDefaults(current.type, answer.prompts, language)))
      .catch(() => setPrompts(defaultPrompts(current.type, language)))
      .finally(() => {
        if (!controller.signal.aborted) setPromptsLoading(false);
      });
    return () => controller.abort();
  }, [subject, exchanges, deckId]);

  // Preview chats are written to session storage after every exchange (spec 02 §6).
  useEffect(() => {
    if (canEdit || status !== 'idle' || !previewChatIdRef.current || !previewDirtyRef.current) {
      return;
    }
    previewDirtyRef.current = false;
    const visible = messages.filter((m) => m.role !== 'system');
    if (visible.length === 0) return;
    const id = previewChatIdRef.current;
    const createdAt = previewCreatedRef.current ?? now();
    previewCreatedRef.current = createdAt;
    const result = savePreviewChat({
      id,
      title: savedChatTitle(context.type, visible),
      deckId,
      messages: visible.map(({ role, content, timestamp }) => ({ role, content, timestamp })),
      createdAt,
      updatedAt: now(),
    });
    if (!result.ok) setChatError(result.error);
    void queryClient.invalidateQueries({ queryKey: chatHistoryKey(deckId, false) });
  }, [messages, status, canEdit, deckId, context.type, queryClient]);

  const resetChat = useCallback(() => {
    generationRef.current += 1;
    abortRef.current?.abort();
    abortRef.current = null;
    busyRef.current = false;
    savedChatIdRef.current = null;
    previewChatIdRef.current = null;
    previewCreatedRef.current = null;
    previewDirtyRef.current = false;
    messagesRef.current = [];
    setMessagesState([]);
    setStatus('idle');
    setStreamPieces([]);
    setChatError(null);
    setSaveState('idle');
    setExchanges((n) => n + 1);
  }, []);

  // A new resetKey (the question changed) starts a fresh chat; the first render is not a change.
  const lastResetKey = useRef(props.resetKey);
  useEffect(() => {
    if (lastResetKey.current === props.resetKey) return;
    lastResetKey.current = props.resetKey;
    resetChat();
  }, [props.resetKey, resetChat]);

  // Opening a chat from the history list.
  useEffect(() => {
    const chatId = props.openChatId;
    if (!chatId) return;
    resetChat();
    const generation = generationRef.current;
    if (!canEdit) {
      const stored = findPreviewChat(chatId);
      if (!stored || stored.deckId !== deckId) {
        setChatError(CHAT_MESSAGES.previewNotFound);
        return;
      }
      previewChatIdRef.current = stored.id;
      previewCreatedRef.current = stored.createdAt;
      setMessages(() =>
        stored.messages.map((m) => message(m.role, m.content, { timestamp: m.timestamp ?? now() })),
      );
      setExchanges((n) => n + 1);
      return;
    }
    const controller = new AbortController();
    chats
      .get(chatId, controller.signal)
      .then(({ chat }) => {
        if (generation !== generationRef.current) return;
        savedChatIdRef.current = chat._id;
        setSaveState('saved');
        setMessages(() => chat.messages.map(fromServer));
        setExchanges((n) => n + 1);
      })
      .catch((error: unknown) => {
        if (!isAbort(error) && generation === generationRef.current) {
          setChatError(CHAT_MESSAGES.loadFailed);
        }
      });
    return () => controller.abort();
    // openChatRequest: a second click on the same saved chat loads it again.
  }, [props.openChatId, props.openChatRequest, canEdit, deckId, resetChat, setMessages]);

  /** Retrieval for the message: the enhanced query's chunks, or null (off, unavailable, failed). */
  async function retrieve(
    content: string,
    earlier: PanelMessage[],
    signal: AbortSignal,
  ): Promise<{ vectorContext: VectorContextInput; attribution: Attribution[] | undefined }> {
    const toggles = togglesRef.current;
    if (!toggles.vectorEnabled || !toggles.vectorAvailable) {
      return { vectorContext: null, attribution: undefined };
    }
    const { deckId: deck, sourceIds: ids } = propsRef.current;
    let query = content;
    try {
      const answer = await chats.enhanceQuery(
        deck,
        content,
        toHistory(earlier, ENHANCE_HISTORY),
        signal,
      );
      if (answer.enhancedQuery.trim() !== '') query = answer.enhancedQuery;
    } catch (error) {
      if (isAbort(error)) throw error;
    }
    try {
      const found = await chats.retrieveContext(
        deck,
        ids,
        query.slice(0, CHAT_MESSAGE_MAX),
        signal,
      );
      if (found.chunks.length === 0) return { vectorContext: null, attribution: undefined };
      return {
        vectorContext: { chunks: found.chunks, attribution: found.attribution },
        attribution: found.attribution,
      };
    } catch (error) {
      // Retrieval helps but is not needed: the tutor answers without passages.
      if (isAbort(error)) throw error;
      return { vectorContext: null, attribution: undefined };
    }
  }

  const send = useCallback(
    async (raw: string) => {
      const content = raw.trim();
      if (content === '' || busyRef.current) return false;
      const { deckId: deck, context: ctx, canEdit: editor, sourceIds: ids } = propsRef.current;
      if (!editor && !previewChatIdRef.current) {
        if (!canStartPreviewChat(deck)) {
          setChatError(previewLimitMessage());
          return false;
        }
        previewChatIdRef.current = randomUuid();
        previewCreatedRef.current = now();
      }

      const generation = generationRef.current;
      const current = () => generation === generationRef.current;
      const earlier = messagesRef.current;
      busyRef.current = true;
      setChatError(null);
      setStatus('sending');
      setMessages((m) => [...m, message('user', content)]);
      const controller = new AbortController();
      abortRef.current = controller;
      let bubbleKey: string | null = null;
      let streamed = '';
      const buffer = createStreamBuffer({
        onFlush: (text) => {
          if (!current()) return;
          streamed += text;
          setStreamPieces((pieces) => [...pieces, text]);
        },
      });

      const appendAnswer = (text: string, attribution: Attribution[] | undefined) =>
        setMessages((m) => [
          ...m,
          message('assistant', text, attribution && attribution.length > 0 ? { attribution } : {}),
        ]);

      try {
        // The hint prompt of an unanswered question goes through the flashcard call, whose prompt
        // asks for a hint without the answer (spec 02 §7).
        if (
          ctx.type === 'question' &&
          ctx.currentQuestion &&
          isHintPrompt(content, ctx.language ?? null)
        ) {
          try {
            const answer = await chats.flashcard(
              ctx.currentQuestion._id,
              content,
              toHistory(earlier),
              controller.signal,
              'hint',
            );
            if (current()) appendAnswer(answer.response, undefined);
            return true;
          } catch (error) {
            // A question the card call does not know falls back to the ordinary tutor.
            if (!(isApiError(error) && error.status === 404)) throw error;
          }
        }

        const { vectorContext, attribution } = await retrieve(content, earlier, controller.signal);
        if (!current()) return false;
        const savedId = savedChatIdRef.current;
        const question = questionOf(ctx);
        const ephemeralBody = {
          deckId: deck,
          message: content,
          ...ephemeralContext(ctx, earlier),
          ...(ids.length > 0 ? { sourceIds: ids } : {}),
          vectorContext,
        };

        if (!togglesRef.current.streamingEnabled) {
          const answer = savedId
            ? await chats.message(savedId, content, vectorContext, controller.signal, question)
            : await chats.ephemeral(ephemeralBody, controller.signal);
          if (current())
            appendAnswer(answer.message.content, answer.message.attribution ?? attribution);
          return true;
        }

        const bubble = message('assistant', '');
        bubbleKey = bubble.key;
        setMessages((m) => [...m, bubble]);
        setStreamPieces([]);
        setStatus('streaming');
        const target: StreamTarget = savedId
          ? {
              kind: 'persistent',
              chatId: savedId,
              body: { message: content, vectorContext, ...(question ? { question } : {}) },
            }
          : { kind: 'ephemeral', body: ephemeralBody };
        let result;
        try {
          result = await streamChat(target, (text) => buffer.push(text), controller.signal);
        } finally {
          buffer.end();
        }
        if (!current()) return false;
        const finalAttribution = result.attribution ?? attribution;
        setMessages((m) =>
          m.map((msg) =>
            msg.key === bubble.key
              ? {
                  ...msg,
                  content: result.fullResponse,
                  ...(finalAttribution && finalAttribution.length > 0
                    ? { attribution: finalAttribution }
                    : {}),
                }
              : msg,
          ),
        );
        return true;
      } catch (error) {
        if (!current()) return false;
        const key = bubbleKey;
        if (isAbort(error)) {
          // A cancelled answer keeps what had arrived; an empty bubble goes.
          setMessages((m) =>
            streamed.trim() === ''
              ? m.filter((msg) => msg.key !== key)
              : m.map((msg) => (msg.key === key ? { ...msg, content: streamed } : msg)),
          );
          return false;
        }
        setMessages((m) => [
          ...m.filter((msg) => msg.key !== key),
          message('assistant', CHAT_MESSAGES.apology, { failed: true }),
        ]);
        setChatError(chatErrorMessage(error));
        return false;
      } finally {
        buffer.dispose();
        if (current()) {
          previewDirtyRef.current = true;
          busyRef.current = false;
          abortRef.current = null;
          setStatus('idle');
          setStreamPieces([]);
          setExchanges((n) => n + 1);
        }
      }
    },
    // The flow reads props and toggles through refs, so it stays one function for the pending effect.
    [setMessages],
  );

  const cancel = useCallback(() => abortRef.current?.abort(), []);

  // Follow-ups from the question session are sent once per id, when the chat is free.
  const sentPending = useRef(new Set<number>());
  const pending = props.pendingMessage;
  useEffect(() => {
    if (!pending || status !== 'idle' || sentPending.current.has(pending.id)) return;
    sentPending.current.add(pending.id);
    void send(pending.text);
  }, [pending, status, send]);

  const save = useCallback(async () => {
    const visible = messagesRef.current.filter(
      (m) => m.role !== 'system' && !m.failed && m.content.trim() !== '',
    );
    if (busyRef.current || savedChatIdRef.current || visible.length < 2) return;
    const { deckId: deck, context: ctx } = propsRef.current;
    const generation = generationRef.current;
    setSaveState('saving');
    setChatError(null);
    try {
      const { chat } = await chats.start({
        deckId: deck,
        title: savedChatTitle(ctx.type, visible),
        preview: false,
        messages: visible.slice(-CHAT_HISTORY_MAX).map((m) => ({
          role: m.role === 'user' ? 'user' : 'assistant',
          content: m.content.slice(0, CHAT_MESSAGE_MAX),
          // The answer's sources are saved with it, so a reopened chat still shows them.
          ...(m.role === 'assistant' && m.attribution?.length
            ? { attribution: m.attribution }
            : {}),
        })),
      });
      if (generation !== generationRef.current) return;
      savedChatIdRef.current = chat._id;
      setSaveState('saved');
      void queryClient.invalidateQueries({ queryKey: chatHistoryKey(deck, true) });
    } catch {
      if (generation !== generationRef.current) return;
      setSaveState('idle');
      setChatError(CHAT_MESSAGES.saveFailed);
    }
  }, [queryClient]);

  const unavailable = useMemo(() => serviceUnavailable(messages), [messages]);
  const saveVisible = canEdit && (saveState !== 'idle' || canSaveChat(messages, false));

  return {
    messages,
    status,
    streamPieces,
    chatError,
    setChatError,
    saveState,
    saveVisible,
    save,
    send,
    cancel,
    prompts,
    promptsLoading,
    streamingEnabled,
    setStreamingEnabled,
    vectorEnabled,
    setVectorEnabled,
    vectorAvailable,
    unavailable,
  };
}
