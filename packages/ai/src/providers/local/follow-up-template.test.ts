import { describe, expect, it } from 'vitest';
import type { ChatTurn } from '../../types';
import { createLocalStudyAi } from './index';
import { tutorWordsFor } from './tutor-words';

const slow = { timeout: 120_000 };
const ai = createLocalStudyAi();

// The web's "Explain the answer" request (apps/web study-chat.ts followUpMessage) wraps the
// question in its own words: a request sentence and labelled lines.
const request = (question: string, mine: string, right: string) =>
  `My answer to this question was not right. Please explain the correct answer and where my answer went wrong.\n\nQuestion: ${question}\nMy answer: ${mine}\nCorrect answer: B. ${right}`;

describe('follow-up prompts after a request the app wrote', slow, () => {
  it('takes no chip term from the request’s template words ("correct answer")', async () => {
    const passage =
      'Alexander Hamilton was the first Secretary of the Treasury and wrote most of the Federalist Papers.';
    const { words } = tutorWordsFor(passage, '');
    const history: ChatTurn[] = [
      {
        role: 'user',
        content: request('Who wrote most of the Federalist Papers?', 'A. Jefferson', 'Hamilton'),
      },
      {
        role: 'assistant',
        content: `${words.leadCorrected('Hamilton')}\n\n${passage} [1]`,
      },
    ];
    const prompts = await ai.followUpPrompts({ mode: 'question', history });
    expect(prompts).toHaveLength(4);
    for (const p of prompts) expect(p.toLowerCase()).not.toMatch(/correct answer|my answer/);
    expect(prompts.join(' ')).toMatch(/Hamilton|Federalist Papers|Treasury/);
  });

  it('keeps a term the learner asks about in their own words', async () => {
    const history: ChatTurn[] = [
      { role: 'user', content: 'What is the correct answer ratio in a multiple-choice test?' },
      { role: 'assistant', content: 'The correct answer ratio is the share of right answers [1].' },
    ];
    const prompts = await ai.followUpPrompts({ mode: 'source', history });
    expect(prompts.join(' ').toLowerCase()).toContain('correct answer ratio');
  });
});
