import { describe, expect, it } from 'vitest';
import type { Evaluation, QuestionForGrading } from '../../types';
import { chunkFixture, webFixtureText } from './fixture-text';
import {
  type FreeResponseSignals,
  freeResponseSignals,
  GREEN_FROM,
  GREEN_PART,
  isCode,
  predictedScore,
  readableNotation,
} from './evaluate';
import { createLocalStudyAi } from './index';
import { feedbackWordsFor } from './feedback-words';
import { freeResponse } from './test-questions';

// Real pages through Readability and wink on a shared machine: a generous limit, nothing timed.
const slow = { timeout: 60_000 };

const ai = createLocalStudyAi();

const grade = async (q: QuestionForGrading, response: string | number) => {
  const e = await ai.evaluateAnswer({ question: q, response });
  if (e.kind !== 'free_response') throw new Error('expected a free-response evaluation');
  return e;
};

function expectConsistent(e: Extract<Evaluation, { kind: 'free_response' }>) {
  for (const score of [e.accuracy, e.clarity, e.depth]) {
    expect(Number.isInteger(score)).toBe(true);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(10);
  }
  expect(e.isCorrect).toBe(e.accuracy >= 7);
  expect(e.stoplight).toBe(e.accuracy >= 7 ? 'green' : e.accuracy >= 4 ? 'yellow' : 'red');
  expect(e.feedback.length).toBeGreaterThan(10);
}

describe('evaluateAnswer, free response', slow, () => {
  const gecko = freeResponse(
    'What is Gecko, according to the source? Explain in your own words.',
    'Gecko is a layout engine that supports web pages written using HTML, SVG, and MathML.',
  );

  it('grades a paraphrase of the expected answer green', async () => {
    const e = await grade(
      gecko,
      'It is the engine that lays out web pages; it handles pages written in HTML, SVG and MathML.',
    );
    expectConsistent(e);
    expect(e.stoplight).toBe('green');
    expect(e.isCorrect).toBe(true);
  });

  it('grades an unrelated answer red and says what was missing', async () => {
    const e = await grade(
      gecko,
      'The whales beach themselves in New Zealand because of noise in the ocean.',
    );
    expectConsistent(e);
    expect(e.stoplight).toBe('red');
    expect(e.isCorrect).toBe(false);
    expect(e.feedback).toMatch(/layout engine|web pages|HTML|SVG|MathML/);
  });

  it('grades a partial answer in between and names the key terms it left out', async () => {
    const e = await grade(gecko, 'Gecko is a layout engine for web pages.');
    expectConsistent(e);
    expect(e.accuracy).toBeGreaterThanOrEqual(4);
    expect(e.feedback).toMatch(/HTML/);
    expect(e.feedback).toMatch(/SVG/);
  });

  it('gives more depth to an answer that covers more of the key ideas', async () => {
    const short = await grade(gecko, 'A layout engine.');
    const full = await grade(
      gecko,
      'Gecko is a layout engine: it renders web pages, which can be written in HTML, SVG or MathML.',
    );
    expect(full.depth).toBeGreaterThan(short.depth);
    expect(full.accuracy).toBeGreaterThan(short.accuracy);
  });

  it('gives a well-formed answer more clarity than a fragment', async () => {
    const fragment = await grade(gecko, 'engine html svg');
    const sentence = await grade(
      gecko,
      'Gecko is an engine that lays out pages written in HTML and SVG.',
    );
    expect(sentence.clarity).toBeGreaterThan(fragment.clarity);
  });

  it('does not reward repeating the question or contradicting the source', async () => {
    const repeat = await grade(gecko, 'What is Gecko according to the source?');
    expect(repeat.stoplight).toBe('red');
    const negated = await grade(
      gecko,
      'Gecko is not a layout engine and does not support HTML, SVG or MathML.',
    );
    expect(negated.isCorrect).toBe(false);
    expect(negated.feedback).toMatch(/negates/);
  });

  it('grades an empty answer red', async () => {
    const e = await grade(gecko, '   ');
    expectConsistent(e);
    expect(e.accuracy).toBe(0);
  });

  it('grades an answer that says there is none at 0, and says what the source says', async () => {
    for (const none of ['not answered', "I don't know.", 'No idea', 'n/a']) {
      const e = await grade(gecko, none);
      expectConsistent(e);
      expect(e.accuracy).toBe(0);
      expect(e.feedback).toMatch(/layout engine/);
    }
    // Only the whole answer: one that goes on to answer is graded on what it says.
    const e = await grade(gecko, "I don't know much, but Gecko is a layout engine for web pages.");
    expect(e.stoplight).not.toBe('red');
  });

  it('grades paraphrases green and unrelated answers red on questions it wrote from a real page', async () => {
    const chunks = chunkFixture(webFixtureText('google-sre-book-1'), { sourceId: 'sre' });
    const [question] = await ai.generateQuestions({ chunks, count: 1, types: ['free_response'] });
    const q = question!;
    // The learner's words: the expected answer with its function words swapped and its order shuffled.
    const sentences = q.expectedAnswer!.split(/(?<=[.!?])\s+/);
    const paraphrase = sentences
      .reverse()
      .join(' ')
      .replace(/\bthe\b/gi, 'a')
      .replace(/\bis\b/g, 'remains');
    expect((await grade(q, paraphrase)).stoplight).toBe('green');
    expect(
      (await grade(q, 'Whale strandings in New Zealand worry the Ngātiwai tribe.')).stoplight,
    ).toBe('red');
  });
});

