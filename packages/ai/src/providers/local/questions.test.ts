import { QUESTION_TYPES, type QuestionType } from '@mnemo/contracts/entities/question';
import { describe, expect, it } from 'vitest';
import { AiError, isUnusableTextError } from '../../errors';
import type { GeneratedQuestion, TextChunk } from '../../types';
import { analyze, cleanText } from './document';
import { chunkFixture, webFixtureText } from './fixture-text';
import { createLocalStudyAi } from './index';
import { markupLeft, statesFact } from './questions';
import { wordVectors } from './word-vectors';
import { synonyms } from './wordnet';

// Real pages through Readability and wink on a shared machine: a generous limit, nothing timed
// (the first test also loads the word vectors and WordNet: 24 s quiet, 64 s once at load 48).
const slow = { timeout: 120_000 };

const ai = createLocalStudyAi();
const ALL = [...QUESTION_TYPES];
const MC = new Set<QuestionType>(['multiple_choice', 'case_multiple_choice']);
const CASE = new Set<QuestionType>(['case_multiple_choice', 'case_free_response']);
// The source as quoted: citation markers removed, single spaces, any case.
const flat = (text: string) => cleanText(text).replace(/\s+/g, ' ').toLowerCase();

function chunksOf(name: string): TextChunk[] {
  return chunkFixture(webFixtureText(name), { sourceId: `src-${name}` });
}

/** Every rule a generated question must keep, checked against the chunks it was made from. */
function expectValid(q: GeneratedQuestion, chunks: readonly TextChunk[]) {
  const where = `${q.questionType}: ${q.question}`;
  const chunk = chunks.find((c) => c.chunkId === q.chunkId);
  expect(chunk, where).toBeDefined();
  expect(q.sourceId, where).toBe(chunk!.sourceId);
  const source = flat(
    chunks
      .filter((c) => c.sourceId === q.sourceId)
      .map((c) => c.content)
      .join('\n\n'),
  );
  expect(q.question.trim().length, where).toBeGreaterThan(10);
  if (CASE.has(q.questionType)) {
    expect(q.caseContext, where).toBeTruthy();
    // A passage of a few sentences, from the source.
    const sentences = q.caseContext!.split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\d])/u);
    expect(sentences.length, where).toBeGreaterThanOrEqual(2);
    for (const s of sentences) expect(source, where).toContain(s.toLowerCase());
  } else {
    expect(q.caseContext, where).toBeNull();
  }
  if (MC.has(q.questionType)) {
    expect(q.options, where).toHaveLength(4);
    for (const o of q.options) expect(o.trim().length, where).toBeGreaterThan(0);
    expect(new Set(q.options.map((o) => o.trim().toLowerCase())).size, where).toBe(4);
    expect(q.correctAnswerIndex, where).toBeGreaterThanOrEqual(0);
    expect(q.correctAnswerIndex, where).toBeLessThan(4);
    expect(q.options[q.correctAnswerIndex!], where).toBe(q.correctAnswerText);
    expect(source, where).toContain(q.correctAnswerText!.toLowerCase());
    // Distractors are terms of the same source too.
    for (const o of q.options) expect(source, where).toContain(o.toLowerCase());
    if (q.caseContext)
      expect(q.caseContext.toLowerCase(), where).toContain(q.correctAnswerText!.toLowerCase());
    expect(q.expectedAnswer, where).toBeNull();
  } else {
    expect(q.options, where).toEqual([]);
    expect(q.correctAnswerIndex, where).toBeNull();
    expect(q.correctAnswerText, where).toBeNull();
    expect(q.expectedAnswer?.trim().length ?? 0, where).toBeGreaterThan(20);
    // The expected answer is the source's own explanation.
    expect(source, where).toContain(q.expectedAnswer!.toLowerCase());
    if (q.caseContext)
      expect(q.caseContext, where).toContain(q.expectedAnswer!.split(/(?<=[.!?])\s/)[0]!);
  }
}

