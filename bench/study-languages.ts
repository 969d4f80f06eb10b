/**
 * The offline study AI in the learner's language: the tutor's own sentences around the passages it
 * quotes, and the grader's feedback, for a source in each language the offline provider writes.
 * For every language and situation (an overview, a question about the source, "Explain the answer"
 * after a wrong choice, a selected-text chip, the chat's follow-up prompts, the feedback on a wrong
 * choice, feedback on a wrong and on a partial free response)
 * it checks whether the provider's own words are in the source's language, and prints the count
 * with samples for a person to read. Asserts nothing.
 *
 * Sources: `../shared/fixtures` holds no Russian or Arabic prose (its one Arabic PDF, habibi.pdf,
 * is a single word), so the passages are the test passages of the provider (scripts.test.ts's
 * Russian, Arabic and Korean texts on photosynthesis and the water cycle;
 * photosynthesis.fixture.ts elsewhere) and the English Wikipedia fixture for English.
 *
 *   pnpm bench:study-languages            STUDY_LANGUAGES_SHOW=ru,ar to print those samples only
 */
import { loadavg } from 'node:os';
import type { RetrievedChunk, TutorInput } from '../packages/ai/src/types';
import { chunkFixture, webFixtureText } from '../packages/ai/src/providers/local/fixture-text';
import { createLocalStudyAi } from '../packages/ai/src/providers/local/index';
import { PHOTOSYNTHESIS } from '../packages/ai/src/providers/local/photosynthesis.fixture';

const ai = createLocalStudyAi();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// scripts.test.ts's longer passages (several paragraphs, one chunk each), for Russian and Arabic.
const LONG: Record<string, { text: string; ask: string; chip: string }> = {
  ru: {
    text: `Фотосинтез — это процесс, при котором растения превращают энергию солнечного света в химическую энергию. Он происходит в хлоропластах клеток листьев.

Хлорофилл поглощает красный и синий свет и отражает зелёный, поэтому листья кажутся зелёными. Энергия солнечного света используется для расщепления молекул воды.

В ходе фотосинтеза растения поглощают углекислый газ из воздуха и выделяют кислород. Из углекислого газа и воды образуется глюкоза, которая служит растению пищей.

Световые реакции происходят в мембранах тилакоидов, а цикл Кальвина протекает в строме хлоропласта. Без фотосинтеза жизнь на Земле в её нынешнем виде была бы невозможна.`,
    ask: 'Что поглощает хлорофилл?',
    chip: 'цикл Кальвина',
  },
  ar: {
    text: `دورة الماء هي الحركة المستمرة للماء بين الأرض والغلاف الجوي. تسخن الشمس مياه المحيطات والبحيرات فيتبخر الماء ويصعد إلى السماء على شكل بخار.

عندما يرتفع بخار الماء يبرد ويتكثف ليشكل الغيوم. تتكون الغيوم من قطرات صغيرة جدا من الماء أو من بلورات الجليد.

عندما تصبح القطرات ثقيلة يسقط الماء على الأرض في صورة مطر أو ثلج. يسمى هذا الجزء من دورة الماء الهطول، وهو مصدر مهم للمياه العذبة.

يتسرب جزء من ماء المطر إلى باطن الأرض ويصبح مياها جوفية. ويجري جزء آخر في الأنهار حتى يصل إلى البحر، ثم تبدأ دورة الماء من جديد.`,
    ask: 'مما تتكون الغيوم؟',
    chip: 'الهطول',
  },
};

const chunksOf = (text: string): RetrievedChunk[] =>
  text.split('\n\n').map((content, i) => ({
    chunkId: `c${i}`,
    sourceId: 's1',
    sourceTitle: 'Notes',
    chunkIndex: i,
    content,
    score: 0.5 - i * 0.05,
  }));

async function answer(input: TutorInput): Promise<string> {
  let text = '';
  for await (const e of ai.tutor(input)) if (e.type === 'text') text += e.text;
  return text;
}

/** The provider's own words: the answer without the sources' sentences, markers and bold terms. */
function ownWords(text: string, source: string): string {
  let out = text.replace(/\*\*/g, '').replace(/\s*\[\d+\]/g, '');
  for (const sentence of source.replace(/\s+/g, ' ').split(/(?<=[.。।؟!])\s*/u))
    if (sentence.trim()) out = out.split(sentence.trim()).join(' ');
  return out;
}

/** English framing: the provider's English sentences, whatever the terms it names. */
const ENGLISH =
  /\b(?:your sources|Here is|[Tt]he correct answer|could not find|In short|comes from this passage|The source says|does not match|Good answer|Partly right|Feedback in English|Not quite|Correct:|Can you|Give me|How can I|What is|What should|How does|Explain it)\b/;

