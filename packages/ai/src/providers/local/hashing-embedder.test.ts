import { describe, expect, it } from 'vitest';
import { AiError } from '../../errors';
import { chunkFixture, webFixtureText } from './fixture-text';
import { cosineSimilarity, createHashingEmbedder } from './hashing-embedder';

// Real pages through Readability and wink on a shared machine: a generous limit, nothing timed.
const slow = { timeout: 60_000 };

const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('createHashingEmbedder', slow, () => {
  const embedder = createHashingEmbedder({ dimensions: 384 });

  it('names the algorithm, its version and the size, as the vectors of another size are incomparable', () => {
    expect(embedder.provider).toBe('local');
    expect(embedder.model).toBe('mnemo-hash-v2-384');
    expect(embedder.dimensions).toBe(384);
    expect(createHashingEmbedder({ dimensions: 1536 }).model).toBe('mnemo-hash-v2-1536');
  });

  it('gives one unit-length vector of the configured size per text, in order', async () => {
    const texts = [
      'Mozilla is a free-software community.',
      '',
      '!!! ???',
      'Gecko is a layout engine.',
    ];
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(texts.length);
    for (const v of vectors) {
      expect(v).toHaveLength(384);
      expect(v.every(Number.isFinite)).toBe(true);
      expect(norm(v)).toBeCloseTo(1, 9);
    }
    const [again] = await embedder.embed([texts[3]!]);
    expect(again).toEqual(vectors[3]);
  });

  it('is deterministic across embedder instances', async () => {
    const text = webFixtureText('wikipedia').text.slice(0, 3000);
    const [a] = await embedder.embed([text]);
    const [b] = await createHashingEmbedder({ dimensions: 384 }).embed([text]);
    expect(a).toEqual(b);
  });

  it('puts related sentences closer than unrelated ones', async () => {
    const [firefox, paraphrase, morphology, whales] = await embedder.embed([
      'The Mozilla Foundation supports the Firefox web browser.',
      'Firefox, a browser, is backed by the foundation of Mozilla.',
      'Mozilla founded a foundation supporting browsers such as Firefox.',
      'Whales stranded on beaches in New Zealand.',
    ]);
    const related = cosineSimilarity(firefox!, paraphrase!);
    expect(related).toBeGreaterThan(cosineSimilarity(firefox!, whales!) + 0.2);
    expect(cosineSimilarity(firefox!, morphology!)).toBeGreaterThan(
      cosineSimilarity(firefox!, whales!) + 0.2,
    );
  });

  it('finds the fixture chunk a question is about among all chunks of the page', async () => {
    const chunks = chunkFixture(webFixtureText('google-sre-book-1'), { sourceId: 'sre' });
    const vectors = await embedder.embed(chunks.map((c) => c.content));
    const [query] = await embedder.embed(['What are the four golden signals of monitoring?']);
    const best = vectors
      .map((v, i) => ({ i, score: cosineSimilarity(query!, v) }))
      .sort((a, b) => b.score - a.score);
    const top3 = best.slice(0, 3).map((b) => chunks[b.i]!.content);
    expect(
      top3.some((c) =>
        c.includes(
          'The four golden signals of monitoring are latency, traffic, errors, and saturation',
        ),
      ),
    ).toBe(true);
  });

  // v1 read words through wink's English tokenizer, which drops every word of another script: each
  // of these passages had the empty text's vector, so a question in its language found nothing.
  it.each([
    {
      language: 'Arabic',
      passages: [
        'دورة الماء هي الحركة المستمرة للماء بين الأرض والغلاف الجوي. يتبخر الماء من المحيطات والبحيرات بفعل حرارة الشمس.',
        'تعيش الجمال في الصحراء وتستطيع أن تبقى أياما طويلة بدون شرب. تخزن الدهون في سنامها.',
        'بنيت الأهرامات في مصر قبل أكثر من أربعة آلاف سنة، وكانت مقابر للملوك.',
      ],
      question: 'كيف يتبخر الماء من المحيطات؟',
      answer: 0,
    },
    {
      language: 'Russian',
      passages: [
        'Московский метрополитен открылся в 1935 году. Его станции известны мраморными залами.',
        'Фотосинтез — это процесс, при котором растения превращают энергию света в химическую энергию. Он происходит в хлоропластах листьев.',
        'Волки живут стаями и охотятся вместе на крупных животных.',
      ],
      question: 'Где происходит фотосинтез у растений?',
      answer: 1,
    },
    {
      language: 'Chinese',
      passages: [
        '长城是中国古代修建的军事防御工程，全长两万多公里。',
        '光合作用是植物利用光能把二氧化碳和水转化为葡萄糖的过程，主要在叶绿体中进行。',
        '熊猫主要生活在四川的山区，以竹子为食。',
      ],
      question: '光合作用在植物的哪里进行？',
      answer: 1,
    },
    {
      language: 'Hindi',
      passages: [
        'ताजमहल आगरा में यमुना नदी के किनारे बना एक सफेद संगमरमर का मकबरा है।',
        'प्रकाश संश्लेषण वह प्रक्रिया है जिसमें पौधे सूर्य के प्रकाश से भोजन बनाते हैं।',
        'बाघ भारत का राष्ट्रीय पशु है और जंगलों में रहता है।',
      ],
      question: 'पौधे प्रकाश संश्लेषण से क्या बनाते हैं?',
      answer: 1,
    },
  ])(
    'finds the $language passage a question in its language is about',
    async ({ passages, question, answer }) => {
      const vectors = await embedder.embed(passages);
      const [query] = await embedder.embed([question]);
      const [empty] = await embedder.embed(['']);
      const scores = vectors.map((v) => cosineSimilarity(query!, v));
      // Each passage has a vector of its own words, not the empty text's.
      for (const v of vectors) expect(cosineSimilarity(v, empty!)).toBeLessThan(0.5);
      const best = scores.indexOf(Math.max(...scores));
      expect(best).toBe(answer);
      // Clear of the others: the answer outscores the next passage.
      expect(scores[answer]!).toBeGreaterThan(
        Math.max(...scores.filter((_, i) => i !== answer)) + 0.05,
      );
    },
  );

  it('keeps the words of each script in a text that mixes them', async () => {
    const [mixed, english, russian] = await embedder.embed([
      'The photosynthesis chapter — Фотосинтез происходит в хлоропластах.',
      'The photosynthesis chapter',
      'Фотосинтез происходит в хлоропластах.',
    ]);
    expect(cosineSimilarity(mixed!, english!)).toBeGreaterThan(0.3);
    expect(cosineSimilarity(mixed!, russian!)).toBeGreaterThan(0.3);
    expect(cosineSimilarity(english!, russian!)).toBeLessThan(0.1);
  });

  it('stops when its signal fires', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(['a text'], { signal: controller.signal })).rejects.toSatisfy(
      (e) => e instanceof AiError && e.kind === 'aborted',
    );
  });

  it('refuses a size that cannot hold a vector', () => {
    expect(() => createHashingEmbedder({ dimensions: 0 })).toThrow(RangeError);
  });
});
