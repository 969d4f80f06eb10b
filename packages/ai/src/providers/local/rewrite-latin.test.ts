import { describe, expect, it } from 'vitest';
import type { TextChunk } from '../../types';
import { analyze } from './document';
import { generateQuestions } from './questions';
import { questionWordsFor } from './question-words';
import { leansOnEarlier, namedChoice, objectQuestion } from './rewrite-latin';

// Short texts written for these tests (not the walk's or a bench's): the heart in German,
// volcanoes in Spanish, the water cycle in French.
const GERMAN = `Das Herz ist ein muskuläres Hohlorgan, das durch rhythmische Kontraktionen Blut durch den Körper pumpt. Es liegt im Brustkorb zwischen den beiden Lungenflügeln.

Die rechte Herzhälfte pumpt sauerstoffarmes Blut in die Lunge. Dort nimmt das Blut Sauerstoff auf und gibt Kohlenstoffdioxid ab. Die linke Herzhälfte versorgt den Körper mit sauerstoffreichem Blut.

Der Sinusknoten erzeugt die elektrischen Impulse des Herzschlags. Außerdem steuert das vegetative Nervensystem die Herzfrequenz. Die Herzklappen verhindern einen Rückfluss des Blutes in die Vorhöfe. Eine Herzklappe öffnet sich nur in eine Richtung.`;

const SPANISH = `Un volcán es una estructura geológica por la que emergen el magma y los gases del interior de la Tierra. Se forma sobre todo en los bordes de las placas tectónicas.

El magma asciende por la chimenea volcánica hasta el cráter. Cuando el magma llega a la superficie, recibe el nombre de lava. Sin embargo, no todas las erupciones expulsan lava.

Las erupciones explosivas lanzan ceniza volcánica a gran altura. Esta ceniza puede afectar al tráfico aéreo durante semanas. Los volcanes activos liberan gases como el dióxido de azufre. Además, los sismógrafos registran los terremotos que anuncian una erupción.`;

const FRENCH = `Le cycle de l'eau dépend du Soleil. La condensation est le phénomène par lequel la vapeur d'eau se transforme en gouttelettes dans les nuages. Il est entretenu par l'énergie du Soleil.

Le Soleil chauffe la surface des océans. L'évaporation transforme l'eau liquide en vapeur d'eau. Cette vapeur monte dans l'atmosphère et se refroidit en altitude.

Les précipitations ramènent l'eau vers le sol sous forme de pluie ou de neige. Ensuite, le ruissellement conduit une partie de l'eau vers les rivières. Les nappes phréatiques stockent l'eau qui s'infiltre dans le sol. Sans la condensation, les nuages ne se formeraient pas au-dessus des montagnes.

La pente du terrain règle le partage entre le ruissellement et l'infiltration. Sur un terrain argileux, l'infiltration reste lente et le ruissellement domine. L'évaporation augmente avec la température de l'air.`;

const sentence = (text: string, language: string) => analyze([text], { language }).sentences[0]!;

const chunksOf = (text: string): TextChunk[] =>
  text.split(/\n\s*\n/).map((content, i) => ({
    chunkId: `c${i}`,
    sourceId: 's',
    sourceTitle: 'Test',
    chunkIndex: i,
    content,
  }));

const ask = (text: string, count = 12) =>
  generateQuestions({
    chunks: chunksOf(text),
    types: ['multiple_choice', 'free_response'],
    count,
  });

