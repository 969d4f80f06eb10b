import { describe, expect, it } from 'vitest';
import { createLocalStudyAi } from './index';
import { isCjk, parseBlock } from './nlp';

// Chinese and Japanese are segmented by ICU (Intl.Segmenter) instead of wink's English tokenizer.
const ai = createLocalStudyAi();

const zh = `光合作用是植物利用光能把二氧化碳和水转化为葡萄糖和氧气的过程。叶绿体是植物细胞中进行光合作用的主要场所。叶绿素能够吸收红光和蓝光，并把光能传递给反应中心。光合作用分为光反应和暗反应两个阶段。光反应在类囊体膜上进行，产生氧气和能量分子。暗反应在叶绿体基质中进行，利用能量分子固定二氧化碳。植物通过光合作用为地球上的大多数生物提供食物和氧气。如果没有光合作用，大气中的氧气含量会逐渐下降。

科学家发现，温度和光照强度都会影响光合作用的速率。在一定范围内，光照强度越高，光合作用的速率越快。温度过高时，酶的活性下降，光合作用的速率也随之降低。农民常常通过控制温室中的温度和光照来提高作物产量。`;

const ja = `光合成は、植物が光のエネルギーを使って二酸化炭素と水から糖と酸素を作る反応です。光合成は主に葉緑体の中で行われます。葉緑素は赤い光と青い光を吸収して、そのエネルギーを反応中心に渡します。光合成は光反応と暗反応の二つの段階に分けられます。光反応はチラコイド膜で行われ、酸素とエネルギー分子を作ります。暗反応は葉緑体の基質で行われ、二酸化炭素を固定します。温度と光の強さは光合成の速さに影響します。農家は温室の温度と光を調整して作物の収穫を増やします。`;

describe('Chinese and Japanese sources', { timeout: 60_000 }, () => {
  it('splits sentences and words with Intl.Segmenter', () => {
    expect(isCjk(zh)).toBe(true);
    expect(isCjk('Photosynthesis makes sugar. 光合作用')).toBe(false);
    const sentences = parseBlock(zh.split('\n\n')[0]!);
    expect(sentences.length).toBe(8);
    const first = sentences[0]!.tokens.map((t) => t.value);
    expect(first.length).toBeGreaterThan(8);
    expect(first.join('')).toBe('光合作用是植物利用光能把二氧化碳和水转化为葡萄糖和氧气的过程。');
  });

  it('gives a Chinese source a summary, key points and questions quoted from it', async () => {
    const summary = await ai.summarize({ title: '', text: zh });
    expect(summary.length).toBeGreaterThan(20);
    expect(isCjk(summary)).toBe(true);
    const points = await ai.keyPoints({ title: '', text: zh });
    expect(points.length).toBeGreaterThan(0);
    const questions = await ai.generateQuestions({
      chunks: [
        { chunkId: 'c1', sourceId: 's1', sourceTitle: '光合作用', chunkIndex: 0, content: zh },
      ],
      count: 4,
      types: ['multiple_choice', 'free_response'],
    });
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      if (q.expectedAnswer) expect(zh).toContain(q.expectedAnswer);
      if (q.correctAnswerText) expect(zh).toContain(q.correctAnswerText);
    }
  });

  it('gives a Japanese source a summary, key points and a question quoted from it', async () => {
    const summary = await ai.summarize({ title: '', text: ja });
    expect(summary.length).toBeGreaterThan(20);
    expect(isCjk(summary)).toBe(true);
    expect((await ai.keyPoints({ title: '', text: ja })).length).toBeGreaterThan(0);
    // The topic opens every sentence it is in: without capitals that is no sign of a tagging slip.
    const questions = await ai.generateQuestions({
      chunks: [
        { chunkId: 'c1', sourceId: 's1', sourceTitle: '光合成', chunkIndex: 0, content: ja },
      ],
      count: 4,
      types: ['multiple_choice', 'free_response'],
    });
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) if (q.expectedAnswer) expect(ja).toContain(q.expectedAnswer);
    // Asked in Japanese (question-words.ts, rewrite-cjk.ts): no note that they are in English.
    for (const q of questions) {
      expect(q.question).toMatch(/[\p{Script=Hiragana}]/u);
      expect(q.note).toBeUndefined();
    }
  });
});

