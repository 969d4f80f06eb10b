import { useCallback, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { citationLabel, citationTargets, linkCitations } from '../../lib/citations';
import { useClonePrompt } from '../../lib/clone-prompt';
import { canSaveChat } from './chat-history';
import { chipMessage, chipsOfMessage, truncateChipText } from './chat-chips';
import { CHAT_MESSAGES, isAmberMessage } from './chat-errors';
import { ChatMarkdown } from './chat-markdown';
import type { ChatContext, ChatPanelProps, PanelMessage } from '../../lib/chat-types';
import { useChat } from './use-chat';
import { fadeDelayMs, useChatScroll } from './use-chat-scroll';
import { useSelectionChips } from './use-selection-chips';

/** Spec 02 §9: the input grows with its text up to 120 px. */
const INPUT_MAX_HEIGHT = 120;

const QUICK_PROMPTS = [
  { label: 'Explain Concepts', text: 'Explain the key concepts of this material.' },
  { label: 'Summarize Content', text: 'Summarize the main points of this content.' },
  { label: 'Quick Study', text: 'Quiz me with a quick question about this material.' },
] as const;

function suggestedQuestion(context: ChatContext): string {
  if (context.type === 'question') {
    return context.currentQuestion
      ? 'Can you help me understand what this question is asking?'
      : 'What should I focus on when studying these questions?';
  }
  return context.activeSource
    ? `What are the most important ideas in "${context.activeSource.title}"?`
    : 'What are the most important ideas in these sources?';
}

function uniqueTitles(message: PanelMessage): string[] {
  return [...new Set((message.attribution ?? []).map((a) => a.title).filter((t) => t !== ''))];
}

/**
 * An assistant answer's text with its [n] markers linked to the passages they cite (issue 21): each
 * opens the deck's summary page on that source, at the passage, with its page or video time. In a
 * study session (`newTab`) the link opens in a new tab: following it in place would end the session
 * and its chat (the summary page is another route).
 */
function AnswerMarkdown({
  deckId,
  message,
  newTab,
}: {
  deckId: string;
  message: PanelMessage;
  newTab: boolean;
}) {
  const targets = useMemo(() => citationTargets(message.attribution), [message.attribution]);
  const cite = useCallback(
    (n: number) => {
      const t = targets.get(n);
      if (!t) return <span>[{n}]</span>;
      const label = citationLabel(t);
      return (
        <Link
          to="/deck/$deckId/summary"
          params={{ deckId }}
          search={{ source: t.sourceId, passage: t.chunkIndex }}
          className="chat-cite"
          title={newTab ? `${label} (opens in a new tab)` : label}
          aria-label={`Passage ${n}: ${label}${newTab ? ' (opens in a new tab)' : ''}`}
          {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
        >
          [{n}]
        </Link>
      );
    },
    [deckId, targets, newTab],
  );
  return (
    <ChatMarkdown cite={targets.size > 0 ? cite : undefined}>
      {linkCitations(message.content, targets)}
    </ChatMarkdown>
  );
}

function MessageBubble({
  message,
  deckId,
  citationsInNewTab,
}: {
  message: PanelMessage;
  deckId: string;
  citationsInNewTab: boolean;
}) {
  if (message.role === 'user') {
    const chips = chipsOfMessage(message.content);
    if (chips) {
      return (
        <li className="chat-msg chat-msg-user chat-msg-chips" data-role="user">
          {chips.map((text, i) => (
            <span key={i} className="chat-chip" title={text}>
              {truncateChipText(text)}
            </span>
          ))}
        </li>
      );
    }
    return (
      <li className="chat-msg chat-msg-user" data-role="user">
        <p className="chat-msg-text">{message.content}</p>
      </li>
    );
  }
  const titles = uniqueTitles(message);
  const amber = isAmberMessage(message.content);
  return (
    <li
      className={['chat-msg', 'chat-msg-assistant', amber ? 'chat-msg-amber' : '']
        .filter(Boolean)
        .join(' ')}
      data-role="assistant"
    >
      <div className="chat-md">
        <AnswerMarkdown deckId={deckId} message={message} newTab={citationsInNewTab} />
      </div>
      {titles.length > 0 && (
        <p className="chat-citations">
          <span className="muted">Sources: </span>
          {titles.join(', ')}
        </p>
      )}
    </li>
  );
}

/**
 * The 'Study Chat' panel of spec 02 §2 and §4: follow-up prompts, the conversation with streamed
 * answers, the chip tray, the input, and Save Chat for editors.
 */
export function ChatPanel(props: ChatPanelProps) {
  const chat = useChat(props);
  const clonePrompt = useClonePrompt();
  // A viewer who may clone is offered Save Chat too: it asks them to clone the deck first, as a
  // preview chat cannot be saved (spec 02 §2, §6).
  const previewSave = !props.canEdit && clonePrompt.offered && canSaveChat(chat.messages, false);
  const { chips, removeChip, clearChips } = useSelectionChips();
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);
  const { onScroll, scrolling, follow } = useChatScroll(listRef, [
    chat.messages,
    chat.streamPieces,
    chat.status,
  ]);

  const busy = chat.status !== 'idle';
  const streaming = chat.status === 'streaming';
  const canSend = !busy && (input.trim() !== '' || chips.length > 0);
  // While streaming, the answer being written shows in the streaming view, not in the list.
  const lastAssistant = chat.messages.findLastIndex((m) => m.role === 'assistant');
  const shown = chat.messages.filter(
    (m, i) => m.role !== 'system' && !(streaming && i === lastAssistant),
  );
  const empty = shown.length === 0 && !busy;

  function resize() {
    const el = inputRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, INPUT_MAX_HEIGHT)}px`;
  }

  function submit(text?: string) {
    if (busy) return;
    const usingChips = text === undefined && chips.length > 0;
    const content = text ?? (usingChips ? chipMessage(chips, input) : input);
    if (content.trim() === '') return;
    follow();
    void chat.send(content);
    if (text === undefined) {
      setInput('');
      if (usingChips) clearChips();
      requestAnimationFrame(resize);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  return (
    <aside
      className={['chat-panel', props.className].filter(Boolean).join(' ')}
      aria-label="Study Chat"
    >
      <header className="chat-header">
        <div>
          <h2>Study Chat</h2>
          <p className="muted chat-description">
            Ask the AI tutor about this deck. Answers draw on your sources.
          </p>
        </div>
        {previewSave && (
          <button
            type="button"
            className="btn chat-save"
            onClick={() => clonePrompt.open('edit-action')}
          >
            Save Chat
          </button>
        )}
        {chat.saveVisible && (
          <button
            type="button"
            className="btn chat-save"
            onClick={() => void chat.save()}
            disabled={chat.saveState !== 'idle' || busy}
          >
            {chat.saveState === 'saving'
              ? 'Saving...'
              : chat.saveState === 'saved'
                ? 'Saved to History'
                : 'Save Chat'}
          </button>
        )}
      </header>

      {chat.unavailable && (
        <div className="chat-unavailable" role="status">
          <strong>{CHAT_MESSAGES.bannerTitle}</strong>
          <p>{CHAT_MESSAGES.bannerText}</p>
        </div>
      )}

      <section className="chat-prompts" aria-label="Follow up questions">
        <h3>Follow up questions</h3>
        {chat.promptsLoading ? (
          <ul className="chat-prompt-list" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="chat-prompt-placeholder" data-testid="prompt-placeholder" />
            ))}
          </ul>
        ) : (
          <ul className="chat-prompt-list">
            {chat.prompts.map((prompt) => (
              <li key={prompt}>
                <button
                  type="button"
                  className="chat-prompt"
                  disabled={busy}
                  onClick={() => submit(prompt)}
                >
                  {prompt}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div
        className={['chat-messages', scrolling ? 'is-scrolling' : ''].filter(Boolean).join(' ')}
        ref={listRef}
        onScroll={onScroll}
        aria-live="polite"
      >
        {empty ? (
          <div className="chat-empty">
            <p className="chat-empty-title">How can I assist you today?</p>
            <div className="chat-quick">
              {QUICK_PROMPTS.map((quick) => (
                <button
                  key={quick.label}
                  type="button"
                  className="chat-quick-prompt"
                  onClick={() => submit(quick.text)}
                >
                  {quick.label}
                </button>
              ))}
            </div>
            <button
              type="button"
              className="chat-suggested"
              onClick={() => submit(suggestedQuestion(props.context))}
            >
              {suggestedQuestion(props.context)}
            </button>
          </div>
        ) : (
          <ol className="chat-list">
            {shown.map((message) => (
              <MessageBubble
                key={message.key}
                message={message}
                deckId={props.deckId}
                citationsInNewTab={props.context.type === 'question'}
              />
            ))}
            {busy && (
              <li className="chat-msg chat-msg-assistant chat-streaming" data-role="assistant">
                {chat.streamPieces.length === 0 ? (
                  <p className="chat-thinking">Thinking...</p>
                ) : (
                  <p className="chat-msg-text">
                    {chat.streamPieces.map((piece, i) => (
                      <span
                        key={i}
                        className="chat-piece"
                        style={{ animationDelay: `${fadeDelayMs(i)}ms` }}
                      >
                        {piece}
                      </span>
                    ))}
                  </p>
                )}
              </li>
            )}
          </ol>
        )}
      </div>

      {chips.length > 0 && (
        <ul className="chat-chip-tray" aria-label="Selected text">
          {chips.map((chip) => (
            <li key={chip.id} className="chat-chip" title={chip.text}>
              <span className="chat-chip-text">{chip.truncatedText}</span>
              <button
                type="button"
                className="chat-chip-remove"
                aria-label={`Remove ${chip.truncatedText}`}
                onClick={() => removeChip(chip.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}

      <form className="chat-form" onSubmit={onSubmit}>
        <span className="chat-add-wrap">
          <button
            type="button"
            className="chat-add"
            aria-label="Add"
            aria-disabled="true"
            title="Coming soon"
            data-tooltip="Coming soon"
          >
            +
          </button>
        </span>
        <textarea
          ref={inputRef}
          className="chat-input"
          aria-label="Message"
          placeholder={chips.length > 0 ? 'Add a question (optional)' : 'Ask a question...'}
          rows={1}
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            resize();
          }}
          onKeyDown={onKeyDown}
        />
        {busy ? (
          <button type="button" className="btn chat-cancel" onClick={chat.cancel}>
            Cancel
          </button>
        ) : (
          <button type="submit" className="btn btn-primary chat-send" disabled={!canSend}>
            Send
          </button>
        )}
      </form>
      {chat.chatError && (
        <p className="chat-error" role="alert">
          {chat.chatError}
        </p>
      )}
      <div className="chat-toggles">
        <label>
          <input
            type="checkbox"
            checked={chat.streamingEnabled}
            onChange={(event) => chat.setStreamingEnabled(event.target.checked)}
          />{' '}
          Stream responses
        </label>
        <label
          title={chat.vectorAvailable === false ? 'No searchable source content yet' : undefined}
        >
          <input
            type="checkbox"
            checked={chat.vectorEnabled}
            onChange={(event) => chat.setVectorEnabled(event.target.checked)}
          />{' '}
          Search sources
        </label>
      </div>
    </aside>
  );
}
