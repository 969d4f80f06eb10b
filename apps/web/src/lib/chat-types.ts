import type { Attribution } from '@mnemo/contracts/entities/chat';
import type { QuestionType } from '@mnemo/contracts/entities/question';
import type { SourceType } from '@mnemo/contracts/entities/source';

/**
 * The chat context of spec 02 §3: what the tutor is talking about. The deck pages build it; the
 * chat panel sends it with every message and uses it for the follow-up prompts.
 */
export type QuestionChatContext = {
  type: 'question';
  deckId: string;
  currentQuestion: {
    _id: string;
    question: string;
    questionType: QuestionType;
    options?: string[];
    caseContext?: string | null;
  } | null;
  questionType: QuestionType | null;
  userAnswer: string | null;
  /** The evaluation as the evaluate call answered it (multiple choice or free response). */
  evaluation: unknown;
  answerSubmitted: boolean;
  isCorrect: boolean | null;
  /** The deck's sources' stored language, when they share one (issue 21: an empty chat's prompts). */
  language?: string | null;
};

export type SourceChatContext = {
  type: 'source';
  deckId: string;
  activeSource: { _id: string; title: string; type: SourceType; content?: string | null } | null;
  sourceContent: string | null;
  /** The active source's stored language (issue 21: an empty chat's prompts in it). */
  language?: string | null;
};

/**
 * The language the deck's sources share (each source's stored, detected language; sources with
 * none are passed over), or null when they have none or differ: the chat then keeps the spec's
 * English prompts, as the tutor keeps English where it cannot tell.
 */
export function studiedLanguage(
  sources: readonly { language?: string | null }[] | undefined,
): string | null {
  const languages = new Set(
    (sources ?? []).flatMap((s) => (s.language ? [s.language.split('-')[0]!.toLowerCase()] : [])),
  );
  return languages.size === 1 ? [...languages][0]! : null;
}

export type ChatContext = QuestionChatContext | SourceChatContext;

/** What a deck page tells the chat panel about the deck and the viewer (spec 02 §6). */
export type ChatPanelProps = {
  deckId: string;
  /** The chat context; its `type` is the chat's mode (question or source). */
  context: ChatContext;
  /** Editors keep chats on the server; other viewers keep preview chats in session storage. */
  canEdit: boolean;
  /** The deck's sources, for retrieval (`sourceIds`) and vector availability. */
  sourceIds: string[];
  /** A message to send at once (the explain / elaborate follow-ups of the question session). */
  pendingMessage?: { id: number; text: string } | null;
  /** The chat is reset when this key changes (the session resets chat when the question changes). */
  resetKey?: string;
  /** Opens a saved chat (from the Manage page's chat-history list). */
  openChatId?: string | null;
  /** Counts the requests to open a chat: a new count opens `openChatId` again, even the same one. */
  openChatRequest?: number;
  className?: string;
};

/** The chat's mode: the tutor talks about a question or about a source. */
export type ChatMode = ChatContext['type'];

/** A message as the panel holds it: the contract's message plus a local key for rendering. */
export type PanelMessage = {
  key: string;
  role: 'system' | 'user' | 'assistant';
  content: string;
  timestamp: string;
  attribution?: Attribution[];
  /** Set on the apology that replaced a failed answer (spec 02 §4). */
  failed?: boolean;
};