// Four short paragraphs of plain prose, as a learner uploads a .txt file: the worker asks for its
// guest deck (20 cards) one type at a time, multiple choice then free response, each call told the
// questions already written, then asks the types that ran short again (generate-questions/handler.ts).
const meiji = `明治維新は、十九世紀後半の日本で起きた大きな政治と社会の変革です。江戸幕府が倒れ、天皇を中心とする新しい政府が作られました。この変革によって、日本は近代国家への道を歩み始めました。

新政府は廃藩置県を行い、全国の藩を廃止して府県を置きました。これにより、中央政府が地方を直接治める仕組みが整いました。また、身分制度が見直され、武士の特権は次第に失われました。

経済の面では、政府は富国強兵と殖産興業を目標に掲げました。官営工場として富岡製糸場が建てられ、生糸の生産が盛んになりました。鉄道や郵便の制度も整備され、人や物の移動が速くなりました。

教育の分野では、学制が公布され、全国に小学校が作られました。多くの子どもが読み書きや計算を学ぶようになりました。明治維新の改革は、その後の日本の産業と社会の発展の基礎となりました。`;

const waterCycle = `水循环是地球上的水在海洋、大气和陆地之间不断运动和转化的过程。太阳的热量使海洋和湖泊表面的水蒸发，变成水蒸气进入大气。植物也会通过叶片把水分释放到空气中，这个过程叫做蒸腾作用。

水蒸气上升到高空后，遇冷凝结成细小的水滴，形成云。当云中的水滴越来越大，就会以雨或雪的形式降落到地面，这就是降水。降水的多少决定了一个地区是湿润还是干旱。

降落到地面的水一部分渗入土壤，成为地下水。另一部分沿着地表流动，汇入河流和湖泊，最后流回海洋。地下水可以在岩层中储存很长时间，是许多城市重要的饮用水来源。

水循环对人类和自然环境都非常重要。它不断更新陆地上的淡水资源，并调节全球的气温。由于人类大量砍伐森林和修建城市，一些地区的水循环受到了破坏，洪水和干旱变得更加频繁。`;

async function guestDeck(text: string) {
  const chunks = [
    { chunkId: 'c1', sourceId: 's1', sourceTitle: 'notes.txt', chunkIndex: 0, content: text },
  ];
  const deck: Awaited<ReturnType<typeof ai.generateQuestions>> = [];
  const ask = async (type: 'multiple_choice' | 'free_response', count: number) => {
    const made = await ai.generateQuestions({
      chunks,
      count,
      types: [type],
      focusInstructions: null,
      customInstructions: null,
      avoid: deck.map((q) => q.question),
    });
    deck.push(...made.filter((q) => q.questionType === type).slice(0, count));
  };
  await ask('multiple_choice', 10);
  await ask('free_response', 10);
  for (const type of ['multiple_choice', 'free_response'] as const) {
    if (deck.length < 20) await ask(type, 20 - deck.length);
  }
  return deck;
}

/** The paragraph a question was drawn from: its answer sentence, or its blank filled back in. */
function paragraphOf(
  text: string,
  q: { question: string; expectedAnswer: string | null; correctAnswerText: string | null },
) {
  const paragraphs = text.split('\n\n');
  if (q.expectedAnswer) return paragraphs.findIndex((p) => p.includes(q.expectedAnswer!));
  const quoted = /[「“](.+)[」”]$/u.exec(q.question)?.[1] ?? '';
  const filled = quoted.replace('_____', q.correctAnswerText ?? '');
  return paragraphs.findIndex((p) => p.includes(filled));
}

const TEMPLATES = [
  /What does the source say about/i,
  /資料は.+について何と述べていますか/u,
  /资料中关于.+说了什么/u,
];

