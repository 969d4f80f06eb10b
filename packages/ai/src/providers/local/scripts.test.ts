import { describe, expect, it } from 'vitest';
import { createLocalStudyAi } from './index';
import { isOtherScript, parseBlock } from './nlp';
import { freeResponse } from './test-questions';

// Scripts wink's English model reads as unknown tokens: sentences and words from Intl.Segmenter,
// stop words from stopwords-iso, terms from the words the text repeats (document.ts). The first test
// loads wink, the word vectors and WordNet: on a busy machine that alone can take a minute.
const ai = createLocalStudyAi();

const ar = `دورة الماء هي الحركة المستمرة للماء بين الأرض والغلاف الجوي. تسخن الشمس مياه المحيطات والبحيرات فيتبخر الماء ويصعد إلى السماء على شكل بخار.

عندما يرتفع بخار الماء يبرد ويتكثف ليشكل الغيوم. تتكون الغيوم من قطرات صغيرة جدا من الماء أو من بلورات الجليد.

عندما تصبح القطرات ثقيلة يسقط الماء على الأرض في صورة مطر أو ثلج. يسمى هذا الجزء من دورة الماء الهطول، وهو مصدر مهم للمياه العذبة.

يتسرب جزء من ماء المطر إلى باطن الأرض ويصبح مياها جوفية. ويجري جزء آخر في الأنهار حتى يصل إلى البحر، ثم تبدأ دورة الماء من جديد.

تلعب النباتات أيضا دورا في دورة الماء، إذ تطلق بخار الماء من أوراقها في عملية تسمى النتح. وتساعد الغابات الكبيرة على تكوين الأمطار في المناطق المحيطة بها.`;

const ru = `Фотосинтез — это процесс, при котором растения превращают энергию солнечного света в химическую энергию. Он происходит в хлоропластах клеток листьев.

Хлорофилл поглощает красный и синий свет и отражает зелёный, поэтому листья кажутся зелёными. Энергия солнечного света используется для расщепления молекул воды.

В ходе фотосинтеза растения поглощают углекислый газ из воздуха и выделяют кислород. Из углекислого газа и воды образуется глюкоза, которая служит растению пищей.

Световые реакции происходят в мембранах тилакоидов, а цикл Кальвина протекает в строме хлоропласта. Без фотосинтеза жизнь на Земле в её нынешнем виде была бы невозможна.`;

const ko = `광합성은 식물이 햇빛의 에너지를 화학 에너지로 바꾸는 과정이다. 광합성은 잎 세포의 엽록체에서 일어난다.

엽록소는 빨간빛과 파란빛을 흡수하고 초록빛을 반사한다. 그래서 잎은 초록색으로 보인다.

광합성 동안 식물은 공기 중의 이산화탄소를 흡수하고 산소를 내보낸다. 이산화탄소와 물로부터 포도당이 만들어지며, 포도당은 식물의 양분이 된다.`;

const chunksOf = (text: string, title: string) =>
  text.split('\n\n').map((content, i) => ({
    chunkId: `c${i}`,
    sourceId: 's1',
    sourceTitle: title,
    chunkIndex: i,
    content,
  }));

const sentencesOf = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.؟!])\s+/u)
    .map((s) => s.trim());

