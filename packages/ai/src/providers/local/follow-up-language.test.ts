import { describe, expect, it } from 'vitest';
import { DEFAULT_FOLLOW_UP_PROMPTS } from '@mnemo/contracts/api/prompts';
import type { ChatTurn, RetrievedChunk } from '../../types';
import { conversationPhrases } from './conversation';
import { createLocalStudyAi } from './index';
import { PHOTOSYNTHESIS } from './photosynthesis.fixture';
import { readMessage, tutorWordsFor } from './tutor-words';

// wink and ICU on a shared machine: a generous limit, nothing timed.
const slow = { timeout: 120_000 };
const ai = createLocalStudyAi();

// Each language told by its script or by words only it writes here, never by an exact sentence.
const MARKS: Record<string, RegExp> = {
  es: /[¿áéíóúñ]|\b(?:de|un|una|qué|cómo)\b/iu,
  de: /[äöüß]|\b(?:ein|eine|mir|Sie|du|das|ich|sich|diese|Wie)\b/u,
  zh: /\p{Script=Han}{2}/u,
  ar: /\p{Script=Arabic}{3}/u,
};
const ENGLISH = /\b(?:Explain|Give me|What|How|Can you|analogy|example)\b/;
const languages = Object.keys(MARKS);

const exchange = (language: string): ChatTurn[] => {
  const { passage, question } = PHOTOSYNTHESIS[language]!;
  return [
    { role: 'user', content: question },
    { role: 'assistant', content: `${passage} [1]` },
  ];
};

/** The tutor's answer to a message about one passage, as the chat service streams it, joined. */
async function tutorAnswer(passage: string, message: string, history: ChatTurn[] = []) {
  const context: RetrievedChunk[] = [
    {
      chunkId: 'c1',
      sourceId: 's1',
      sourceTitle: 'Notes',
      chunkIndex: 0,
      content: passage,
      score: 0.5,
    },
  ];
  let text = '';
  for await (const e of ai.tutor({ mode: 'source', message, history, context }))
    if (e.type === 'text') text += e.text;
  return text;
}