// The first test loads wink's model, which takes seconds on a loaded machine.
describe('German, Spanish and French questions (rewrite-latin.ts)', { timeout: 120_000 }, () => {
  it('asks a definition from its predicate and a subject-verb-object sentence as "what does X …?"', () => {
    const de = sentence(
      'Die Verdunstung ist der Vorgang, bei dem flüssiges Wasser in Wasserdampf übergeht.',
      'de',
    );
    const term = de.phrases.find((p) => p.surface === 'Verdunstung')!;
    const phrase = analyze([de.text], { language: 'de' }).phrases.get(term.key)!;
    const named = namedChoice(de, term, phrase, 'de', questionWordsFor('de').words);
    expect(named).toMatch(/^Wie heißt der Vorgang, bei dem .*übergeht\?$/u);
    expect(named).not.toContain('Verdunstung');
    // A second predicate after "und" is no part of the class asked about.
    const two = sentence(
      'Die Zelle ist die kleinste lebende Einheit eines Organismus und hat einen eigenen Stoffwechsel.',
      'de',
    );
    const zelle = two.phrases.find((p) => p.surface === 'Zelle')!;
    expect(
      namedChoice(
        two,
        zelle,
        analyze([two.text], { language: 'de' }).phrases.get(zelle.key)!,
        'de',
        questionWordsFor('de').words,
      ),
    ).toBe('Wie heißt die kleinste lebende Einheit eines Organismus?');

    const es = sentence('La clorofila absorbe la luz roja y azul del sol.', 'es');
    const clorofila = es.phrases.find((p) => p.surface === 'clorofila')!;
    expect(objectQuestion(es, clorofila, 'es', questionWordsFor('es').words)).toBe(
      '¿Qué absorbe la clorofila?',
    );
    const fr = sentence('La chlorophylle absorbe la lumière rouge et bleue du soleil.', 'fr');
    const chlorophylle = fr.phrases.find((p) => p.surface === 'chlorophylle')!;
    expect(objectQuestion(fr, chlorophylle, 'fr', questionWordsFor('fr').words)).toBe(
      'Qu’absorbe la chlorophylle ?',
    );
    // A German separable verb keeps its particle; a verb without a direct object asks nothing.
    const particle = sentence('Das Chlorophyll nimmt das rote Licht der Sonne auf.', 'de');
    const chl = particle.phrases.find((p) => p.surface === 'Chlorophyll')!;
    expect(objectQuestion(particle, chl, 'de', questionWordsFor('de').words)).toBe(
      'Was nimmt das Chlorophyll auf?',
    );
    const moves = sentence('Die Elektronen wandern über eine lange Transportkette.', 'de');
    const el = moves.phrases.find((p) => p.surface === 'Elektronen')!;
    expect(objectQuestion(moves, el, 'de', questionWordsFor('de').words)).toBeNull();
    // English is rewrite.ts's.
    const en = sentence('The chlorophyll absorbs the red light of the sun.', 'en');
    expect(objectQuestion(en, en.phrases[0]!, 'en', questionWordsFor('en').words)).toBeNull();
  });

  it('tells sentences that lean on the one before by their connective or pronoun opening', () => {
    const leans = (text: string, language: string) =>
      leansOnEarlier(sentence(text, language), language);
    expect(leans('Dabei entstehen aus Wasser und Licht Zucker und Sauerstoff.', 'de')).toBe(true);
    expect(leans('Sie ist die Grundlage fast aller Nahrungsketten.', 'de')).toBe(true);
    expect(leans('Sin embargo, no todas las erupciones expulsan lava.', 'es')).toBe(true);
    expect(leans('Es la base de casi todas las cadenas alimentarias.', 'es')).toBe(true);
    expect(leans('Par conséquent, la pluie tombe sur les montagnes.', 'fr')).toBe(true);
    expect(leans('Il est entretenu par l’énergie du Soleil.', 'fr')).toBe(true);
    // The same words inside a self-contained sentence, and German's "es gibt".
    expect(leans('Die Lunge nimmt dabei Sauerstoff aus der Luft auf.', 'de')).toBe(false);
    expect(leans('Es gibt drei Arten von Blutgefäßen im Körper.', 'de')).toBe(false);
    expect(leans('El magma asciende por la chimenea volcánica.', 'es')).toBe(false);
    expect(leans('Le Soleil chauffe la surface des océans.', 'fr')).toBe(false);
  });

  it('writes real questions and free responses in the source language, no stem leaning elsewhere', () => {
    for (const [text, language, template] of [
      [GERMAN, 'de', /Welcher Begriff ergänzt/u],
      [SPANISH, 'es', /Qué término completa/u],
      [FRENCH, 'fr', /Quel terme complète/u],
    ] as const) {
      const qs = ask(text);
      expect(qs.length, language).toBeGreaterThan(0);
      const real = qs.filter(
        (q) =>
          !template.test(q.question) &&
          !/Quelle über|fuente sobre|source à propos/u.test(q.question),
      );
      expect(real.length, language).toBeGreaterThan(0);
      expect(
        qs.some((q) => q.questionType === 'free_response'),
        language,
      ).toBe(true);
      for (const q of qs) {
        // No English stem, and no copied sentence opening with a connective or a pronoun.
        expect(q.question).not.toMatch(/Which term|What does the source/u);
        expect(q.question).not.toMatch(
          /[„«"“]\s*(?:Außerdem|Dort|Es liegt|Sin embargo|Además|Esta ceniza|Se forma|Ensuite|Cette vapeur|Il est)\b/u,
        );
      }
    }
    // Asked for multiple choice only, the French definition is asked from its predicate, not
    // blanked.
    const fr = generateQuestions({
      chunks: chunksOf(FRENCH),
      types: ['multiple_choice'],
      count: 12,
    });
    expect(fr.some((q) => /^Comment appelle-t-on le phénomène par lequel/u.test(q.question))).toBe(
      true,
    );
    expect(fr.some((q) => /_____ est le phénomène/u.test(q.question))).toBe(false);
  });

  it('tags concepts by nouns, one form per word', () => {
    const text = `Die Pflanze nimmt Wasser über die Wurzeln auf. Die Pflanzen eines Waldes speichern große Mengen an Kohlenstoff. Aus den entstehenden Verbindungen bauen Pflanzen Stärke auf. Die Wurzel einer Pflanze verankert sie im Boden. Die Wurzeln speichern Nährstoffe und Wasser für den Winter. Der Wald speichert den Kohlenstoff über Jahrzehnte im Holz.`;
    const concepts = ask(text, 10).flatMap((q) => q.concepts ?? []);
    expect(concepts.length).toBeGreaterThan(0);
    // Singular and plural are one tag, and a one-off inflected adjective does not lead a tag.
    expect(concepts.includes('Pflanze') && concepts.includes('Pflanzen')).toBe(false);
    expect(concepts.includes('Wurzel') && concepts.includes('Wurzeln')).toBe(false);
    for (const c of concepts) expect(c).toMatch(/^\p{Lu}/u);
  });
});

describe('one fact, one question, across the worker’s calls', { timeout: 120_000 }, () => {
  it('blanks no term of a sentence an earlier call asked as a question of its own', () => {
    // The worker asks type by type, the questions made so far passed as `avoid`.
    const deck: { question: string; correctAnswerText: string | null; call: number }[] = [];
    const calls = [
      ['multiple_choice', 5],
      ['free_response', 5],
      ['multiple_choice', 8],
    ] as const;
    calls.forEach(([type, count], call) => {
      const made = generateQuestions({
        chunks: chunksOf(FRENCH),
        types: [type],
        count,
        avoid: deck.map((q) => q.question),
      });
      deck.push(...made.filter((q) => q.questionType === type).map((q) => ({ ...q, call })));
    });
    const long = (t: string) => new Set(t.toLowerCase().match(/\p{L}{5,}/gu) ?? []);
    const sentences = analyze([FRENCH], { language: 'fr' }).sentences.map((s) => s.text);
    // The sentence a question that is not a blank rewrites: the one holding most of its words.
    const rewritten = deck
      .filter((q) => !q.question.includes('_____'))
      .map((q) => {
        const words = [...long(q.question)];
        return {
          call: q.call,
          sentence: sentences.find(
            (s) =>
              words.length >= 3 && words.filter((w) => long(s).has(w)).length >= 0.7 * words.length,
          ),
        };
      })
      .filter((r) => r.sentence !== undefined);
    expect(rewritten.length).toBeGreaterThan(0);
    for (const q of deck.filter((x) => x.question.includes('_____'))) {
      const quoted = /[«„“]\s*(.+?)\s*[»“”]/u.exec(q.question)?.[1] ?? q.question;
      const filled = quoted.replace('_____', q.correctAnswerText ?? '');
      for (const r of rewritten.filter((x) => x.call < q.call)) expect(filled).not.toBe(r.sentence);
    }
  });
});
