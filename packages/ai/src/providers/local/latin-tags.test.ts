import { describe, expect, it } from 'vitest';
import { analyze } from './document';
import { createLocalStudyAi } from './index';
import { keyPhrases } from './summarize';

// Short texts written for these tests (not fixture rows): a few sentences each on how a bicycle
// dynamo works, in German, Spanish and French.
const GERMAN = `Der Fahrraddynamo ist ein kleiner Generator, der Bewegungsenergie in elektrische Energie umwandelt. Und dann dreht das Rad einen Magneten in einer Spule. Sei die Geschwindigkeit gering, so leuchtet die Lampe nur schwach. Dann gilt: Die Spannung des Fahrraddynamos steigt mit der Drehzahl des Magneten. Moderne Nabendynamos sitzen in der Nabe des Vorderrads und laufen fast ohne Reibung. Die elektrische Energie versorgt den Scheinwerfer und das Rücklicht.`;

const SPANISH = `El dinamo de bicicleta es un pequeño generador que convierte la energía cinética en energía eléctrica. La rueda hace girar un imán dentro de una bobina de cobre. Cuando la velocidad es baja, la lámpara del faro brilla poco. La tensión del dinamo aumenta con la velocidad de giro del imán. Los dinamos de buje modernos están dentro del buje de la rueda delantera. La energía eléctrica alimenta el faro delantero y la luz trasera.`;

const FRENCH = `La dynamo de vélo est un petit générateur qui transforme l'énergie cinétique en énergie électrique. La roue fait tourner un aimant à l'intérieur d'une bobine de cuivre. Lorsque la vitesse est faible, l'ampoule du phare éclaire peu. La tension de la dynamo augmente avec la vitesse de rotation de l'aimant. Les dynamos de moyeu modernes se trouvent dans le moyeu de la roue avant. L'énergie électrique alimente le phare avant et le feu arrière.`;

const terms = (text: string, language: string) =>
  keyPhrases(analyze([text], { language })).map((p) => p.surface.toLowerCase());

// The first test loads wink's model, which takes seconds on a loaded machine.
describe('German, Spanish and French terms (latin-tags.ts)', { timeout: 60_000 }, () => {
  it('reads German nouns as terms and leaves sentence openers and function words out', () => {
    const found = terms(GERMAN, 'de');
    expect(found).toContain('fahrraddynamo');
    expect(found).toContain('elektrische energie');
    for (const opener of ['und', 'sei', 'dann', 'dann gilt', 'gilt', 'die', 'der'])
      expect(found).not.toContain(opener);
    // Two nouns side by side are two terms: German writes its compounds as one word.
    const apposition = terms('Aus Wasser entsteht in den Blättern der Zucker Glukose.', 'de');
    expect(apposition).toEqual(expect.arrayContaining(['zucker', 'glukose']));
    expect(apposition).not.toContain('zucker glukose');
  });

  it('keeps Spanish "noun de noun" and noun + adjective terms, never an article or "del"', () => {
    const found = terms(SPANISH, 'es');
    expect(found).toContain('energía eléctrica');
    expect(found).toContain('bobina de cobre');
    for (const t of found) expect(t).not.toMatch(/^(?:el|la|los|las|del|de|un|una)\b/u);
    // A verb after its subject does not join it ("la rueda hace girar").
    expect(found.some((t) => /\b(?:hace|aumenta|alimenta|convierte)\b/u.test(t))).toBe(false);
  });

  it('splits French elisions, so "l\'énergie" is the term "énergie …", not "l\'énergie"', () => {
    const found = terms(FRENCH, 'fr');
    expect(found).toContain('énergie électrique');
    expect(found).toContain('bobine de cuivre');
    for (const t of found) expect(t).not.toMatch(/^(?:l'|d'|le |la |les |du |des )/u);
    expect(found.some((t) => /\b(?:transforme|augmente|alimente)\b/u.test(t))).toBe(false);
  });

  it('gives German key points real terms, and the text reads the same after retagging', async () => {
    const ai = createLocalStudyAi();
    const points = await ai.keyPoints({ title: 'Der Fahrraddynamo', text: GERMAN });
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) {
      const term = p.split(':')[0] ?? '';
      expect(term).not.toMatch(/^(?:Und|Sei|Dann|Dann gilt|Die|Der|Das)$/u);
    }
    const doc = analyze([FRENCH], { language: 'fr' });
    // Splitting "l'énergie" into two tokens keeps the sentence's text as written.
    expect(doc.sentences[0]?.text).toBe(
      "La dynamo de vélo est un petit générateur qui transforme l'énergie cinétique en énergie électrique.",
    );
  });

  it('writes questions on a Spanish text whose answers are terms, not function words', async () => {
    const ai = createLocalStudyAi();
    const chunks = [SPANISH].map((content, i) => ({
      chunkId: `c${i}`,
      sourceId: 's',
      sourceTitle: 'Dinamo',
      chunkIndex: i,
      content,
    }));
    const qs = await ai.generateQuestions({ chunks, count: 6, types: ['multiple_choice'] });
    expect(qs.length).toBeGreaterThan(0);
    for (const q of qs) {
      for (const o of q.options)
        expect(o.toLowerCase()).not.toMatch(/^(?:el|la|los|las|del|de|un|una|es|son)$/u);
    }
  }, 60_000);
});
