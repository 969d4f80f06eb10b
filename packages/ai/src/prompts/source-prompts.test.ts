import { describe, expect, it } from 'vitest';
import { evaluationPrompt } from './evaluation';
import { keyPointsPrompt } from './key-points';
import { summaryPrompt } from './summary';

// Issue 21: the LLM providers are asked for what the offline provider is measured on.
describe('source prompts ask for what the offline provider is held to', () => {
  const source = { title: 'Photosynthesis', text: 'Plants turn light into chemical energy.' };

  it('the summary opens with the main point, in whole sentences, in the source language', () => {
    const { system } = summaryPrompt(source);
    expect(system).toMatch(/main point/);
    expect(system).toMatch(/whole sentences/);
    expect(system).toMatch(/language of the source/);
  });

  it('key points are real, possibly multi-word terms, in the source language', () => {
    const { system } = keyPointsPrompt(source);
    expect(system).toMatch(/several words/);
    expect(system).toMatch(/never a filler word/);
    expect(system).toMatch(/language of the source/);
  });

  it("grading feedback is in the question's language and nonsense is neither clear nor deep", () => {
    const { system } = evaluationPrompt({
      question: {
        questionType: 'free_response',
        question: 'Was ist Osmose?',
        options: [],
        correctAnswerIndex: null,
        correctAnswerText: null,
        expectedAnswer: 'Wasser wandert durch eine Membran.',
        caseContext: null,
      },
      response: 'blue seven running',
    });
    expect(system.replace(/\s+/g, ' ')).toMatch(/language of the question/);
    expect(system).toMatch(/makes no sense[^.]*scores 0/);
  });
});