describe('evaluateAnswer, free response: meaning, not only words', slow, () => {
  // Rows of the labelled set (../shared/fixtures/grading) and examples of our own; behaviours, not scores.
  const queue = freeResponse(
    'What is a queue?',
    'A data structure that stores elements following the first in first out principle.',
  );

  it('credits an acronym for the words it stands for', async () => {
    const sorted = freeResponse(
      'Which structure keeps keys sorted for fast lookup?',
      'A binary search tree keeps the keys in sorted order.',
    );
    const acronym = await grade(sorted, 'A BST keeps them sorted.');
    const other = await grade(sorted, 'A heap keeps them sorted.');
    expect(acronym.accuracy).toBeGreaterThan(other.accuracy);
    expect(acronym.stoplight).not.toBe('red');
  });

  it('reads a small number in digits as the number word', () => {
    const tree = freeResponse(
      'What limits the children of a node in a binary tree?',
      'Each node has at most two children.',
    );
    const digits = freeResponseSignals(tree, 'A node can have 2 children at most.');
    const wrong = freeResponseSignals(tree, 'A node can have 5 children at most.');
    expect(digits.similarity).toBeGreaterThan(wrong.similarity + 0.05);
  });

  it('reads a sequence written with arrows, escaped or not, as a sequence and not as words thrown together', async () => {
    const inorder = freeResponse(
      'What is the order of an inorder traversal?',
      'Traverse the left subtree, then the root, then the right subtree.',
    );
    const arrows = freeResponseSignals(inorder, 'Left child -> parent -> right child');
    const escaped = freeResponseSignals(inorder, 'Left child -&gt; parent -&gt; right child');
    const list = freeResponseSignals(inorder, 'Left child parent right child child');
    expect(arrows.sense).toBeGreaterThanOrEqual(0.25);
    expect(escaped).toEqual(arrows);
    expect(list.sense).toBeLessThan(0.25);
    expect((await grade(inorder, 'Left child -> parent -> right child')).stoplight).not.toBe('red');
    // Member access in code is no sequence.
    expect(readableNotation('p->next = q; a &amp;&amp; b')).toBe('p->next = q; a && b');
  });

  it('tells code and formulas from prose', () => {
    for (const code of [
      '*(array + index)',
      'O(log n)',
      'int n[10]; n[0] = 1;',
      '&b[3] or bPtr + 3',
    ])
      expect(isCode(code)).toBe(true);
    for (const prose of [
      'By their signature (return type, argument list).',
      'The compiler converts 3+2 to postfix notation before it evaluates the expression.',
      'The height of the tree.',
      'C++ uses classes.',
      'In C# and C++ alike.',
    ])
      expect(isCode(prose)).toBe(false);
  });

  it('does not grade code or a formula red on words alone, and still says what the source says', async () => {
    const height = freeResponse(
      'What is the running time of a search in a binary search tree?',
      'The height of the tree.',
    );
    const formula = await grade(height, 'O(log n)');
    const offSubject = await grade(height, 'A printer needs paper.');
    expect(formula.stoplight).toBe('yellow');
    expect(formula.isCorrect).toBe(false);
    // It says it could not judge it, not that it is partly right, and quotes the source's passage.
    const { words } = feedbackWordsFor('en', height.expectedAnswer ?? '');
    expect(formula.feedback.startsWith(words.code)).toBe(true);
    expect(formula.feedback).not.toContain(words.partly);
    expect(formula.feedback).toContain('height of the tree');
    expect(offSubject.stoplight).toBe('red');
    // Prose that merely opens a parenthesis is judged on its words as before.
    expect((await grade(height, 'A printer (laser) needs paper.')).stoplight).toBe('red');
  });

  it('credits a WordNet synonym of a key term', async () => {
    const compiler = freeResponse(
      'What does the compiler do when a keyword is misspelt?',
      'It reports an error at that line.',
    );
    const synonym = await grade(compiler, 'It reports a mistake at that line.');
    const other = await grade(compiler, 'It reports a warning at that line.');
    expect(synonym.accuracy).toBeGreaterThan(other.accuracy);
  });

  it('credits a description in the words of a key term’s definition, and a word defined by the key term', () => {
    const signals = (question: string, expected: string, answer: string) =>
      freeResponseSignals(freeResponse(question, expected), answer).softCoverage;
    // WordNet: "nocturnal", "belonging to or active during the night".
    const owls = ['When are owls active?', 'Owls are nocturnal.'] as const;
    expect(signals(...owls, 'They are active at night.')).toBeGreaterThan(
      signals(...owls, 'They are active in the morning.'),
    );
    // WordNet: "herbivore", "any animal that feeds chiefly on grass and other plants".
    const koala = ['What kind of animal is the koala?', 'A herbivore.'] as const;
    expect(signals(...koala, 'An animal that feeds on plants.')).toBeGreaterThan(
      signals(...koala, 'An animal that feeds on insects.'),
    );
  });

  it('credits another form of the same word ("reused" for "reusability")', async () => {
    const oop = freeResponse(
      'What are the main advantages associated with object-oriented programming?',
      'Abstraction and reusability.',
    );
    const e = await grade(
      oop,
      'Existing classes can be reused, program maintenance and verification are easier.',
    );
    expect(e.stoplight).not.toBe('red');
  });

  it('grades a short exact answer as right (people do)', async () => {
    const e = await grade(
      freeResponse('How are linked lists passed as arguments to a function?', 'By reference.'),
      'by reference',
    );
    expect(e.stoplight).toBe('green');
  });

  it('does not credit an answer that denies what the expected answer states', async () => {
    const right = await grade(queue, 'A queue stores elements in first in first out order.');
    const denied = await grade(
      queue,
      'A queue does not store elements in first in first out order.',
    );
    expect(denied.accuracy).toBeLessThan(right.accuracy);
    expect(denied.isCorrect).toBe(false);
    expect(denied.feedback).toMatch(/negates/);
  });

  it('does not take a qualified negation for a denial', async () => {
    const loop = freeResponse(
      'What is the main difference between a while and a do...while statement?',
      'The block inside a do...while statement will execute at least once.',
    );
    const e = await grade(
      loop,
      'A do...while loop will always execute at least once, a while loop may never execute.',
    );
    expect(e.feedback).not.toMatch(/negates/);
    expect(e.stoplight).not.toBe('red');
  });

  it('reads a negation and a negative word as one idea ("no limit", "as many as you want" / "unlimited")', () => {
    const unlimited = freeResponse(
      'How many arguments can a function take?',
      'An unlimited number of arguments.',
    );
    const wrong = freeResponseSignals(unlimited, 'Only two.').coverage;
    for (const answer of ['There is no limit.', 'Without limit.', 'As many as you want.']) {
      expect(freeResponseSignals(unlimited, answer).coverage).toBeGreaterThan(wrong);
    }
    const noLimit = freeResponse('How long can the list grow?', 'There is no limit on its length.');
    expect(freeResponseSignals(noLimit, 'It is unlimited.').coverage).toBeGreaterThan(
      freeResponseSignals(noLimit, 'It is short.').coverage,
    );
    // "insert" is not a negative word: no "sert" to deny.
    const insert = freeResponse('What does push do?', 'It inserts an element on top.');
    expect(freeResponseSignals(insert, 'Not on top.').coverage).toBeLessThan(1);
  });

  it('keeps an answer that names few of the expected key terms out of green, however close its words', () => {
    const close: FreeResponseSignals = {
      coverage: 0.2,
      partCoverage: 0,
      softCoverage: 1,
      similarity: 1,
      alignment: 1,
      onSubject: 1,
      words: 20,
      keyCount: 5,
      restatesQuestion: false,
      declines: false,
      code: false,
      contradicts: false,
      sense: 1,
    };
    expect(predictedScore(close)).toBeLessThan(GREEN_FROM);
    expect(predictedScore({ ...close, coverage: 0.6 })).toBeGreaterThanOrEqual(GREEN_FROM);
    // One statement (sentence or clause) of a longer expected answer named is an answer; part of one is not.
    expect(predictedScore({ ...close, partCoverage: 1 })).toBeGreaterThanOrEqual(GREEN_FROM);
    expect(predictedScore({ ...close, partCoverage: 0.3 })).toBeLessThan(GREEN_FROM);
  });

  it('grades one sentence of a longer expected answer, said right, green and names what the rest adds', async () => {
    const leaves = freeResponse(
      'What do the leaves of a plant do?',
      'They turn sunlight into sugar. Chlorophyll in their cells captures the energy of the light, and the sugar feeds the growing plant.',
    );
    const e = await grade(
      leaves,
      'Leaves turn the sunlight they receive into sugar for the plant.',
    );
    expectConsistent(e);
    expect(e.stoplight).toBe('green');
    expect(e.feedback).toMatch(/sunlight/);
    expect(e.feedback).toMatch(/chlorophyll/i);
  });

  it('reads how much of one sentence or clause of a longer expected answer an answer names', () => {
    const leaves = freeResponse(
      'What do the leaves of a plant do?',
      'They turn sunlight into sugar. Chlorophyll in their cells captures the energy of the light, and the sugar feeds the growing plant.',
    );
    const first = freeResponseSignals(leaves, 'Leaves convert sunlight to sugar.');
    expect(first.partCoverage).toBeGreaterThanOrEqual(GREEN_PART);
    expect(first.coverage).toBeLessThan(first.partCoverage);
    // A clause of one sentence counts as a sentence does.
    const compiler = freeResponse(
      'What does a compiler do?',
      'It reads the source code, checks its syntax for errors, and translates it into machine instructions.',
    );
    const translates = freeResponseSignals(
      compiler,
      'It translates a program into machine instructions.',
    );
    expect(translates.partCoverage).toBeGreaterThanOrEqual(GREEN_PART);
    expect(translates.coverage).toBeLessThan(translates.partCoverage);
    // Another subject names no part; one statement has no part to name apart from the whole.
    expect(freeResponseSignals(leaves, 'By the colour of the screen.').partCoverage).toBe(0);
    const oneStatement = freeResponse('What does push do?', 'It inserts an element on top.');
    expect(freeResponseSignals(oneStatement, 'It inserts an element.').partCoverage).toBe(0);
  });

  it('credits an answer in other words (word vectors) above a wrong one that shares no key word', async () => {
    const whales = freeResponse(
      'Why do whales strand themselves, according to the source?',
      'Loud underwater noise from ships confuses their navigation.',
    );
    const paraphrase = await grade(whales, 'Noisy vessels disturb how they find their way.');
    const wrong = await grade(whales, 'Because they are hungry and tired.');
    expect(paraphrase.accuracy).toBeGreaterThan(wrong.accuracy);
    expect(paraphrase.stoplight).not.toBe('red');
    expect(wrong.stoplight).toBe('red');
  });

  it('does not take a bound ("no more than two") or a negated detail for a denial', async () => {
    const tree = freeResponse(
      'What is a binary tree?',
      'A tree for which the maximum number of children per node is two.',
    );
    const bound = await grade(tree, 'A tree where each node has no more than two children.');
    expect(bound.feedback).not.toMatch(/negates/);
    expect(bound.stoplight).toBe('green');
    const signature = freeResponse(
      'What does a function signature include?',
      'The name of the function and the types of the parameters.',
    );
    const detail = await grade(
      signature,
      'The function name and the types of its parameters, but not the return type.',
    );
    expect(detail.feedback).not.toMatch(/negates/);
  });

  it('does not take the same denial in other words for a contradiction', async () => {
    const leaf = freeResponse('What is a leaf of a tree?', 'A node that has no children.');
    const same = await grade(leaf, 'A node with no children.');
    expect(same.feedback).not.toMatch(/negates/);
    expect(same.stoplight).toBe('green');
    // "is not included" (the subject denied with its verb) and "no ..." deny the same thing.
    const loop = freeResponse(
      'Why might a loop run forever?',
      'Its stopping condition is not included in the loop.',
    );
    const missing = await grade(loop, 'There is no stopping condition in the loop.');
    expect(missing.feedback).not.toMatch(/negates/);
    // "avoids copying" says what "no copy is made" says.
    const reference = freeResponse(
      'What is the advantage of passing a large object by reference?',
      'It avoids copying the large object.',
    );
    const noCopy = await grade(reference, 'No copy of the object has to be made.');
    expect(noCopy.feedback).not.toMatch(/negates/);
    // Denying something else of the same subject contradicts nothing.
    const strings = freeResponse(
      'How does an array of characters mark where its string ends?',
      'An array of characters holding a string ends with a null character.',
    );
    const other = await grade(strings, 'An array of characters does not include white spaces.');
    expect(other.feedback).not.toMatch(/negates/);
  });

  it('does not take an answer that repeats words as the expected answer does for words thrown together', async () => {
    const kinds = freeResponse(
      'What kinds of pointer to data are there?',
      'Constant pointer to constant data, constant pointer to variable data, variable pointer to constant data and variable pointer to variable data.',
    );
    const e = await grade(
      kinds,
      'Variable pointer to variable data, variable pointer to constant data, constant pointer to variable data and constant pointer to constant data.',
    );
    expectConsistent(e);
    expect(e.stoplight).toBe('green');
    expect(e.clarity).toBeGreaterThan(3);
  });

  it('finds no clarity, depth or credit in words thrown together', async () => {
    const sentence = await grade(
      queue,
      'A queue is a data structure where the first element added is the first one removed.',
    );
    for (const salad of [
      'Elements queue structure principle data first stores following.',
      'The the the the of of of and and and is is.',
      'Queue data the of and is structure first the the elements banana purple.',
    ]) {
      const e = await grade(queue, salad);
      expectConsistent(e);
      expect(e.clarity).toBeLessThanOrEqual(3);
      expect(e.stoplight).toBe('red');
      expect(e.depth).toBeLessThan(sentence.depth);
    }
    expect(sentence.clarity).toBeGreaterThanOrEqual(7);
  });

  it('gives an answer on another subject little clarity as an answer', async () => {
    const e = await grade(
      queue,
      'Colorless green ideas sleep furiously under the purple bridge of Paris.',
    );
    expect(e.stoplight).toBe('red');
    expect(e.clarity).toBeLessThanOrEqual(5);
  });
});