describe('sources in scripts the English tagger cannot read', { timeout: 180_000 }, () => {
  it('splits Arabic and Cyrillic into sentences and words with Intl.Segmenter', () => {
    expect(isOtherScript(ar)).toBe(true);
    expect(isOtherScript(ru)).toBe(true);
    expect(isOtherScript('Photosynthesis makes sugar in the leaves.')).toBe(false);
    const sentences = parseBlock(ar.split('\n\n')[0]!, 'ar');
    expect(sentences).toHaveLength(2);
    const words = sentences[0]!.tokens.filter((t) => t.type === 'word').map((t) => t.value);
    expect(words).toEqual([
      'دورة',
      'الماء',
      'هي',
      'الحركة',
      'المستمرة',
      'للماء',
      'بين',
      'الأرض',
      'والغلاف',
      'الجوي',
    ]);
    // The article and the prepositions glued to a word do not make it another word.
    const water = sentences[0]!.tokens.filter((t) => ['الماء', 'للماء'].includes(t.value));
    expect(new Set(water.map((t) => t.stem)).size).toBe(1);
    // Stop words of the language are no content.
    expect(sentences[0]!.tokens.find((t) => t.value === 'بين')?.stop).toBe(true);
  });

  for (const [name, text] of [
    ['Arabic', ar],
    ['Russian', ru],
    ['Korean', ko],
  ] as const) {
    it(`gives a ${name} source a summary in whole sentences, key concepts and questions`, async () => {
      const summary = await ai.summarize({ title: '', text });
      expect(summary.length).toBeGreaterThan(40);
      // Whole sentences of the source, in its order.
      const own = sentencesOf(text);
      for (const s of sentencesOf(summary)) expect(own).toContain(s);
      const points = await ai.keyPoints({ title: '', text });
      expect(points.length).toBeGreaterThanOrEqual(3);
      for (const p of points) {
        const [term, ...rest] = p.split(': ');
        expect(text.toLowerCase()).toContain(term!.toLowerCase());
        expect(own).toContain(rest.join(': '));
      }
      const questions = await ai.generateQuestions({
        chunks: chunksOf(text, name),
        count: 6,
        types: ['multiple_choice', 'free_response'],
      });
      expect(questions.length).toBeGreaterThan(0);
      for (const q of questions) {
        if (q.expectedAnswer) expect(text.replace(/\s+/g, ' ')).toContain(q.expectedAnswer);
        if (q.correctAnswerText) expect(text).toContain(q.correctAnswerText);
      }
    });
  }

  it('takes a repeated run of words as one term, and a Korean noun without its particle', async () => {
    const arTerms = (await ai.keyPoints({ title: '', text: ar })).map((p) => p.split(':')[0]);
    // "دورة الماء" (the water cycle) is written four times: a term of two words.
    expect(arTerms.some((t) => t!.includes(' '))).toBe(true);
    const koTerms = (await ai.keyPoints({ title: '', text: ko })).map((p) => p.split(':')[0]);
    expect(koTerms).toContain('광합성');
    for (const t of koTerms) expect(t).not.toMatch(/[은는이가을를]$/u);
  });
});

const pt = `A fotossíntese é o processo pelo qual as plantas transformam a energia da luz solar em energia química. Ela acontece nos cloroplastos das células das folhas.

A clorofila absorve a luz vermelha e azul e reflete a luz verde, por isso as folhas parecem verdes. A energia da luz é usada para quebrar as moléculas de água.

Durante a fotossíntese, as plantas absorvem dióxido de carbono do ar e liberam oxigênio. A partir do dióxido de carbono e da água forma-se a glicose, que serve de alimento para a planta.

As reações luminosas ocorrem nas membranas dos tilacoides, enquanto o ciclo de Calvin ocorre no estroma do cloroplasto. Sem a fotossíntese, a vida na Terra como a conhecemos seria impossível.`;

const it_ = `La fotosintesi è il processo con cui le piante trasformano l'energia della luce solare in energia chimica. Avviene nei cloroplasti delle cellule delle foglie.

La clorofilla assorbe la luce rossa e blu e riflette la luce verde, per questo le foglie appaiono verdi. L'energia della luce serve a scindere le molecole d'acqua.

Durante la fotosintesi le piante assorbono anidride carbonica dall'aria e rilasciano ossigeno. Dall'anidride carbonica e dall'acqua si forma il glucosio, che serve da nutrimento per la pianta.`;