describe('follow-up prompts in the language studied', slow, () => {
  it.each(languages)('%s: an empty chat’s prompts, per mode', async (language) => {
    const { question, passage, right, wrong } = PHOTOSYNTHESIS[language]!;
    // A case question: its case and options tell its language with the question.
    const forQuestion = await ai.followUpPrompts({
      mode: 'question',
      history: [],
      question: {
        question,
        questionType: 'case_multiple_choice',
        caseContext: passage,
        options: [right, wrong],
      },
    });
    const forSource = await ai.followUpPrompts({
      mode: 'source',
      history: [],
      source: { sourceId: 's1', title: 'Notes', type: 'document', content: passage },
    });
    for (const prompts of [forQuestion, forSource]) {
      expect(prompts).toHaveLength(4);
      for (const p of prompts) {
        expect(p).toMatch(MARKS[language]!);
        expect(p).not.toMatch(ENGLISH);
      }
    }
    // The tutor understands its own suggestions: simpler words, an analogy.
    expect([...readMessage(forSource[0]!, language).intents]).toContain('simple');
    expect([...readMessage(forSource[1]!, language).intents]).toContain('example');
  });

  it.each(languages)('%s: after an exchange, prompts around its key term', async (language) => {
    const prompts = await ai.followUpPrompts({ mode: 'source', history: exchange(language) });
    expect(prompts).toHaveLength(4);
    expect(new Set(prompts).size).toBe(4);
    for (const p of prompts) {
      expect(p).toMatch(MARKS[language]!);
      expect(p).not.toMatch(ENGLISH);
    }
    // Elaboration and example name the key term of what was discussed.
    const [first] = conversationPhrases(exchange(language), language);
    expect(first).toBeTruthy();
    for (const p of prompts.slice(0, 2)) expect(p).toContain(first);
  });

  it('names no word of the tutor’s own sentences ("espacio en blanco") as a subject', async () => {
    const sentence =
      'La fotosíntesis es el proceso por el cual las plantas convierten la _____ del sol en energía química.';
    const { words } = tutorWordsFor(sentence, '');
    const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];
    // The tutor's reply to "an example" before an answer: the passage with the answer blanked,
    // then its own question about the blank.
    const history: ChatTurn[] = [
      { role: 'user', content: 'Dame un ejemplo' },
      {
        role: 'assistant',
        content: `${words.sourcesSay}\n\n${sentence} [1]\n\n${words.whichOption}`,
      },
    ];
    const prompts = await ai.followUpPrompts({ mode: 'question', history });
    // Words only the tutor's sentence has: not the source's, the learner's, nor the prompts' frames.
    const f = words.followUps;
    const frames = [
      f.detail('x'),
      f.example('x'),
      f.takeaway('x'),
      f.after('x'),
      f.relate('x', 'y'),
      ...f.remember.map((r) => r('x')),
      ...f.general,
    ];
    const common = new Set(wordsOf(`${sentence} Dame un ejemplo ${frames.join(' ')}`));
    const tutorOnly = wordsOf(words.whichOption).filter((w) => !common.has(w));
    expect(tutorOnly).toContain('blanco');
    expect(prompts).toHaveLength(4);
    for (const p of prompts) for (const w of tutorOnly) expect(wordsOf(p)).not.toContain(w);
    expect(prompts[0]).toContain('energía química');
  });

  it('names a question’s noun phrase as its topic, without its verb or article; a French elision is no term', async () => {
    const cases = [
      {
        passage:
          'Die Zellatmung gewinnt Energie aus Zucker. Die Zellatmung findet in den Mitochondrien statt.',
        message: 'Was leistet die Zellatmung?',
        asked: ['leistet', 'die'],
      },
      {
        // A definition request: its verb is a request word, not a term the sources must hold.
        passage:
          'Die Zellatmung gewinnt Energie aus Zucker. Die Zellatmung findet in den Mitochondrien statt.',
        message: 'Was bedeutet Zellatmung?',
        asked: ['bedeutet'],
      },
      {
        passage:
          'La glycolyse découpe le glucose en deux molécules plus petites. La glycolyse se déroule dans le cytoplasme de la cellule.',
        message: "Qu'est-ce que la glycolyse ?",
        asked: ['que', 'la'],
      },
    ];
    for (const { passage, message, asked } of cases) {
      const text = await tutorAnswer(passage, message);
      // The passage is quoted (found, not "not in your sources"), under a lead naming the topic in
      // bold; the question's verb and article are not part of it.
      expect(text).toContain('[1]');
      const topic = /\*\*(.+?)\*\*/.exec(text.split('\n')[0]!)?.[1] ?? '';
      expect(topic).not.toBe('');
      for (const word of asked) expect(topic.split(/\s+/)).not.toContain(word);
      expect(passage).toContain(topic);
    }
  });

  it('relates two terms of an exchange only when neither is a part of the other', async () => {
    // The tutor's answer as it writes it: the topic's words in bold, one by one.
    const history: ChatTurn[] = [
      { role: 'user', content: 'Was leistet der Kreb-Zyklus?' },
      {
        role: 'assistant',
        content:
          'Das sagen Ihre Quellen zu **Kreb-Zyklus**:\n\nIn der Matrix gibt der **Kreb**-**Zyklus** Kohlenstoffdioxid ab. [1]',
      },
    ];
    const prompts = await ai.followUpPrompts({ mode: 'source', history });
    expect(prompts).toHaveLength(4);
    expect(prompts[0]).toContain('Kreb-Zyklus');
    // Not "Wie hängt Kreb-Zyklus mit Kreb zusammen?".
    for (const p of prompts) expect(p).not.toMatch(/Kreb-Zyklus\s+mit\s+(?:dem\s+)?Kreb\b(?!-)/);
  });

  it('the tutor answers its own example prompt in the language', async () => {
    for (const language of ['es', 'zh']) {
      const { passage } = PHOTOSYNTHESIS[language]!;
      const [, example] = await ai.followUpPrompts({ mode: 'source', history: exchange(language) });
      const text = await tutorAnswer(passage, example!, exchange(language));
      expect(text.startsWith(tutorWordsFor(passage, '').words.leadExample)).toBe(true);
    }
  });

  it('tells a short question’s language by its words, a term’s with the deck’s title', async () => {
    const question = {
      question: PHOTOSYNTHESIS.es!.question,
      questionType: 'free_response' as const,
    };
    // A short question alone is told by its function words (learner-language.ts)...
    const alone = await ai.followUpPrompts({ mode: 'question', history: [], question });
    for (const p of alone) {
      expect(p).toMatch(MARKS.es!);
      expect(p).not.toMatch(ENGLISH);
    }
    // ...and a few words with none of them (a term alone) keep the spec's English prompts.
    const term = await ai.followUpPrompts({
      mode: 'question',
      history: [],
      question: { question: 'Fotosíntesis', questionType: 'free_response' as const },
    });
    expect(term).toEqual([...DEFAULT_FOLLOW_UP_PROMPTS.question]);
    const withTitle = await ai.followUpPrompts({
      mode: 'question',
      history: [],
      question,
      deckTitle: 'La fotosíntesis en las plantas verdes',
    });
    for (const p of withTitle) {
      expect(p).toMatch(MARKS.es!);
      expect(p).not.toMatch(ENGLISH);
    }
  });

  it('keeps the spec’s English prompts where the language studied is one it cannot write', async () => {
    const turkish =
      'Fotosentez, bitkilerin güneş ışığının enerjisini kimyasal enerjiye dönüştürdüğü süreçtir. Yaprakların kloroplastlarında gerçekleşir.';
    const prompts = await ai.followUpPrompts({
      mode: 'source',
      history: [],
      source: { sourceId: 's1', title: 'Fotosentez', type: 'document', content: turkish },
    });
    expect(prompts).toEqual([...DEFAULT_FOLLOW_UP_PROMPTS.source]);
  });
});