describe('generateQuestions', slow, () => {
  it.each([
    'wikipedia',
    'google-sre-book-1',
    'nytimes-1',
    'quanta-1',
    'bbc-1',
    'guardian-1',
    'lwn-1',
    'medium-1',
  ])(
    'writes valid questions of the requested types from %s, never more than asked',
    async (name) => {
      // Fewer, better cards: a type the text gives no good question of hands its share to the others,
      // and the generator stops short rather than fill the count with weak cards.
      const chunks = chunksOf(name);
      const questions = await ai.generateQuestions({ chunks, count: 12, types: ALL });
      expect(questions.length).toBeGreaterThanOrEqual(4);
      expect(questions.length).toBeLessThanOrEqual(12);
      for (const q of questions) expect(ALL).toContain(q.questionType);
      expect(new Set(questions.map((q) => q.questionType)).size).toBeGreaterThanOrEqual(2);
      for (const q of questions) expectValid(q, chunks);
      const texts = questions.map((q) => q.question.toLowerCase());
      expect(new Set(texts).size).toBe(texts.length);
    },
  );

  it('spreads the count over the requested types as evenly as possible', async () => {
    const chunks = chunksOf('wikipedia');
    const questions = await ai.generateQuestions({
      chunks,
      count: 7,
      types: ['free_response', 'multiple_choice'],
    });
    expect(questions).toHaveLength(7);
    expect(questions.filter((q) => q.questionType === 'free_response')).toHaveLength(4);
    expect(questions.filter((q) => q.questionType === 'multiple_choice')).toHaveLength(3);
  });

  it('moves the correct option around, deterministically', async () => {
    const chunks = chunksOf('google-sre-book-1');
    const input = {
      chunks,
      count: 12,
      types: ['multiple_choice', 'case_multiple_choice'] as QuestionType[],
    };
    const first = await ai.generateQuestions(input);
    const positions = first.map((q) => q.correctAnswerIndex);
    expect(new Set(positions).size).toBe(4);
    expect(await ai.generateQuestions(input)).toEqual(first);
  });

  it('tags every question with one to three concepts, the first the phrase it asks about (issue 20)', async () => {
    const chunks = chunksOf('wikipedia');
    const questions = await ai.generateQuestions({ chunks, count: 8, types: ALL });
    for (const q of questions) {
      expect(q.concepts?.length, q.question).toBeGreaterThanOrEqual(1);
      expect(q.concepts?.length, q.question).toBeLessThanOrEqual(3);
    }
    const source = chunks.map((c) => c.content.toLowerCase()).join(' ');
    for (const q of questions) expect(source, q.question).toContain(q.concepts![0]!.toLowerCase());
  });

  it('draws from the whole source, naming the chunk of each question', async () => {
    const chunks = chunksOf('google-sre-book-1');
    const questions = await ai.generateQuestions({
      chunks,
      count: 10,
      types: ['multiple_choice', 'free_response'],
    });
    expect(new Set(questions.map((q) => q.chunkId)).size).toBeGreaterThanOrEqual(5);
  });

  it('repeats none of the questions to avoid, nor itself', async () => {
    const chunks = chunksOf('nytimes-1');
    const first = await ai.generateQuestions({ chunks, count: 6, types: ALL });
    const second = await ai.generateQuestions({
      chunks,
      count: 6,
      types: ALL,
      avoid: first.map((q) => q.question),
    });
    const before = new Set(first.map((q) => q.question));
    expect(second.length).toBeGreaterThan(0);
    for (const q of second) {
      expect(before.has(q.question)).toBe(false);
      expectValid(q, chunks);
    }
  });

  it('prefers sentences about the focus it is given', async () => {
    const chunks = chunksOf('wikipedia');
    const focused = await ai.generateQuestions({
      chunks,
      count: 6,
      types: ['multiple_choice', 'free_response'],
      focusInstructions: 'Focus on Thunderbird and the email client',
    });
    const about = (q: GeneratedQuestion) =>
      /thunderbird|e-?mail/i.test(`${q.question} ${q.expectedAnswer ?? ''} ${q.options.join(' ')}`);
    expect(focused.filter(about).length).toBeGreaterThanOrEqual(4);
    const unfocused = await ai.generateQuestions({
      chunks,
      count: 6,
      types: ['multiple_choice', 'free_response'],
    });
    expect(focused.filter(about).length).toBeGreaterThan(unfocused.filter(about).length);
  });

  it('makes fewer questions, never invalid ones, from a text too short for more', async () => {
    const chunks = chunksOf('mozilla-1');
    const questions = await ai.generateQuestions({ chunks, count: 20, types: ALL });
    expect(questions.length).toBeLessThan(20);
    for (const q of questions) expectValid(q, chunks);
  });

  it('keeps questions from several sources apart: distractors come from the question’s own source', async () => {
    const chunks = [...chunksOf('bbc-1'), ...chunksOf('nytimes-1')];
    const questions = await ai.generateQuestions({ chunks, count: 8, types: ['multiple_choice'] });
    expect(questions).toHaveLength(8);
    for (const q of questions) expectValid(q, chunks);
  });

  it(
    'never offers a second correct option: no distractor nested in the answer, sharing its head or a WordNet synonym of it',
    slow,
    async () => {
      const head = (text: string) => text.toLowerCase().split(/\s+/).pop()!.replace(/s$/, '');
      for (const name of ['wikipedia', 'bbc-1', 'google-sre-book-1', 'guardian-1']) {
        const chunks = chunksOf(name);
        const questions = await ai.generateQuestions({
          chunks,
          count: 12,
          types: ['multiple_choice'],
        });
        expect(questions.length, name).toBeGreaterThan(0);
        for (const q of questions) {
          const right = q.correctAnswerText!.toLowerCase();
          for (const option of q.options) {
            const o = option.toLowerCase();
            if (o === right) continue;
            const where = `${q.question} [${q.options.join(' | ')}]`;
            expect(right.includes(o) || o.includes(right), where).toBe(false);
            expect(head(o) === head(right), where).toBe(false);
            if (!o.includes(' ') && !right.includes(' '))
              expect(synonyms(o, right), where).toBe(false);
            // Nor two distractors naming the same thing ("Te Kaurinui", "Te Kaurinui Robert").
            for (const other of q.options) {
              const x = other.toLowerCase();
              if (x === o || x === right) continue;
              expect(x.includes(o) || o.includes(x), where).toBe(false);
            }
          }
        }
      }
    },
  );

  it(
    'never blanks or asks about a lone everyday word ("system", "president"): the answer is the source\'s own term',
    slow,
    async () => {
      // GloVe's frequency rank: the 2,000 most frequent English words are everyday vocabulary.
      const everyday = (text: string) => {
        const rank = wordVectors().rank(text.toLowerCase());
        return !text.includes(' ') && /^\p{Ll}/u.test(text) && rank !== undefined && rank < 2000;
      };
      for (const name of ['google-sre-book-1', 'bbc-1']) {
        const questions = await ai.generateQuestions({
          chunks: chunksOf(name),
          count: 12,
          types: ['multiple_choice', 'free_response'],
        });
        expect(questions.length, name).toBeGreaterThan(0);
        for (const q of questions) {
          if (q.correctAnswerText) expect(everyday(q.correctAnswerText), q.question).toBe(false);
          const asked = /(?:the term|about) “([^”]+)”/.exec(q.question)?.[1];
          if (asked) expect(everyday(asked), q.question).toBe(false);
        }
      }
    },
  );

  it(
    'asks a definition as a question ("What is …?"), not as a blank in the copied sentence',
    slow,
    async () => {
      // Written here: a definition the generator has never seen.
      const text = [
        'Photosynthesis is a process that converts light energy into chemical energy in plants.',
        'Chlorophyll is a green pigment that absorbs light mostly in the blue and red wavelengths.',
        'The Calvin cycle is a series of reactions that fixes carbon dioxide into sugars inside the chloroplast.',
        'Plants store the sugars as starch, and animals later eat the plants for energy.',
        'Photosynthesis needs water, light and carbon dioxide, and it releases oxygen as a by-product.',
        'Chlorophyll gives leaves their green colour because it reflects green light.',
      ].join(' ');
      const chunks = one(text);
      const questions = await ai.generateQuestions({
        chunks,
        count: 6,
        types: ['multiple_choice', 'free_response'],
      });
      for (const q of questions) expectValid(q, chunks);
      // The defined terms are asked about by name, in both question types.
      const whatIs = questions.filter((q) =>
        /^What is .*(?:Chlorophyll|Calvin cycle)/i.test(q.question),
      );
      expect(whatIs.map((q) => q.questionType)).toEqual(
        expect.arrayContaining(['multiple_choice', 'free_response']),
      );
      // A "What is" multiple choice is answered by the class the sentence gives, never by the term itself.
      for (const q of whatIs.filter((x) => x.questionType === 'multiple_choice'))
        expect(q.question.toLowerCase()).not.toContain(q.correctAnswerText!.toLowerCase());
    },
  );

  it(
    'asks "What is X?" about a definition with options that are all classes the source defines with',
    slow,
    async () => {
      // Written here: four definitions, each "X is a Y that …", among sentences with other terms.
      const classes = [
        'container orchestration system',
        'container runtime',
        'monitoring toolkit',
        'visualisation dashboard',
      ];
      const text = [
        'Kubernetes is a container orchestration system that schedules workloads across many machines.',
        'Engineers at large companies often deploy new releases on Fridays despite warnings from their managers.',
        'Docker is a container runtime that packages an application with its shared libraries.',
        'The cluster administrators keep spare machines in each data centre for sudden traffic spikes.',
        'Prometheus is a monitoring toolkit that scrapes metrics from running services every few seconds.',
        'Release engineers write long configuration files before every deployment of the payment services.',
        'Grafana is a visualisation dashboard that draws charts from the stored metrics of each cluster.',
        'Sudden traffic spikes fill the spare machines in the data centre within minutes of a launch.',
      ].join(' ');
      const chunks = one(text);
      const questions = await ai.generateQuestions({
        chunks,
        count: 8,
        types: ['multiple_choice'],
      });
      for (const q of questions) expectValid(q, chunks);
      const whatIs = questions.filter((q) =>
        /^What is (?:Kubernetes|Docker|Prometheus|Grafana)\?$/.test(q.question),
      );
      expect(whatIs.length).toBeGreaterThan(0);
      for (const q of whatIs)
        for (const o of q.options)
          expect(classes, `${q.question} [${q.options.join(' | ')}]`).toContain(o);
    },
  );

  it(
    'asks nothing from a caption, a label or a heading glued to the next sentence',
    slow,
    async () => {
      // Written here: a short article with a photo caption and a heading the extractor ran on.
      const text = [
        'Clockwise from top: small whale bones; squid beaks, from the stomach of a sperm whale; the baleen filter of a pygmy whale.',
        'Interactive editor The goal of having an interactive editor is to help reporters build stories for the web.',
        'Sperm whales dive deeper than any other whale because their prey lives in the dark water far below the surface.',
        'The baleen filter lets a pygmy whale strain tiny shrimp from large mouthfuls of sea water.',
        'Squid beaks survive in the stomach of a sperm whale long after the soft parts have been digested.',
        'Reporters who build interactive stories need an editor who understands both code and journalism.',
      ].join(' ');
      const chunks = one(text);
      const questions = await ai.generateQuestions({
        chunks,
        count: 8,
        types: ['multiple_choice', 'free_response'],
      });
      expect(questions.length).toBeGreaterThan(0);
      for (const q of questions) {
        expectValid(q, chunks);
        const said = `${q.question} ${q.expectedAnswer ?? ''}`;
        expect(said).not.toMatch(/Clockwise|editor The goal/);
      }
    },
  );

  it(
    'asks a real question about a sentence opening with its subject before a template about a merely mentioned key term',
    slow,
    async () => {
      // Written here: "solar panels" is the key term but only ever mentioned after an opening
      // phrase; one sentence opens with another subject.
      const text = [
        'In spring, the island council bought solar panels for the harbour, the school and the library.',
        'In May, engineers mounted the solar panels on new steel frames facing the southern sea wall.',
        'On clear mornings, visitors often photograph the solar panels from the ferry.',
        'The old diesel generator lost power because its bearings wore out after years of salt spray.',
        'At the end of the pier, fishermen now charge their boat batteries from the solar panels.',
      ].join(' ');
      const chunks = one(text);
      const questions = await ai.generateQuestions({ chunks, count: 1, types: ['free_response'] });
      expect(questions).toHaveLength(1);
      expectValid(questions[0]!, chunks);
      expect(questions[0]!.question).toMatch(/^(?:Why|What) did the old diesel generator lose/);
    },
  );

  // Written here, not taken from a fixture: the rules must hold for filler never seen before.
  const placeholder = Array.from(
    { length: 6 },
    (_, i) =>
      `Lorem ipsum dolor sit amet, consectetur adipiscing elit ${i}. Vivamus lacinia odio vitae vestibulum vestibulum. Cras porttitor metus justo, ut fringilla velit fermentum a. Nulla facilisi, sed do eiusmod tempor incididunt ut labore.`,
  ).join('\n\n');
  const blind = Array.from(
    { length: 8 },
    () =>
      'This paragraph only fills the page until the real text arrives. It shows how the font looks on the page. Reading it tells you nothing at all.',
  ).join('\n\n');
  const banner = [
    'We use cookies to give you the best experience on our website.',
    'By continuing to browse, you agree to our use of cookies and tracking technologies.',
    'You can manage your cookie preferences in the settings at any time.',
    'We and our partners use cookies to personalise the ads you see.',
  ].join(' ');
  function one(content: string): TextChunk[] {
    return [{ chunkId: 'c-1', sourceId: 's-1', sourceTitle: 'Filler', chunkIndex: 0, content }];
  }
  /** The questions the provider writes from `content` as one chunk, with that chunk. */
  async function fromOne(
    content: string,
    count: number,
    types: QuestionType[] = ['multiple_choice', 'free_response'],
  ) {
    const chunks = one(content);
    return { chunks, questions: await ai.generateQuestions({ chunks, count, types }) };
  }

  it(
    'writes no free response about a term its answer merely mentions, and no blank in a quotation, a list or a name',
    slow,
    async () => {
      // Written here: terms mentioned inside sentences about something else, a quotation, a list
      // and a name of several words, beside two sentences a real question can be asked from.
      const text = [
        'During the dry season, engineers at the reservoir tested a floating solar array for the city council.',
        '“We never expected the floating solar array to cool the water,” said Dr Amara Okafor, bristling with pride.',
        'The council compared wind turbines, heat pumps, floating solar arrays and tidal barrages before the vote.',
        'Visitors to Lake Tanager Reservoir can watch the floating solar array from a wooden platform on the shore.',
        'Evaporation falls under a floating solar array because the panels shade the surface of the water.',
        'A floating solar array is a set of photovoltaic panels mounted on pontoons that float on a reservoir.',
        'Dr Amara Okafor said the reservoir lost a fifth less water to evaporation in the first summer.',
        'The city council approved a second floating solar array for the northern basin in the spring.',
      ].join(' ');
      const { chunks, questions } = await fromOne(text, 10);
      expect(questions.length).toBeGreaterThan(0);
      expect(questions.length).toBeLessThan(10);
      for (const q of questions) {
        expectValid(q, chunks);
        // A term quoted in a free response is what its expected answer is about: it opens it.
        const asked = /“([^”]+)”/.exec(q.question)?.[1];
        if (q.questionType === 'free_response' && asked)
          expect(q.expectedAnswer!.toLowerCase(), q.question).toMatch(
            new RegExp(`^(?:the |an? )?${asked.toLowerCase()}`),
          );
        if (!q.question.includes('_____')) continue;
        // No blank inside the quotation, in the list, or cutting "Lake Tanager Reservoir".
        expect(q.question, q.question).not.toMatch(/“We never expected[^”]*_____/);
        expect(q.question, q.question).not.toMatch(/compared [^.]*_____[^.]*before the vote/);
        expect(q.question, q.question).not.toMatch(/Lake _____|_____ Reservoir/);
      }
    },
  );

  it(
    "writes a German source's questions in German, with no note; an English one's with none either",
    slow,
    async () => {
      // Written here: a short German text on photosynthesis.
      const de = [
        'Die Photosynthese ist ein Vorgang, bei dem Pflanzen Lichtenergie in chemische Energie umwandeln.',
        'Das Chlorophyll in den Blättern nimmt vor allem rotes und blaues Licht auf.',
        'Der Calvin-Zyklus bindet Kohlendioxid und baut daraus Zucker in den Chloroplasten auf.',
        'Die Pflanzen speichern den Zucker als Stärke in ihren Wurzeln und Samen.',
        'Die Photosynthese braucht Wasser, Licht und Kohlendioxid und setzt dabei Sauerstoff frei.',
        'Das Chlorophyll gibt den Blättern ihre grüne Farbe, weil es grünes Licht zurückwirft.',
      ].join(' ');
      const chunks = one(de);
      const questions = await ai.generateQuestions({
        chunks,
        count: 4,
        types: ['multiple_choice', 'free_response'],
      });
      expect(questions.length).toBeGreaterThan(0);
      for (const q of questions) {
        expectValid(q, chunks);
        expect(q.note).toBeUndefined();
        // The writer's own words, outside the quoted source text: not English.
        const stem = q.question.replace(/[„“«»"][^„“«»"]*[“”»"]/g, ' ');
        expect(stem, q.question).not.toMatch(/\b(?:which|what|term|source|statement)\b/i);
        expect(stem, q.question).toMatch(/\b(?:Quelle|Begriff|Aussage|Was|Wie)\b/);
      }
      const en = await ai.generateQuestions({
        chunks: chunksOf('wikipedia').slice(0, 3),
        count: 2,
        types: ['multiple_choice'],
      });
      for (const q of en) expect(q.note).toBeUndefined();
    },
  );

  it('offers no decade that holds the answer\'s year, and asks "What did X say?" only of one saying', async () => {
    // Written here: a speaker saying two things, years and a decade.
    const text = [
      'Dr Lena Ortiz said the new bridge would open in 1998 after years of delay.',
      'Dr Lena Ortiz said the river had flooded the old crossing twice during the 1990s.',
      'The engineers finished the steel arch in 1997 and tested the deck in the following spring.',
      'Mayor Tom Baines praised the builders because the project stayed within its budget.',
      'The old ferry service closed in 2001 when traffic moved to the new bridge.',
      'Engineers had first proposed a tunnel in 1985, but the council rejected the plan.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 6);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expectValid(q, chunks);
      const year = /^(\d{3})\d$/.exec(q.correctAnswerText ?? '')?.[1];
      if (year)
        for (const o of q.options) expect(o, q.question).not.toMatch(new RegExp(`${year}0s`));
      // Which of her two sayings would be the answer?
      expect(q.question).not.toMatch(/Ortiz say\b/);
    }
  });

  it("offers only options of the answer's class: people with people, places with places, bodies with bodies", async () => {
    // Written here: people, places and organisations, each named twice, in sentences that blank
    // them well. The class of each name is the test's own labelling, not the generator's.
    const label: Record<string, string> = {
      'Dr Amara Okafor': 'person',
      'Professor Jonas Weber': 'person',
      'Mayor Tom Baines': 'person',
      'Ilse Brandt': 'person',
      Kenya: 'place',
      Nairobi: 'place',
      'Lake Tanager': 'place',
      Mombasa: 'place',
      'Harlow University': 'organisation',
      'Ministry of Water': 'organisation',
      'Tanager Power Company': 'organisation',
      'Coastal Research Institute': 'organisation',
    };
    const text = [
      'The floating panels were first tested on a reservoir near Nairobi during the long dry season.',
      'Engineers from Harlow University designed the pontoons that carry the floating panels.',
      'Dr Amara Okafor measured how much water the covered reservoir lost to evaporation each week.',
      'The Ministry of Water paid for a second trial on a larger reservoir in the highlands.',
      'Professor Jonas Weber compared the floating panels with wind turbines on the same site.',
      'The Tanager Power Company sold the electricity from the panels to the regional grid.',
      'Mayor Tom Baines opened the visitor platform beside the reservoir in the spring.',
      'A second array was later installed on a lake outside Mombasa for the port authority.',
      'Ilse Brandt wrote the report that the regional council read before the vote.',
      'The Coastal Research Institute tracked the fish living under the panels for two years.',
      'Visitors from Kenya and abroad came to Lake Tanager to see the panels on the water.',
      'The report by Ilse Brandt found that the fish under the panels grew as fast as elsewhere.',
      'Dr Amara Okafor presented the evaporation figures at a meeting in Nairobi in the autumn.',
      'Harlow University later opened a course on floating solar power for engineers.',
      'Professor Jonas Weber argued that the panels should cover no more than a third of a lake.',
      'The Ministry of Water published the results of both trials in a short public report.',
      'Mayor Tom Baines praised the engineers because the project stayed within its budget.',
      'The Tanager Power Company plans a third array on a reservoir near Mombasa next year.',
      'The Coastal Research Institute will keep counting the fish under the new array.',
      'Schools across Kenya now visit Lake Tanager to learn how the panels work.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 12, ['multiple_choice']);
    let named = 0;
    for (const q of questions) {
      expectValid(q, chunks);
      const kind = label[q.correctAnswerText!];
      if (!kind) continue;
      named++;
      for (const o of q.options)
        expect(label[o], `${q.question} [${q.options.join(' | ')}]`).toBe(kind);
    }
    expect(named).toBeGreaterThanOrEqual(2);
  });

  it('offers no option the source also states for the sentence asked about', async () => {
    // Written here: two tools the text says the build runs on every changed file, beside tools
    // that do other things. A blank for one of the two must not offer the other: both would be right.
    const text = [
      'Each night the build runs the tokenizer on every changed file before anything else.',
      'In the older pipeline, each night the build ran the lexer on every changed file before anything else.',
      'The parser builds a syntax tree from the tokens and reports every misplaced bracket.',
      'The formatter prints the syntax tree again with consistent spacing and line breaks.',
      'The linker joins the compiled modules into one bundle that the browser can load.',
      'The minifier removes whitespace and comments so that the bundle downloads faster.',
      'Every error message names a line because the tokenizer keeps the position of every token.',
      'The team replaced the lexer because it could not read the newer template syntax.',
      'The parser and the formatter share one description of the syntax tree.',
      'The linker and the minifier run only when the project is built for release.',
      'The formatter runs on every save in most editors.',
      'The minifier shortens the names of local variables as well.',
      'The bundler copies the compiled modules into the release folder of the project.',
      'The bundler starts after the linker has joined every compiled module.',
      'The resolver finds the file behind every import statement of a module.',
      'The resolver caches every path it has found in a small table.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 10, ['multiple_choice']);
    let asked = 0;
    for (const q of questions) {
      expectValid(q, chunks);
      if (
        !/ran the _____ on every changed file|runs the _____ on every changed file/.test(q.question)
      )
        continue;
      asked++;
      const options = q.options.map((o) => o.toLowerCase());
      expect(
        options.includes('tokenizer') && options.includes('lexer'),
        q.options.join(' | '),
      ).toBe(false);
    }
    expect(asked).toBeGreaterThan(0);
  });

  it('blanks no term pointed at from elsewhere ("these _____"), nothing vague, and takes no praise for a definition', async () => {
    // Written here: a demonstrative before a term, a vague head ("useful things") and a sentence
    // praising a term in the shape of a definition ("Mulch is a great way …").
    const text = [
      'A rain garden is a shallow planted basin that collects the runoff from roofs and paths.',
      'Mulch is a great way to keep the soil of a young rain garden moist in summer.',
      'Gardeners water these young seedlings every morning during the first month.',
      'Young seedlings need shade from the afternoon sun until their roots reach the subsoil.',
      'A layer of mulch slows the runoff and stops the seedlings from washing away.',
      'Gardeners learn many useful things about drainage when they dig the basin by hand.',
      'Useful things such as old bricks can edge the basin of a rain garden.',
      'The basin of a rain garden holds the water of a heavy storm for about a day.',
      'A rain garden filters oil and fertiliser from the runoff before it reaches the river.',
      'Gravel at the bottom of the basin keeps the subsoil from turning to mud.',
      'The city pays for native plants when a household builds a rain garden near the river.',
      'Native plants send their roots deep into the subsoil after a heavy storm.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 10);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expectValid(q, chunks);
      expect(q.question).not.toMatch(/\b(?:these|this|those|that) _____/i);
      expect(q.correctAnswerText ?? '').not.toMatch(/things$/);
      for (const o of q.options) expect(o).not.toMatch(/things$/);
      expect(q.expectedAnswer ?? '').not.toMatch(/great way/);
    }
  });

  it('offers names beside a name the text writes in lower case, and asks nothing with options of a name whose kind the text never shows', async () => {
    // Written here: tools whose names no word list knows, written in lower case, beside common
    // nouns; and "Pellucor", a name the text says nothing about the kind of.
    const names = new Set(['zorblat', 'quimbex', 'trellox', 'vasktor', 'Wendlebrook']);
    const text = [
      'The build uses zorblat to bundle the browser scripts before every release of the editor.',
      'Each night the build runs quimbex to check the style sheets and report every broken rule.',
      'Every morning the test runner calls trellox to replay the recorded requests against the local server.',
      'The deploy step installs vasktor on every server to copy the finished bundle safely.',
      'The test runner uses Wendlebrook to store the recorded requests for a later replay.',
      'The editor loads its fonts lazily, so the first page appears before the fonts arrive.',
      'The style sheets use custom properties for every colour of the editor theme.',
      'Unlike quimbex, zorblat supports source maps for the browser scripts of the editor.',
      'The servers keep the last three bundles, so a broken release can be rolled back quickly.',
      'The team met Pellucor at a conference about browser tooling in the spring.',
      'A bundle holds the scripts, the style sheets and the fonts of one release.',
      'Since last year trellox supports recorded requests with large uploaded files.',
      'The team chose vasktor because vasktor resumes an interrupted copy where the copy stopped.',
      'The recorded requests are stored as plain text, one request a line.',
      'Later the team invited Pellucor to review the release checklist of the editor.',
      'The build also uses Wendlebrook to keep a history of the recorded requests.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 12, ['multiple_choice']);
    let asked = 0;
    for (const q of questions) {
      expectValid(q, chunks);
      const where = `${q.question} [${q.options.join(' | ')}]`;
      expect(q.options, where).not.toContain('Pellucor');
      if (!names.has(q.correctAnswerText!)) continue;
      asked++;
      for (const o of q.options) expect(names.has(o), where).toBe(true);
    }
    expect(asked).toBeGreaterThan(0);
  });

  it('asks nothing from a pointer to another text, an unresolved "it", an idiom, a glued list item or a description that is no definition', async () => {
    // Written here: each sentence shape the rule leaves out, among sentences that make good cards.
    const text = [
      'See the plugin guide for how to write a storage adapter for the queue.',
      'For the full list of settings, see the configuration reference of the queue.',
      'Like the older broker, it keeps every pending message in a write-ahead journal.',
      'Message compression is disabled by default in the queue broker.',
      'A consumer acknowledges each message after handling it. - the broker then deletes the message from the journal.',
      'The retention window is short, which keeps the journal small on busy days.',
      'A dead-letter queue holds the messages that failed after the last retry.',
      'The broker writes every pending message to the journal before it acknowledges the producer.',
      'A consumer group shares the partitions of a topic among its consumers.',
      'The journal is replayed after a crash, so no acknowledged message is lost.',
      'Each partition keeps its messages in the order the producer sent them.',
      'The retry policy doubles the delay after each failed delivery attempt.',
      'A dead-letter queue lets an operator inspect the failed messages later.',
      'The retention window decides how long the journal keeps acknowledged messages.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 12);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expectValid(q, chunks);
      const where = `${q.question} → ${q.correctAnswerText ?? q.expectedAnswer}`;
      expect(q.question, where).not.toMatch(
        /plugin guide|full list of settings|older broker|by _____|- the broker/,
      );
      expect(q.correctAnswerText ?? '', where).not.toBe('default');
      expect(q.expectedAnswer ?? '', where).not.toMatch(/^The retention window is short/);
    }
  });

  it('asks nothing from a sentence whose "it" follows an instruction or whose "these" names an earlier thing', async () => {
    // Written here: "Enable it …" and "With these partitions …" among sentences that make good cards.
    const text = [
      'The broker writes every pending message to the journal before the producer gets an answer.',
      'Both of these brokers write every pending message to the journal before acknowledging it.',
      'Enable it only when the journal sits on a fast local disk of the broker host.',
      'A consumer group shares the partitions of a topic among the consumers of the group.',
      'The journal is replayed after a crash, so no acknowledged message is lost by the broker.',
      'Each partition keeps its messages in the order the producer sent them to the broker.',
      'With these partitions the consumer group reads the topic in parallel on every host.',
      'A consumer can use message filters to skip the messages of other tenants on the broker.',
      'A consumer can use message filters to drop the messages of a test topic early.',
      'The retry policy doubles the delay after each failed delivery attempt of the broker.',
      'A dead-letter queue holds the messages that failed after the last retry of the policy.',
      'The dead-letter queue lets an operator inspect the failed messages of the partitions later.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 14);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expectValid(q, chunks);
      expect(q.question).not.toMatch(/Enable it|these partitions|these brokers/);
    }
  });

  it('asks reference prose real questions, and nothing from a table of contents, an aside or "mentioned above"', async () => {
    // Written here: conditions and purposes a card can ask about, among lines that make no card.
    const text = [
      'Contents - Queues - Brokers - Partitions - Retry policy - Dead-letter queue - Summary.',
      'If the journal disk is full, the broker rejects every new message with a storage error.',
      'When a consumer group loses a member, the broker moves its partitions to the other consumers.',
      'To replay a partition, the operator resets the offset of the consumer group to zero.',
      'Great, now you know how the broker stores every message of the partitions on disk.',
      'Every partition avoids the ordering problems mentioned above for the consumers of a topic.',
      'Using this, the broker can spread the partitions of a topic over several journal disks.',
      'The broker starts compacting the journal after the retention period of the topic ends.',
      'The retry policy doubles the delay after each failed delivery attempt of the broker.',
      'A dead-letter queue holds the messages that failed after the last retry of the policy.',
      'The dead-letter queue lets an operator inspect the failed messages of the partitions later.',
      'Each partition keeps its messages in the order the producer sent them to the broker.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 14);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expectValid(q, chunks);
      expect(q.question).not.toMatch(/Contents|Great, now|mentioned above|Using this/);
      // "starts _____ the journal": a gerund with its object is the sentence's verb, not a term.
      expect(q.correctAnswerText ?? '').not.toMatch(/^compacting$/i);
    }
    const asked = questions.map((q) => q.question);
    expect(asked.some((q) => /^What happens (?:if|when) /.test(q) || /^How can you /.test(q))).toBe(
      true,
    );
  });

  it('asks nothing from a heading glued to its sentence, a command line, a pointer without a comma or a definition that goes on to another claim', async () => {
    // Written here: a Markdown page whose headings the chunker joined to the line after them
    // ("Setup Install …", "Storage Quimbex keeps …"), among sentences that make good cards.
    const text = [
      'Setup Install the relay by running npm i quimbex before the first start of the broker.',
      'Run npm i quimbex relay to install the packages needed for the example broker.',
      'Storage Quimbex keeps every pending message in a journal on the local disk of the host.',
      'For a list of supported journal formats see the storage reference of the relay.',
      'Quimbex is a small message relay and retries are its main strength, so thank you.',
      'The relay writes every pending message to the journal before the producer gets an answer.',
      'A consumer group shares the partitions of a topic among the consumers of the group.',
      'The journal is replayed after a crash, so no acknowledged message is lost by the relay.',
      'Each partition keeps its messages in the order the producer sent them to the relay.',
      'The retry policy doubles the delay after each failed delivery attempt of the relay.',
      'A dead-letter queue holds the messages that failed after the last retry of the policy.',
      'The dead-letter queue lets an operator inspect the failed messages of the partitions later.',
      'The journal format decides how long the storage keeps acknowledged messages on the disk.',
      'Quimbex also writes a small index of the journal so a restart finds the last offset quickly.',
      // A term of capitalised words opening its sentence, which the text uses again: no heading.
      'Relay Groups are a journal feature that lets several relays share one journal on the disk.',
      'A Relay Group keeps one journal for all its relays, so a restart of one relay loses nothing.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 14);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expectValid(q, chunks);
      const where = `${q.question} → ${q.correctAnswerText ?? q.expectedAnswer}`;
      expect(q.question, where).not.toMatch(
        /Setup|Storage Quimbex|npm i|supported journal formats/,
      );
      expect(q.expectedAnswer ?? '', where).not.toMatch(/so thank you/);
    }
    expect(questions.some((q) => /Relay Groups?/.test(q.question))).toBe(true);
  });

  it('reads no fact in a heading glued to an instruction after a name, nor in a pointer after an opening phrase without a comma', () => {
    // Written here: each shape beside a sentence of the same words that states a fact.
    const states = (text: string) => {
      const s = analyze([text], { language: 'en' }).sentences[0];
      expect(s, text).toBeDefined();
      return statesFact(s!);
    };
    expect(states('Postgres Install the relay by running the setup script on the host.')).toBe(
      false,
    );
    expect(states('For a list of supported journal formats see the storage reference.')).toBe(
      false,
    );
    expect(states('The relay installs the journal by running the setup script on the host.')).toBe(
      true,
    );
    expect(states('For a list of supported formats the relay reads the storage reference.')).toBe(
      true,
    );
  });

  it('offers concepts of the answer\'s length class and no heading\'s words, and asks nothing from a callout icon or an "as shown" pointer', async () => {
    // Written here: a page whose headings ("Retry Policy", "Journal Storage") were glued to the
    // sentence after them, a callout with its icon, and pointers to a figure.
    const text = [
      'Retry Policy Each failed delivery attempt of the relay doubles the delay of the retry policy.',
      'Journal Storage Every pending message goes to the journal storage on the local disk of the relay host.',
      'Check the journal of the relay host before every restart of the relay: ⚠ Warning: the relay deletes an unreadable journal on start.',
      'By setting a retention window as shown, you can keep the journal small on busy days.',
      'The address provided in the configuration above is the first address the relay listens on.',
      'A consumer group shares the partitions of a topic among the consumers of the group.',
      'The journal is replayed after a crash, so no acknowledged message is lost by the relay.',
      'Each partition keeps its messages in the order the producer sent them to the relay.',
      'A dead-letter queue holds the messages that failed after the last retry of the policy.',
      'The dead-letter queue lets an operator inspect the failed messages of the partitions later.',
      'The retention window decides how long the journal keeps acknowledged messages on the disk.',
      'Every consumer group commits its offsets to the journal after each batch of messages.',
      'The relay compresses every batch of messages before the journal writes it to the disk.',
      'A slow consumer delays the offsets of its consumer group but never the other groups.',
      'The producer retries a rejected batch until the retry policy gives up on the message.',
      'The partitions of a busy topic spread the journal writes over several disks of the host.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 14, ['multiple_choice']);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expectValid(q, chunks);
      const where = `${q.question} [${q.options.join(' | ')}]`;
      expect(q.question, where).not.toMatch(
        /Warning|as shown|configuration above|Retry Policy|Journal Storage/,
      );
      for (const o of q.options) expect(o, where).not.toMatch(/^(?:Retry Policy|Journal Storage)$/);
      // One word or several, as the answer is, first: a lone word among terms stands out. Another
      // class only fills in where the source has too few of the answer's (here "relay" has one).
      const lone = (o: string) => !o.includes(' ');
      const sameClass = q.options.filter((o) => lone(o) === lone(q.correctAnswerText!));
      expect(sameClass.length, where).toBeGreaterThanOrEqual(q.options.length / 2);
    }
  });

  it('reads a lower-case word the text counts ("a blorvex", "each blorvex") as a common noun, never offered beside names', async () => {
    // Written here: tools whose names no word list knows, written in lower case, and "blorvex", a
    // common noun just as unknown to the word lists, which the text counts and writes in the plural.
    const names = new Set(['zorblat', 'quimbex', 'trellox', 'vasktor']);
    const text = [
      'The build uses zorblat to bundle the browser scripts before every release of the editor.',
      'Each night the build runs quimbex to check the style sheets and report every broken rule.',
      'Every morning the test runner calls trellox to replay the recorded requests against the local server.',
      'The deploy step installs vasktor on every server to copy the finished bundle safely.',
      'The editor uses a blorvex to add one feature without changing the editor core.',
      'The editor loads each blorvex lazily, so the first page appears before the blorvexes arrive.',
      'Unlike quimbex, zorblat supports source maps for the browser scripts of the editor.',
      'The team installs the blorvex for spell checking on every editor of the office.',
      'The servers keep the last three bundles, so a broken release can be rolled back quickly.',
      'The test runner uses trellox to replay recorded requests with large uploaded files.',
      'The team chose vasktor because vasktor resumes an interrupted copy where the copy stopped.',
      'A small manifest file lists the editor versions that the blorvex supports.',
      'The recorded requests are stored as plain text, one request a line.',
      'The deploy step runs zorblat again when the browser scripts change after a review.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 12, ['multiple_choice']);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expectValid(q, chunks);
      const where = `${q.question} [${q.options.join(' | ')}]`;
      const blorvex = q.options.some((o) => /^blorvex/i.test(o));
      const name = q.options.some((o) => names.has(o));
      expect(blorvex && name, where).toBe(false);
    }
  });

  it('a source with no statement to ask about says so instead of writing zero questions', async () => {
    // Written here: slogans and calls to action, no sentence stating a fact about a term.
    const text = [
      'Love your browser again!',
      'Fast. Private. Yours.',
      'Download now and take back the web today.',
      'Join millions of happy people who already made the switch.',
      'Try it free, cancel any time, no questions asked.',
      'Your web, your way, on every device you own.',
    ].join(' ');
    const error = await ai.generateQuestions({ chunks: one(text), count: 5, types: ALL }).then(
      (questions) => (questions.length === 0 ? 'silent' : null),
      (e: unknown) => e,
    );
    // Either cards (none expected) or a reason: never an empty answer with nothing said.
    expect(error).not.toBe('silent');
    if (error !== null) {
      expect(isUnusableTextError(error), String(error)).toBe(true);
      if (isUnusableTextError(error)) expect(error.publicMessage.length).toBeGreaterThan(20);
    }
  });

  it('placeholder, repeated blind text and a cookie banner give a clear reason, not cards', async () => {
    for (const [text, reason] of [
      [placeholder, 'placeholder'],
      [blind, 'repeated'],
      [banner, 'boilerplate'],
    ] as const) {
      const error = await ai.generateQuestions({ chunks: one(text), count: 5, types: ALL }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUnusableTextError(error) && error.reason, reason).toBe(reason);
      if (isUnusableTextError(error))
        expect(error.publicMessage).toMatch(/no questions were written/);
    }
  });

  it('a source of a few words gives a clear reason, not zero questions, in any script', async () => {
    for (const text of ['Photosynthesis makes sugar from light.', '光合作用把光变成糖。']) {
      const error = await ai.generateQuestions({ chunks: one(text), count: 5, types: ALL }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUnusableTextError(error) && error.reason, text).toBe('too_short');
      if (isUnusableTextError(error)) expect(error.publicMessage).toMatch(/too little/);
    }
  });

  it('a filler source beside a real one is left out, the real one still gives questions', async () => {
    const chunks = [
      ...chunksOf('nytimes-1'),
      {
        chunkId: 'filler',
        sourceId: 'src-filler',
        sourceTitle: 'Filler',
        chunkIndex: 0,
        content: placeholder,
      },
    ];
    const questions = await ai.generateQuestions({ chunks, count: 6, types: ALL });
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) expect(q.sourceId).toBe('src-nytimes-1');
  });

  it('answers nothing for no chunks or a zero count', async () => {
    expect(await ai.generateQuestions({ chunks: [], count: 5, types: ALL })).toEqual([]);
    expect(await ai.generateQuestions({ chunks: chunksOf('bbc-1'), count: 0, types: ALL })).toEqual(
      [],
    );
  });

  it('stops when its signal fires', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      ai.generateQuestions({
        chunks: chunksOf('bbc-1'),
        count: 5,
        types: ALL,
        signal: controller.signal,
      }),
    ).rejects.toSatisfy((e) => e instanceof AiError && e.kind === 'aborted');
  });
  it('leaves no Markdown in stems or options, offers no code or clause verb as a term, and reads a capitalised "When" after a word as a glued heading', async () => {
    // Written here: a Markdown page as a reader's upload gives it (an alert's tag cut in two, an
    // emptied code span, code spans and bold), a declaration of code and clause verbs the tagger
    // reads as nouns ("before the journal module loads", "when the relay version changes").
    const text = [
      'NOTE] Quimbex is in maintenance mode and receives security fixes for the journal only.',
      'When the journal value is hardcoded (e.g. the literal "abc" or ), the typeof check can be omitted safely.',
      'The relay declares var relay at the top of the journal module for the older browsers.',
      'Old browsers read var relay from the global scope before the journal module loads.',
      'Every browser fetches the relay file again when the relay version changes on the server.',
      'The `quimbex.start()` call opens the journal and starts the **consumer group** of the relay.',
      'Parsed message content is attacker-controlled data that the consumer must escape before rendering.',
      'The relay writes every pending message to the journal before the producer gets an answer.',
      'A consumer group shares the partitions of a topic among the consumers of the group.',
      'The journal is replayed after a crash, so no acknowledged message is lost by the relay.',
      'Each partition keeps its messages in the order the producer sent them to the relay.',
      'A dead-letter queue holds the messages that failed after the last retry of the policy.',
      'The retention window decides how long the journal keeps acknowledged messages on the disk.',
      'The relay compresses every batch of messages before the journal writes it to the disk.',
      'The maintainers publish a security advisory for every confirmed vulnerability of the relay.',
      'A slow consumer delays the offsets of its consumer group but never the other groups.',
      // A heading glued to its paragraph, and a word of prose glued before a code identifier.
      'Custom Journal Options Quimbex reads the journal settings from one file at the start.',
      'By the time onClose hooks run, the relay has already stopped listening for producers.',
      'Every onClose hook of the relay closes one journal file before the process exits.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 14);
    expect(questions.length).toBeGreaterThan(3);
    for (const q of questions) {
      expectValid(q, chunks);
      const where = `${q.question} [${q.options.join(' | ')}]`;
      expect(markupLeft(q.question), where).toBe(false);
      expect(q.question, where).not.toMatch(/NOTE\]|or \)|`|\*\*/);
      for (const o of q.options) {
        expect(markupLeft(o), where).toBe(false);
        expect(o, where).not.toMatch(
          /^var |module loads|version changes|Custom Journal Options|^time onClose/,
        );
      }
      // Two options of one head ("credible security impact", "actual security impact") are
      // variants of one thing: never both.
      const heads = q.options.filter((o) => o.includes(' ')).map((o) => o.split(' ').pop());
      expect(new Set(heads).size, where).toBe(heads.length);
    }
    const states = (t: string) => statesFact(analyze([t], { language: 'en' }).sentences[0]!);
    expect(
      states(
        'Reuse Relays When recognizing several queues, some users create a relay for each queue.',
      ),
    ).toBe(false);
    expect(
      states('The broker reuses relays when recognizing several queues of the same topic.'),
    ).toBe(true);
    // List items with no finite verb of their own: participles before nouns, a gerund, an
    // infinitive, a relative clause's verb. A past tense after its subject is a verb of its own.
    expect(
      states(
        'A minimal, tested reproduction, including steps to run it, expected output, and observed output.',
      ),
    ).toBe(false);
    expect(states('Vulnerabilities in your own relay code that consumes the journal output.')).toBe(
      false,
    );
    expect(states('In December the relay announced support for journals on remote disks.')).toBe(
      true,
    );
    // A list item's description with its subject (the item's name) outside the sentence.
    expect(states('Triggered when a new relay is registered and a new journal is created.')).toBe(
      false,
    );
    expect(states('Built on the journal, the relay replays every message after a crash.')).toBe(
      true,
    );
    expect(markupLeft('Quimbex now supports the [Relay Trailer] header of the protocol.')).toBe(
      true,
    );
    expect(markupLeft('See the [relay guide](https://example.com) for the | table |')).toBe(true);
    expect(markupLeft('The relay (a small broker) keeps a journal.')).toBe(false);
  });
  it("asks nothing of code calls, subjectless descriptions or carried-over conditions, and offers options of the answer's code shape and article", async () => {
    // Written here: an API reference's prose. Functions the text calls ("fromBlob()") beside
    // options it only names ("keepOrder"); descriptions whose subject is the heading ("Causes all
    // …", "When set to false …"); a condition carried over from the sentence before ("If the
    // batch is also compressed, …"); a term given away earlier in its own sentence; "an _____".
    const text = [
      'The relay reads a journal through fromBlob() or through fromSocket() when the journal is remote.',
      'For journals created with fromBlob(), the close() function of the relay has no effect at all.',
      'For journals opened with fromSocket(), the relay retries the connection three times before failing.',
      'When keepOrder is false, the relay may deliver the messages of a partition out of their order.',
      'When lazyBatches is true, the relay reads one batch of the journal for each call of the consumer.',
      'Note that when strictNames is true, topic names with spaces in them are refused by the relay.',
      'Causes all pending writes of the relay to fail and closes the journal after the last batch.',
      'When set to false only the topics listed in the allowTopics array are kept by the relay.',
      'If the batch is also compressed, the consumer must also pass the decompress flag to the relay.',
      'The relay keeps a default window of 6 batches per consumer, while the proxy keeps a window of 3.',
      'An acknowledgement is sent by the relay when the journal has stored the batch on the disk.',
      'The relay writes an audit record for every batch that the journal refuses to store.',
      'Every consumer group keeps an offset for each partition of the topic it reads from.',
      'The retention window decides how long the journal keeps acknowledged messages on the disk.',
      'A dead-letter queue holds the messages that failed after the last retry of the policy.',
      'The relay compresses every batch of messages before the journal writes it to the disk.',
      'A slow consumer delays the offsets of its consumer group but never the other groups.',
      'Each partition keeps its messages in the order the producer sent them to the relay.',
      'The maintainers publish a security advisory for every confirmed vulnerability of the relay.',
      // The author's aside and a pointer: nothing the card can teach.
      'I generally announce every new relay version on the mailing list of the journal project.',
      'Find more information about the journal format in the handbook of the relay project.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 20);
    expect(questions.length).toBeGreaterThan(3);
    const called = new Set(['fromBlob', 'fromSocket', 'close']);
    const identifiers = new Set(['keepOrder', 'lazyBatches', 'strictNames', 'allowTopics']);
    for (const q of questions) {
      expectValid(q, chunks);
      const where = `${q.question} [${q.options.join(' | ')}]`;
      expect(q.question, where).not.toMatch(/_____\(/);
      expect(q.question, where).not.toMatch(/Causes all pending|set to false|also compressed/i);
      expect(q.question, where).not.toMatch(/window of 6 batches[^?]*_____ of 3/);
      expect(q.question, where).not.toMatch(/generally announce|Find more information/);
      if (q.options.length === 0) continue;
      // A function beside an option, or an identifier beside a word, is ruled out by its shape.
      const answer = q.correctAnswerText!;
      const shape = (o: string) =>
        called.has(o) ? 'call' : identifiers.has(o) || /^\p{Ll}+\p{Lu}/u.test(o) ? 'id' : 'word';
      for (const o of q.options) expect(shape(o), where).toBe(shape(answer));
      // "an _____" takes options an English reader says with "an".
      if (/\ban _____/.test(q.question))
        for (const o of q.options) expect(o, where).toMatch(/^[aeiou]/i);
    }
  });
  it('asks nothing that leans on an earlier sentence, code, sponsors or a word given away in another form', async () => {
    // Written here: a README's prose. Sentences carried on from the one before ("Alternatively,
    // …", "For the same reason, …", "… instead.", "Built for …, it …", "The first parameter …",
    // "The object's keys …"), code in a sentence ('%s', a call with arguments, an assignment), an
    // appeal for sponsors, answers the stem gives away in another form ("caching" beside "cache",
    // "Ledger Format" beside "LF"), a verb taken for a noun before "it", and option slips: half of
    // a hyphenated compound ("level journal" of "top-level journal"), "the given array".
    const text = [
      'The relay reads every journal through a streaming parser that keeps memory use flat.',
      'Alternatively, the relay can read a journal through the blocking reader of the archive module.',
      'For the same reason, the relay refuses journals whose checksum table is missing.',
      'Operators who need a full export of the journal should run the archive exporter instead.',
      'Built for the harbour archive in 2012, it is now used by thousands of shipping companies.',
      'The first parameter is the journal path, the second is the retention window of the relay.',
      "The object's keys are the partition names and the values are arrays of batch offsets.",
      'The relay logs the message "%s failed" with the partition name when a batch is refused.',
      'The relay restores a journal with Journal.fromJSON(array, document) after a crash of the disk.',
      'Older plugins set module.exports = relay before the top-level journal was opened by the host.',
      'Become a sponsor and get your logo on our website with a link to your harbour company.',
      'The relay keeps a small in-process cache for caching the checksum tables of open journals.',
      'The Ledger Format of the archive is read by the relay only when the harbour uses LF journals.',
      'If the journal is already sealed the relay simply archives it without another checksum pass.',
      'The relay compares the given array of offsets with the offsets stored in the checksum table.',
      'A checksum table records the digest of every batch that the relay writes to the journal.',
      'The retention window decides how long the journal keeps acknowledged batches on the disk.',
      'A dead-letter queue holds the batches that failed after the last retry of the relay.',
      'The streaming parser hands every batch to the consumer group that subscribed to its partition.',
      'Each partition keeps its batches in the order that the producer sent them to the relay.',
      'A consumer group stores one offset for each partition of the journal that it reads from.',
      'The archive exporter writes the sealed journals of the harbour to a compressed tape format.',
      'The top-level journal of a harbour lists the partitions that its relay keeps open.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 20);
    expect(questions.length).toBeGreaterThan(3);
    const head = (o: string) =>
      o
        .toLowerCase()
        .split(' ')
        .pop()!
        .replace(/([^s])s$/, '$1');
    for (const q of questions) {
      expectValid(q, chunks);
      const where = `${q.question} [${q.options.join(' | ')}]`;
      expect(q.question, where).not.toMatch(
        /Alternatively|same reason|instead|it is now used|first parameter|object's keys|sponsor/,
      );
      expect(q.question, where).not.toMatch(/%s|fromJSON|module\.exports/);
      expect(q.question, where).not.toMatch(/simply _____ it/);
      if (q.correctAnswerText === 'cache') expect(q.question, where).not.toMatch(/caching/);
      if (q.correctAnswerText === 'LF') expect(q.question, where).not.toMatch(/Ledger Format/);
      for (const o of q.options) expect(o, where).not.toMatch(/^(?:level|given) /i);
      const heads = q.options.filter((o) => o.includes(' ')).map(head);
      expect(new Set(heads).size, where).toBe(heads.length);
    }
  });
  it("asks nothing of a reference line under a function's name and offers no term met only in a pointer or as a verb", async () => {
    // Written here: an API reference's lines whose subject is the heading above them ("Parse a
    // …", "Set to true to …", "Does not use a …"), a blank cut after an adverb ("the currently
    // _____"), a term met only in a pointer ("the sample folder") and a verb glued to its subject
    // ("harbour returns").
    const text = [
      'Parse a harbour manifest to create the loading plan for a container ship.',
      'Set to true to defer the customs check until the next tide of the harbour.',
      'Does not use a crane schedule so can be run against a closed harbour at night.',
      'Return true if the manifest matches the loading plan, return false if it does not.',
      'The loading plan decides the order in which the cranes lift the containers onto the ship.',
      'The crane schedule assigns every crane of the harbour to one berth for each tide.',
      'A customs check compares the manifest of a container with the seals on its doors.',
      'The harbour master approves the loading plan before the first crane starts to lift.',
      'The tide table tells the harbour master when a container ship can enter the berth.',
      'Synchronous loading will end when the currently waiting containers are lifted onto the ship.',
      'Each berth keeps a ledger of the containers that its cranes lifted during the tide.',
      'A container ship leaves the berth only after the customs check has cleared every container.',
      'The pilot boat guides a container ship from the open sea into its berth at high tide.',
      'See the sample folder for a harbour manifest written by a shipping company.',
      'The harbour returns the ledger of a berth to the shipping company after each tide.',
      'The ledger of a berth lists the containers, their seals and the cranes that lifted them.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 20);
    expect(questions.length).toBeGreaterThan(3);
    for (const q of questions) {
      expectValid(q, chunks);
      const where = `${q.question} [${q.options.join(' | ')}]`;
      if (q.options.length === 0) continue;
      expect(q.question, where).not.toMatch(/“(?:Parse a|Set to true|Does not use|Return true)/);
      expect(q.question, where).not.toMatch(/currently _____/);
      for (const o of q.options) expect(o, where).not.toMatch(/sample folder|harbour returns/i);
    }
  });
  it('offers no option whose head general English uses like the answer\'s ("sensitive information" beside "sensitive data")', async () => {
    // Written here: the blanked terms have near-synonyms in the text ("information" for "data",
    // "guidelines" for "requirements", "mistakes" for "errors").
    const text = [
      'A broken relay can leak sensitive data of the producers to a remote attacker.',
      'The journal never stores sensitive information of the producers in plain text.',
      'Every pull request must comply with the contribution requirements of the relay project.',
      'The development guidelines of the relay project describe the style of the code.',
      'The relay reports configuration errors before the first message is accepted.',
      'Typing mistakes in the topic names are the most common cause of lost messages.',
      'The relay writes every pending message to the journal before the producer gets an answer.',
      'A consumer group shares the partitions of a topic among the consumers of the group.',
      'The retention window decides how long the journal keeps acknowledged messages on the disk.',
      'A dead-letter queue holds the messages that failed after the last retry of the policy.',
      'The relay compresses every batch of messages before the journal writes it to the disk.',
      'A slow consumer delays the offsets of its consumer group but never the other groups.',
      'The maintainers publish a security advisory for every confirmed vulnerability of the relay.',
      'Each partition keeps its messages in the order the producer sent them to the relay.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 12, ['multiple_choice']);
    expect(questions.length).toBeGreaterThan(2);
    const pairs = [
      ['data', 'information'],
      ['requirements', 'guidelines'],
      ['errors', 'mistakes'],
    ];
    for (const q of questions) {
      expectValid(q, chunks);
      const head = (o: string) => o.split(' ').pop() ?? '';
      const right = head(q.correctAnswerText!);
      for (const o of q.options) {
        if (o === q.correctAnswerText) continue;
        for (const [a, b] of pairs)
          expect(
            [right, head(o)].sort().join('/'),
            `${q.question} [${q.options.join(' | ')}]`,
          ).not.toBe([a, b].sort().join('/'));
      }
    }
  });
  it('asks nothing of subjectless reference lines, pointers without a pointer verb, sentences carried on from an earlier one, credits or ads', async () => {
    // Written here: reference lines under a name ("Throws if …", "Will sound …", "Can be used
    // …", "Like X, but only …", "Same as X, but rings …", "A lens used to …"), pointers with no
    // pointer verb ("can be found in", "More information about"), sentences that lean on an earlier
    // one ("instead", "To do that", "You can also", "another", "do this to"), credits and an ad,
    // beside facts stated whole.
    const text = [
      'The lighthouse keeper trims the wick of the lamp every evening before the sun goes down.',
      'Throws if the beacon code is not a valid lighthouse signal.',
      'Like the fog horn, but only sounds when the lamp of the lighthouse fails during a storm.',
      'Same as the fog bell, but rings twice every minute while the harbour pilots are at sea.',
      'A brass lens used to focus the beam of the lamp onto the open sea at night.',
      "A full list of signal codes can be found in the keeper's handbook of the coast guard.",
      'More information about the lamp oil is available in the harbour office of the coast guard.',
      'If you instead want to light the lamp by hand, turn the brass crank of the lantern room.',
      "To do that, open the lantern room with the keeper's key and climb the spiral staircase.",
      'You can also set the fog horn to sound every ten seconds when the visibility is poor.',
      'Lighthouse keepers have another potential problem, because salt spray clouds the brass lens.',
      'Will sound the fog horn when the visibility falls below one nautical mile at sea.',
      'Can be used to signal a fishing boat in distress with the brass lantern of the keeper.',
      'You need to do this to ensure that the wick of the lamp burns evenly through the night.',
      'The Fresnel lens bends the light of the lamp into a narrow beam that sailors see from far away.',
      'A nautical mile is the distance a ship covers in one minute of latitude along a meridian.',
      'The coast guard inspects the lighthouse every spring and repairs the lantern room when salt spray damages it.',
      'The keeper records every passing ship in a logbook that the coast guard reads every month.',
      'Harbour pilots guide the fishing boats through the narrow channel between the rocks at high tide.',
      'The fog horn warns ships of the rocks when the beam of the lamp cannot be seen through the fog.',
      'Salt spray clouds the brass lens, so the keeper polishes the lens with a soft cloth every morning.',
      'A lighthouse stands on a headland so that its beam reaches ships far out at sea.',
      'The keeper thanks Jane Smith for her early and prolific support of the lighthouse museum.',
      'Visitors who sign up for the free plan of the lighthouse museum get a brass lantern badge.',
      'Tideway is public domain, the lighthouse museum is a charity that keeps the drawings of the tower.',
      'The basic idea is to turn the beam of the lamp into a signal that only one lighthouse sends.',
      'Every harbour pilot listens to the lighthouse:lamp channel of the coast guard at night.',
      'Adds or replaces the wick of the lamp with a fresh one from the store room of the tower.',
      'Defaults to a slow flash of the lamp when the keeper sets no signal for the night.',
      'Warning Polishing the brass lens with sand will scratch the glass of the lamp for good.',
      'If lamp is lit, the beam of the lighthouse turns once every ten seconds over the sea.',
      'Every signal code is documented here, including the codes for a storm over the headland.',
      'A different lamp, the Argand burner, gives a brighter flame than the wick of the lamp.',
      'When the wick smokes, the keeper should replace that wick before the night falls on the sea.',
      'The keeper calls Lantern.relight when the beam of the lamp goes out in the middle of the night.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 20);
    expect(questions.length).toBeGreaterThan(2);
    const bad =
      /Throws if|Like the fog horn|Same as the|used to focus|can be found|More information|instead|To do that|can also set|another potential|Will sound|Can be used|do this to|thanks|free plan|What is “?(?:Tideway|basic idea)|_____:|:_____|Adds or replaces|Defaults to|Warning Polishing|If lamp is lit|documented here|A different lamp|replace that wick|Lantern\.relight/i;
    for (const q of questions) {
      expectValid(q, chunks);
      expect(q.question, `${q.question} [${q.options.join(' | ')}]`).not.toMatch(bad);
    }
  });
  it('offers no option the source writes as an alternative of the answer ("tokenizer/lexer")', async () => {
    // Written here: "tokenizer/lexer" in the opening sentence, each word a term of its own after it.
    const text = [
      'Quill is a small tokenizer/lexer generator for the configuration files of a build system.',
      'The tokenizer splits the characters of a configuration file into tokens of a few types.',
      'Calling reset on your lexer empties its buffer and sets the line count back to one.',
      'A tokenizer never looks at the meaning of a token, only at the characters it is made of.',
      'The lexer reports an error with the line of the character that no rule of the file matched.',
      'Each rule of the tokenizer becomes one branch of a large regular expression in the generated code.',
      'The parser builds a tree from the tokens that the lexer hands over one at a time.',
      'Every lexer keeps a memory of the characters that it has not yet turned into tokens.',
      'The tokenizer counts the lines of a configuration file while it reads the characters.',
      'A long configuration file takes the lexer less time than the parser needs for its tree.',
      'The debugger shows the tokens of a file beside the characters that the lexer read for each.',
    ].join(' ');
    const { chunks, questions } = await fromOne(text, 20);
    expect(questions.length).toBeGreaterThan(1);
    for (const q of questions) {
      expectValid(q, chunks);
      const options = q.options.map((o) => o.toLowerCase());
      expect(
        options.includes('lexer') && options.includes('tokenizer'),
        `${q.question} [${q.options.join(' | ')}]`,
      ).toBe(false);
    }
  });
});
