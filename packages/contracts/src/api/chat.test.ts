import { describe, expect, it } from 'vitest';
import { chatStreamEventSchema, chatStreamEventSchemas } from '../entities/chat';
import { exampleChat, now, uuid } from '../testing/examples';
import {
  questionPromptsBodySchema,
  promptsResponseSchema,
  sourcePromptsBodySchema,
} from './prompts';
import {
  chatStreamEvents,
  enhanceQueryBodySchema,
  listDeckChatsResponseSchema,
  messageResponseSchema,
  retrieveContextBodySchema,
  sendMessageBodySchema,
  startChatResponseSchema,
  streamMessageBodySchema,
} from './chat';

describe('chat stream events', () => {
  it('carry chunk {content}, done {fullResponse} and error {message}', () => {
    expect(chatStreamEvents.chunk.parse({ content: 'Mito' })).toEqual({ content: 'Mito' });
    expect(
      chatStreamEvents.done.parse({ fullResponse: 'Mitochondria make ATP.' }).fullResponse,
    ).toBe('Mitochondria make ATP.');
    expect(
      chatStreamEvents.error.parse({ message: 'Stream error occurred', code: 'AI_OVERLOADED' })
        .code,
    ).toBe('AI_OVERLOADED');
    expect(chatStreamEvents.chunk.safeParse({ text: 'Mito' }).success).toBe(false);
    expect(chatStreamEvents.error.safeParse({ message: 'x', code: 'MADE_UP' }).success).toBe(false);
  });

  it('tell the event apart by the type in its data', () => {
    expect(chatStreamEventSchema.parse({ type: 'chunk', content: 'A' })).toEqual({
      type: 'chunk',
      content: 'A',
    });
    expect(chatStreamEventSchema.safeParse({ type: 'done', content: 'A' }).success).toBe(false);
    expect(Object.keys(chatStreamEventSchemas)).toEqual(['chunk', 'done', 'error']);
  });
});

describe('chat answers', () => {
  it('start answers the chat; a deck’s chats are a list', () => {
    const chat = exampleChat();
    expect(startChatResponseSchema.parse({ chat }).chat.messages).toHaveLength(2);
    expect(listDeckChatsResponseSchema.parse({ success: true, chats: [chat] }).chats[0]?._id).toBe(
      chat._id,
    );
    expect(
      startChatResponseSchema.safeParse(
        exampleChat({ messages: [{ role: 'robot', content: 'x', timestamp: now() }] }),
      ).success,
    ).toBe(false);
  });

  it('a message answer is the assistant message', () => {
    const message = { role: 'assistant', content: 'ATP.', timestamp: now() };
    expect(messageResponseSchema.parse({ message }).message.role).toBe('assistant');
  });
});

describe('chat requests', () => {
  it('fill the vector search defaults of spec 02 §9 and keep them in range', () => {
    const body = retrieveContextBodySchema.parse({ deckId: uuid(), query: 'cells' });
    expect(body).toMatchObject({
      topK: 5,
      threshold: 0.7,
      useHybridSearch: true,
      maxContextTokens: 3000,
    });
    expect(
      retrieveContextBodySchema.safeParse({ deckId: uuid(), query: 'cells', threshold: 1.5 })
        .success,
    ).toBe(false);
    expect(
      retrieveContextBodySchema.safeParse({ deckId: uuid(), query: 'cells', topK: 0 }).success,
    ).toBe(false);
  });

  it('refuse a message that is empty after trimming', () => {
    expect(sendMessageBodySchema.safeParse({ chatId: uuid(), message: '  \n ' }).success).toBe(
      false,
    );
    expect(streamMessageBodySchema.parse({ message: ' Explain this: ATP ' }).message).toBe(
      'Explain this: ATP',
    );
  });

  it('take vector context as chunks, as the retrieve-context answer, as text or not at all', () => {
    const chunk = { content: 'ATP is…', score: 0.82, sourceId: uuid(), sourceTitle: 'Cells' };
    for (const vectorContext of [
      [chunk],
      { success: true, chunks: [chunk], attribution: [] },
      'ATP is…',
      null,
      undefined,
    ]) {
      expect(
        sendMessageBodySchema.safeParse({ chatId: uuid(), message: 'Hi', vectorContext }).success,
      ).toBe(true);
    }
    expect(
      sendMessageBodySchema.safeParse({
        chatId: uuid(),
        message: 'Hi',
        vectorContext: [{ content: 'x' }],
      }).success,
    ).toBe(false);
  });

  it('take a chat history of role and content', () => {
    const chatHistory = [
      { role: 'user', content: 'What is ATP?' },
      { role: 'assistant', content: 'Energy.' },
    ];
    expect(
      enhanceQueryBodySchema.parse({ query: 'and NADH?', chatHistory, deckId: uuid() }).chatHistory,
    ).toEqual(chatHistory);
    expect(
      enhanceQueryBodySchema.safeParse({
        query: 'x',
        chatHistory: [{ role: 'tutor', content: 'x' }],
        deckId: uuid(),
      }).success,
    ).toBe(false);
  });
});

describe('conversation prompts', () => {
  it('take the question or source context of spec 02 §7 and answer a list of strings', () => {
    const question = {
      deckId: uuid(),
      context: {
        question: 'What does the mitochondrion make?',
        questionType: 'multiple_choice',
        userAnswer: 'ATP',
        evaluation: { multipleChoice: { isCorrect: true } },
        answerSubmitted: true,
        isCorrect: true,
        chatHistory: [{ role: 'user', content: 'Why?' }],
      },
    };
    expect(questionPromptsBodySchema.safeParse(question).success).toBe(true);
    expect(
      questionPromptsBodySchema.safeParse({
        ...question,
        context: { ...question.context, questionType: 'essay' },
      }).success,
    ).toBe(false);
    const source = {
      deckId: uuid(),
      context: {
        sourceId: uuid(),
        sourceTitle: 'Cells',
        sourceType: 'website',
        sourceContent: 'Text',
        chatHistory: [],
      },
    };
    expect(sourcePromptsBodySchema.safeParse(source).success).toBe(true);
    expect(promptsResponseSchema.parse({ prompts: ['Give me an analogy'] }).prompts).toEqual([
      'Give me an analogy',
    ]);
    expect(promptsResponseSchema.safeParse({ prompts: [{ text: 'x' }] }).success).toBe(false);
  });
});