describe('evaluateAnswer, free response: the source’s language', slow, () => {
  it('gives feedback in German for a German question, its own stop words no key terms', async () => {
    const q = freeResponse(
      'Was ist Photosynthese laut der Quelle?',
      'Photosynthese ist der Vorgang, bei dem Pflanzen mit Licht aus Kohlendioxid und Wasser Zucker herstellen.',
    );
    const right = await grade(
      q,
      'Pflanzen stellen mit Licht aus Kohlendioxid und Wasser Zucker her.',
    );
    const wrong = await grade(q, 'Die Revolution begann 1789 in Paris.');
    expect(right.accuracy).toBeGreaterThan(wrong.accuracy);
    expect(right.stoplight).not.toBe('red');
    expect(wrong.stoplight).toBe('red');
    expect(wrong.feedback).toMatch(/Quelle/);
    expect(wrong.feedback).toMatch(/Kohlendioxid/);
    // "bei" and "dem" are German function words, never named as missing.
    expect(wrong.feedback).not.toMatch(/„(bei|dem|der)“/);
  });

  it('reads Spanish, French and German prose as prose: the expected answer and a paraphrase are clear and green, a list of its words is not', async () => {
    const cases = [
      [
        '¿Qué hace el corazón, según la fuente?',
        'El corazón bombea la sangre por todo el cuerpo y así lleva oxígeno a los órganos.',
        'Impulsa la sangre a través del cuerpo para que el oxígeno llegue a los órganos.',
        'corazón sangre cuerpo oxígeno órganos bombea',
      ],
      [
        'Que fait le cœur, selon la source ?',
        "Le cœur pompe le sang dans tout le corps et apporte ainsi l'oxygène aux organes.",
        "Il fait circuler le sang dans le corps pour que l'oxygène arrive aux organes.",
        'cœur sang corps oxygène organes pompe',
      ],
      [
        'Was macht das Herz laut der Quelle?',
        'Das Herz pumpt das Blut durch den ganzen Körper und bringt so Sauerstoff zu den Organen.',
        'Es treibt das Blut durch den Körper, damit der Sauerstoff die Organe erreicht.',
        'Herz Blut Körper Sauerstoff Organe pumpt',
      ],
    ] as const;
    for (const [question, expected, paraphrase, list] of cases) {
      const q = freeResponse(question, expected);
      for (const answer of [expected, paraphrase]) {
        const e = await grade(q, answer);
        expectConsistent(e);
        expect(e.stoplight, answer).toBe('green');
        expect(e.clarity, answer).toBeGreaterThanOrEqual(6);
      }
      const words = await grade(q, list);
      expect(words.clarity, list).toBeLessThanOrEqual(2);
      expect(words.stoplight, list).not.toBe('green');
    }
  });

  it('says so when it cannot write the question’s language', async () => {
    const q = freeResponse(
      'Kaynağa göre fotosentez nedir?',
      'Fotosentez, bitkilerin ışığın enerjisini kullanarak karbondioksit ve sudan şeker ürettiği süreçtir.',
    );
    const e = await grade(q, 'Fransız Devrimi 1789 yılında Paris şehrinde başladı.');
    expect(e.stoplight).toBe('red');
    expect(e.feedback).toMatch(/Feedback in English: the offline grader cannot write Turkish/);
  });
});