describe('questions and key concepts in the source’s language', { timeout: 180_000 }, () => {
  it('names Portuguese and Italian terms, not clauses, as key concepts', async () => {
    for (const text of [pt, it_]) {
      const terms = (await ai.keyPoints({ title: '', text })).map((p) => p.split(':')[0]!);
      expect(terms.length).toBeGreaterThanOrEqual(3);
      for (const t of terms) {
        expect(t.split(' ').length).toBeLessThanOrEqual(4);
        // No article, pronoun or verb of the sentence around the term.
        expect(t).not.toMatch(/^(?:a|o|as|os|la|le|il|ela|nas|nos|nei|avviene|acontece)\b/iu);
      }
    }
    const ptTerms = (await ai.keyPoints({ title: '', text: pt })).map((p) => p.split(':')[0]);
    expect(ptTerms).toContain('Dióxido de carbono');
  });

  it('explains a term by the sentence that defines it, not by another term’s definition', async () => {
    const points = await ai.keyPoints({ title: '', text: ru });
    const photosynthesis = points.find((p) => p.startsWith('Фотосинтез:'));
    expect(photosynthesis).toBe(
      'Фотосинтез: Фотосинтез — это процесс, при котором растения превращают энергию солнечного света в химическую энергию.',
    );
    for (const p of points.filter((x) => x !== photosynthesis))
      expect(p).not.toContain('Фотосинтез — это');
  });

  it('asks "What is X?" of a definition in the source’s language', async () => {
    const ask = (text: string) =>
      ai.generateQuestions({ chunks: chunksOf(text, 't'), count: 4, types: ['free_response'] });
    const asked = [
      ...(await ask(pt)),
      ...(await ask(ru)),
      ...(await ask(ar)),
      ...(await ask(ko)),
    ].map((q) => q.question);
    expect(asked).toContain('O que é “fotossíntese”?');
    expect(asked).toContain('Что такое «фотосинтез»?');
    expect(asked).toContain('ما هي «دورة الماء»؟');
    expect(asked).toContain('‘광합성’은 무엇입니까?');
  });

  it('writes its stems in Portuguese, Italian, Russian, Arabic and Korean, with no note', async () => {
    for (const [text, stem] of [
      [pt, /Que termo completa|O que |Como se cham/u],
      [it_, /Quale termine completa|Che cos|Come si chiam/u],
      [ru, /Какой термин пропущен|Что (?:такое|говорится)/u],
      [ar, /ما الكلمة التي تكمل|ما (?:هو|هي)|ماذا يقول/u],
      [ko, /빈칸에 들어갈 말|무엇입니까|무엇이라고/u],
    ] as const) {
      const questions = await ai.generateQuestions({
        chunks: chunksOf(text, 't'),
        count: 4,
        types: ['multiple_choice', 'free_response'],
      });
      expect(questions.length).toBeGreaterThan(0);
      for (const q of questions) {
        expect(q.question).toMatch(stem);
        expect(q.note ?? null).toBeNull();
      }
    }
  });

  it('says so when it cannot write questions in the source’s language', async () => {
    // Turkish: no stems of its own, so English ones and a note naming the language.
    const tr = `Fotosentez, bitkilerin güneş ışığının enerjisini kimyasal enerjiye dönüştürdüğü süreçtir. Fotosentez yaprak hücrelerindeki kloroplastlarda gerçekleşir.

Klorofil kırmızı ve mavi ışığı emer ve yeşil ışığı yansıtır, bu yüzden yapraklar yeşil görünür. Işığın enerjisi su moleküllerini parçalamak için kullanılır.

Fotosentez sırasında bitkiler havadan karbondioksit alır ve oksijen verir. Karbondioksit ve sudan glikoz oluşur ve glikoz bitkinin besini olur.`;
    const questions = await ai.generateQuestions({
      chunks: chunksOf(tr, 't'),
      count: 4,
      types: ['multiple_choice', 'free_response'],
    });
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) expect(q.note).toMatch(/Turkish/);
  });
});

describe('feedback in the source’s language', { timeout: 180_000 }, () => {
  const grade = async (question: string, expectedAnswer: string, response: string) => {
    const e = await ai.evaluateAnswer({ question: freeResponse(question, expectedAnswer), response });
    if (e.kind !== 'free_response') throw new Error('expected a free-response evaluation');
    return e;
  };

  it('writes a wrong answer’s feedback in Russian, Arabic and Portuguese, quoting the source', async () => {
    for (const [question, expected, wrong, says] of [
      [
        'Что такое «фотосинтез»?',
        'Фотосинтез — это процесс, при котором растения превращают энергию солнечного света в химическую энергию.',
        'Растения растут в земле.',
        'В источнике сказано',
      ],
      [
        'ما هي «دورة الماء»؟',
        'دورة الماء هي الحركة المستمرة للماء بين الأرض والغلاف الجوي.',
        'الشمس تسخن المحيطات.',
        'يقول المصدر',
      ],
      [
        'O que é “fotossíntese”?',
        'A fotossíntese é o processo pelo qual as plantas transformam a energia da luz solar em energia química.',
        'As plantas crescem na terra.',
        'A fonte diz',
      ],
    ] as const) {
      const e = await grade(question, expected, wrong);
      expect(e.stoplight).toBe('red');
      expect(e.feedback).toContain(says);
      expect(e.feedback).toContain(expected);
      expect(e.feedback).not.toMatch(/Feedback in English|source/);
    }
  });
});