describe(
  'a multi-paragraph Chinese or Japanese source, as the worker asks for a deck',
  { timeout: 120_000 },
  () => {
    for (const [language, text] of [
      ['Japanese', meiji],
      ['Chinese', waterCycle],
    ] as const) {
      it(`gives a ${language} source of four paragraphs several questions across them, none templated`, async () => {
        const deck = await guestDeck(text);
        expect(deck.length).toBeGreaterThanOrEqual(3);
        for (const q of deck) for (const t of TEMPLATES) expect(q.question).not.toMatch(t);
        const paragraphs = new Set(deck.map((q) => paragraphOf(text, q)));
        expect(paragraphs.has(-1)).toBe(false);
        expect(paragraphs.size).toBeGreaterThan(1);
        // Asked in the source's language, so no note saying the questions are in English.
        for (const q of deck) {
          expect(isCjk(q.question)).toBe(true);
          expect(q.note).toBeUndefined();
        }
        expect(new Set(deck.map((q) => q.question)).size).toBe(deck.length);
        // One fact, one card: no blank for the term a free response of the same sentence asks about.
        for (const fr of deck.filter((q) => q.questionType === 'free_response')) {
          for (const mc of deck.filter((q) => q.questionType === 'multiple_choice')) {
            const quoted = /[「“](.+)[」”]$/u.exec(mc.question)?.[1] ?? '';
            const same = quoted.replace('_____', mc.correctAnswerText ?? '') === fr.expectedAnswer;
            if (same) expect(fr.question).not.toContain(mc.correctAnswerText);
          }
        }
      });

      it(`gives ${language} multiple choice one right option, the others terms of the source that do not fit`, async () => {
        const mc = (await guestDeck(text)).filter((q) => q.questionType === 'multiple_choice');
        expect(mc.length).toBeGreaterThanOrEqual(2);
        for (const q of mc) {
          expect(new Set(q.options).size).toBe(4);
          expect(q.options[q.correctAnswerIndex!]).toBe(q.correctAnswerText);
          const quoted = /[「“](.+)[」”]$/u.exec(q.question)?.[1] ?? '';
          expect(quoted).toContain('_____');
          for (const [i, option] of q.options.entries()) {
            expect(text).toContain(option);
            // Only the right option gives back a sentence of the source: no second right answer.
            expect(text.includes(quoted.replace('_____', option))).toBe(i === q.correctAnswerIndex);
            // A distractor is a term in its own right, not a piece of the answer or the other way round.
            if (i !== q.correctAnswerIndex) {
              expect(q.correctAnswerText!.includes(option)).toBe(false);
              expect(option.includes(q.correctAnswerText!)).toBe(false);
            }
          }
        }
      });

      it(`gives a ${language} source free responses rewritten as questions, answered by a sentence of it`, async () => {
        const fr = (await guestDeck(text)).filter((q) => q.questionType === 'free_response');
        expect(fr.length).toBeGreaterThan(0);
        for (const q of fr) {
          expect(text).toContain(q.expectedAnswer);
          // A real question, not the sentence copied: its own ending, and not the answer itself.
          expect(q.question).toMatch(/[？?]$|ですか。$/u);
          expect(q.question).not.toBe(q.expectedAnswer);
        }
      });

      it(`gives a ${language} source a summary and key terms with the sentence explaining each`, async () => {
        const summary = await ai.summarize({ title: '', text });
        expect(isCjk(summary)).toBe(true);
        for (const sentence of summary.split(/\s+/)) expect(text).toContain(sentence);
        const points = await ai.keyPoints({ title: '', text });
        expect(points.length).toBeGreaterThanOrEqual(3);
        for (const point of points) {
          const [term, sentence] = point.split(': ');
          expect(sentence).toContain(term);
          expect(text).toContain(sentence);
          // A term, not a clause glued across particles and verbs ("变成水蒸气进入大气" was one):
          // no particle inside, and no longer than a compound of three words.
          expect(term).not.toMatch(/[的了是はがをにで]|ました/u);
          expect([...term!].length).toBeLessThanOrEqual(6);
        }
      });
    }
  },
);