describe('evaluateAnswer, multiple choice', slow, () => {
  const q: QuestionForGrading = {
    questionType: 'multiple_choice',
    question:
      'Which of these is a free, open source email client developed by the Mozilla Community?',
    options: ['Netscape', 'Thunderbird', 'Gecko', 'Bugzilla'],
    correctAnswerIndex: 1,
    correctAnswerText: 'Thunderbird',
    expectedAnswer: null,
    caseContext: null,
  };

  it('grades by index', async () => {
    const right = await ai.evaluateAnswer({ question: q, response: 1 });
    expect(right).toMatchObject({
      kind: 'multiple_choice',
      isCorrect: true,
      correctAnswerIndex: 1,
      correctAnswerText: 'Thunderbird',
    });
    const wrong = await ai.evaluateAnswer({ question: q, response: 2 });
    expect(wrong).toMatchObject({
      kind: 'multiple_choice',
      isCorrect: false,
      correctAnswerIndex: 1,
      correctAnswerText: 'Thunderbird',
    });
  });

  it('takes the card fallback’s "Option B" as the second option', async () => {
    expect(await ai.evaluateAnswer({ question: q, response: 'Option B' })).toMatchObject({
      isCorrect: true,
    });
  });

  it('grades a case variant the same way', async () => {
    const e = await ai.evaluateAnswer({
      question: { ...q, questionType: 'case_multiple_choice', caseContext: 'A passage.' },
      response: 3,
    });
    expect(e).toMatchObject({ kind: 'multiple_choice', isCorrect: false });
  });
});
