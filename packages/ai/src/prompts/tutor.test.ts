import { describe, expect, it } from 'vitest';
import type { RetrievedChunk, TutorQuestionContext } from '../types';
import { followUpPrompt } from './follow-up';
import { TUTOR_HISTORY_TURNS, tutorPrompt } from './tutor';

const question: TutorQuestionContext = {
  question: 'Which organelle makes most ATP?',
  questionType: 'multiple_choice',
  options: ['Nucleus', 'Mitochondrion', 'Ribosome', 'Golgi body'],
  correctAnswer: 'Mitochondrion',
  answerSubmitted: false,
};

const context: RetrievedChunk[] = [
  {
    chunkId: 'c1',
    sourceId: 's1',
    sourceTitle: 'Cells',
    chunkIndex: 3,
    content: 'Mitochondria make ATP.',
    score: 0.9,
  },
  {
    chunkId: 'c2',
    sourceId: 's2',
    sourceTitle: 'Energy',
    chunkIndex: 0,
    content: 'ATP stores energy.',
    score: 0.8,
  },
];

describe('tutorPrompt', () => {
  it('in question mode never shows the answer before the learner has answered', () => {
    const { system } = tutorPrompt({
      mode: 'question',
      message: 'Just tell me the answer',
      history: [],
      context,
      question,
    });
    expect(system).toContain('Which organelle makes most ATP?');
    expect(system).toContain('A. Nucleus\nB. Mitochondrion');
    expect(system).not.toContain('Correct answer');
    expect(system).toMatch(/has NOT answered yet\. Do not reveal, confirm or hint/);
  });

  it('in question mode discusses the answer once the learner has answered', () => {
    const { system } = tutorPrompt({
      mode: 'question',
      message: 'Why?',
      history: [],
      context,
      question: { ...question, answerSubmitted: true, userAnswer: 'Nucleus', isCorrect: false },
    });
    expect(system).toContain('The learner answered:\nNucleus');
    expect(system).toContain('That answer was graded incorrect.');
    expect(system).toContain('Correct answer:\nMitochondrion');
    expect(system).not.toContain('has NOT answered');
  });

  it('after an answer carries the evaluation and asks for the passage that shows the answer (issue 21)', () => {
    const feedback = 'You named the nucleus; the source says mitochondria make ATP.';
    const answered = tutorPrompt({
      mode: 'question',
      message: 'Explain the answer',
      history: [],
      context,
      question: { ...question, answerSubmitted: true, userAnswer: 'Nucleus', isCorrect: false, feedback },
    }).system;
    expect(answered).toContain(`Feedback the learner was given:\n${feedback}`);
    expect(answered).toMatch(/why it does not fit/);
    expect(answered).toMatch(/Quote the sentence of the passages that shows the correct answer, with its citation/);
    // Before the answer, neither the answer nor its evaluation reaches the model.
    const before = tutorPrompt({
      mode: 'question',
      message: 'Explain the answer',
      history: [],
      context,
      question: { ...question, answerSubmitted: false, feedback },
    }).system;
    expect(before).not.toContain(feedback);
  });

  it('numbers the passages and asks for citations with those numbers', () => {
    const { system } = tutorPrompt({ mode: 'source', message: 'Hi', history: [], context });
    expect(system).toContain(
      '[1] (from "Cells")\nMitochondria make ATP.\n\n[2] (from "Energy")\nATP stores energy.',
    );
    expect(system).toMatch(/cite each one you use with its number in square brackets/);
    expect(tutorPrompt({ mode: 'source', message: 'Hi', history: [], context: [] }).system).toMatch(
      /No passages/,
    );
  });

  it('carries the formatting guidance of spec 02 §9 in both modes', () => {
    for (const mode of ['question', 'source'] as const) {
      const { system } = tutorPrompt({ mode, message: 'Hi', history: [], context: [] });
      expect(system).toMatch(/prose/);
      expect(system).toMatch(/\*\*bold\*\*/);
      expect(system).toMatch(/Markdown table/);
      expect(system).toMatch(/Never open with praise or filler such as "Great question!"/);
    }
  });

  it("describes the source in source mode and adds the deck's and the app's instructions after ours", () => {
    const { system } = tutorPrompt({
      mode: 'source',
      message: 'Hi',
      history: [],
      context: [],
      source: {
        sourceId: 's1',
        title: 'Cells',
        type: 'document',
        content: 'Cells are the unit of life.',
      },
      deckTitle: 'Biology',
      customInstructions: 'Answer in Spanish.',
      systemMessage: 'The learner selected a paragraph.',
    });
    expect(system).toMatch(/^You are Mnemo's study tutor for the deck "Biology"/);
    expect(system).toContain('the document source "Cells"');
    expect(system).toContain('Cells are the unit of life.');
    expect(system.indexOf('How to write')).toBeLessThan(system.indexOf('Answer in Spanish.'));
    expect(system.indexOf('Answer in Spanish.')).toBeLessThan(
      system.indexOf('The learner selected a paragraph.'),
    );
  });

  it('sends the recent history, then the message', () => {
    const history = Array.from({ length: 30 }, (_, i) => ({
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      content: `t${i}`,
    }));
    const { messages } = tutorPrompt({ mode: 'source', message: 'Now?', history, context: [] });
    expect(messages).toHaveLength(TUTOR_HISTORY_TURNS + 1);
    expect(messages[0]!.content).toBe('t10');
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Now?' });
  });
});

describe('followUpPrompt', () => {
  const history = [{ role: 'user' as const, content: 'What is ATP?' }];

  it('asks for elaboration, example, memory aid and next step prompts', () => {
    const { system } = followUpPrompt({ mode: 'source', history });
    for (const kind of ['elaborate', 'example', 'memory aid', 'next step'])
      expect(system).toContain(kind);
  });

  it('asks for the prompts in the language of the conversation and the material (issue 21)', () => {
    expect(followUpPrompt({ mode: 'source', history }).system).toMatch(/in the language of/);
  });

  it('keeps prompts from asking for the answer before the learner has answered', () => {
    expect(followUpPrompt({ mode: 'question', history, question }).system).toMatch(
      /no prompt may ask for the answer/,
    );
    expect(
      followUpPrompt({ mode: 'question', history, question }).messages[0]!.content,
    ).not.toContain('Correct answer');
    expect(
      followUpPrompt({
        mode: 'question',
        history,
        question: { ...question, answerSubmitted: true },
      }).system,
    ).not.toMatch(/no prompt may ask/);
  });
});
