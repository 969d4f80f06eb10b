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
    // The offline writer has no Japanese stems: the cards say so, naming the language.
    for (const q of questions) expect(q.note).toMatch(/Japanese/);
  });
});