type Row = { language: string; situation: string; text: string; own: string };
const rows: Row[] = [];

function record(language: string, situation: string, text: string, source: string) {
  rows.push({ language, situation, text, own: ownWords(text, source) });
}

const definition = (passage: string) => passage.split(/(?<=[.。।])\s*/u)[0]!;

for (const [language, p] of Object.entries(PHOTOSYNTHESIS)) {
  const long = LONG[language];
  const source = long?.text ?? p.passage;
  const context = long ? chunksOf(long.text) : chunksOf(p.passage);
  record(
    language,
    'overview',
    await answer({ mode: 'source', message: 'Summarize this', history: [], context }),
    source,
  );
  if (long) {
    record(
      language,
      'question',
      await answer({ mode: 'source', message: long.ask, history: [], context }),
      source,
    );
    record(
      language,
      'chip',
      await answer({
        mode: 'source',
        message: `Explain this:\n\n${long.chip}`,
        history: [],
        context,
      }),
      source,
    );
  }
  record(
    language,
    'explain a wrong choice',
    await answer({
      mode: 'question',
      message: 'Explain the answer',
      history: [],
      context: chunksOf(p.passage),
      question: {
        question: p.question,
        questionType: 'multiple_choice',
        options: [p.right, p.wrong],
        correctAnswer: p.right,
        userAnswer: p.wrong,
        answerSubmitted: true,
        isCorrect: false,
      },
    }),
    p.passage,
  );
  // The chat panel's chips: an empty chat's, then those after an exchange on the passage (issue 21).
  const chips = [
    ...(await ai.followUpPrompts({
      mode: 'source',
      history: [],
      source: { sourceId: 's1', title: 'Notes', type: 'document', content: p.passage },
    })),
    ...(await ai.followUpPrompts({
      mode: 'source',
      history: [
        { role: 'user', content: p.question },
        { role: 'assistant', content: `${p.passage} [1]` },
      ],
    })),
  ];
  record(language, 'follow-up prompts', chips.join('\n'), p.passage);
  const choice = await ai.evaluateAnswer({
    question: {
      questionType: 'multiple_choice',
      question: p.question,
      options: [p.right, p.wrong],
      correctAnswerIndex: 0,
      correctAnswerText: p.right,
      expectedAnswer: null,
      caseContext: p.passage,
    },
    response: 1,
  });
  record(language, 'choice feedback', choice.feedback, p.passage);
  const expected = definition(p.passage);
  const question = {
    questionType: 'free_response' as const,
    question: p.question,
    options: [],
    correctAnswerIndex: null,
    correctAnswerText: null,
    expectedAnswer: expected,
    caseContext: null,
  };
  for (const [situation, response] of [
    ['feedback, wrong', p.wrong],
    // The first half of the definition's words: a partial answer.
    [
      'feedback, partial',
      expected
        .split(/\s+/)
        .slice(0, Math.ceil(expected.split(/\s+/).length / 2))
        .join(' '),
    ],
  ] as const) {
    const e = await ai.evaluateAnswer({ question, response });
    record(language, situation, e.feedback, expected);
  }
}

// English, from a real page: unchanged framing, and the check that reads it as English.
// The chunks naming JavaScript's inventor first, as retrieval would bring them.
const wiki = chunkFixture(webFixtureText('wikipedia'), { sourceId: 'wiki' })
  .sort((a, b) => Number(b.content.includes('Eich')) - Number(a.content.includes('Eich')))
  .slice(0, 5)
  .map((c, i) => ({ ...c, score: 0.5 - i * 0.05 }));
record(
  'en (wikipedia)',
  'question',
  await answer({ mode: 'source', message: 'Who invented JavaScript?', history: [], context: wiki }),
  wiki.map((c) => c.content).join('\n\n'),
);

const inLanguage = (r: Row) => (r.language.startsWith('en') ? true : !ENGLISH.test(r.own));
console.log(`Study AI in the source's language (load ${load()})`);
console.log('language        answers  own words in the language');
for (const language of [...new Set(rows.map((r) => r.language))]) {
  const of = rows.filter((r) => r.language === language);
  const ok = of.filter(inLanguage).length;
  console.log(`  ${language.padEnd(14)} ${String(of.length).padStart(7)}  ${ok}/${of.length}`);
}
const foreign = rows.filter((r) => !r.language.startsWith('en'));
console.log(
  `all other languages: ${foreign.filter(inLanguage).length}/${foreign.length} answers with no English sentence of the provider's own`,
);

const show = process.env.STUDY_LANGUAGES_SHOW?.split(',');
for (const r of rows) {
  if (show && !show.includes(r.language)) continue;
  console.log(`\n--- ${r.language}, ${r.situation}${inLanguage(r) ? '' : '  [ENGLISH FRAMING]'}`);
  console.log(r.text);
}
