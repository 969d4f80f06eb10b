import { stopWords } from './feedback-words';
import type { ParsedSentence, Token } from './nlp';

/**
 * German, Spanish, French, Portuguese and Italian read through wink's English model come out tagged at random ("Dann"
 * a name, "gilt" a noun, "la" and "del" nouns), so key concepts and blanks fell on function words
 * and sentence openers ("Und:", "Sei:", "Dann gilt:"). For these languages the English tags are
 * replaced by a few rules that need no model:
 * - stop words come from `stopwords-iso` (the list the grader already uses), a handful of them
 *   auxiliaries, so a sentence still has a verb;
 * - French and Italian elisions ("l'énergie", "d'un", "dell'acqua") are split into the article and
 *   the word;
 * - German: a capitalised word is a noun (German capitalises every noun, so a capital says nothing
 *   about being a name); a lower-case word is an adjective only between an article (or nothing)
 *   and a noun ("die neuronalen Netze"), otherwise a verb or an adverb;
 * - Spanish, French, Portuguese and Italian: a word after an article or preposition is a noun, a word after a noun
 *   with an adjective's ending is its adjective ("aprendizaje automático", "énergie cinétique"),
 *   a capitalised word inside a sentence is a name; anything else is read as a verb, so "el sistema
 *   utiliza" does not make "sistema utiliza" a term.
 * Lemmas and stems lose a plural ending in the Romance languages so "sistema" meets "sistemas"
 * (Italian, whose plurals change the last vowel, loses the vowel: "sistem" for "sistema/sistemi").
 */

export const RETAGGED_LANGUAGES = new Set(['de', 'es', 'fr', 'pt', 'it']);

const AUXILIARIES: Record<string, ReadonlySet<string>> = {
  de: new Set(
    'ist sind war waren wird werden wurde wurden worden hat haben hatte hatten sein kann können konnte muss müssen soll sollen darf dürfen gilt'.split(
      ' ',
    ),
  ),
  es: new Set(
    'es son era eran fue fueron será serán está están estaba ha han había habían hay puede pueden debe deben ser estar haber'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'est sont était étaient fut sera seront a ont avait avaient peut peuvent doit doivent être avoir'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'é são era eram foi foram será serão está estão estava estavam tem têm tinha tinham há pode podem deve devem ser estar ter haver'.split(
      ' ',
    ),
  ),
  it: new Set(
    'è sono era erano fu furono sarà saranno sta stanno ha hanno aveva avevano può possono deve devono essere avere stare'.split(
      ' ',
    ),
  ),
};

/** Stop words that start a noun phrase after them: articles, determiners, prepositions. */
const PHRASE_OPENERS: Record<string, ReadonlySet<string>> = {
  // German: articles, demonstratives, possessives and quantifiers, so a sentence opening "Die
  // Photosynthese ist …" opens with its subject (questions.ts `opensSentence`). Prepositions stay
  // apart (GERMAN_PREPOSITIONS): "Im Stroma …" does not open with its subject.
  de: new Set(
    'der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner keines dieser diese dieses diesem diesen jener jene jenes jenem jenen jeder jede jedes jedem jeden alle allen aller manche mancher manchen einige einigen einiger mehrere mehreren viele vielen wenige wenigen sein seine seinen seinem seiner seines ihr ihre ihren ihrem ihrer ihres unser unsere unseren unserem unserer euer eure mein meine meinen dein deine'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las un una unos unas lo al del de en con por para sin sobre entre desde hasta hacia según mediante su sus este esta estos estas ese esa esos esas cada todo toda todos todas otro otra otros otras mismo misma'.split(
      ' ',
    ),
  ),
  fr: new Set(
    "le la les l' un une des du de d' au aux en dans par pour sur sans sous entre avec vers selon chez son sa ses leur leurs ce cet cette ces chaque tout toute tous toutes autre autres même".split(
      ' ',
    ),
  ),
  pt: new Set(
    'o a os as um uma uns umas do da dos das no na nos nas ao aos à às pelo pela pelos pelas de em com por para sem sobre entre desde até num numa seu sua seus suas este esta estes estas esse essa esses essas cada todo toda todos todas outro outra outros outras'.split(
      ' ',
    ),
  ),
  it: new Set(
    "il lo la i gli le l' un uno una un' del dello della dei degli delle dell' al allo alla ai agli alle all' dal dallo dalla dai dagli dalle dall' nel nello nella nei negli nelle nell' sul sullo sulla sui sugli sulle sull' di a da in con su per tra fra suo sua suoi sue questo questa questi queste quel quella quei quelle ogni tutto tutta tutti tutte altro altra altri altre".split(
      ' ',
    ),
  ),
};

/**
 * German prepositions and their contractions with an article ("im", "zum"): an inflected word
 * between one of them and a noun is an adjective ("in chemische Energie", "im grünen Blatt").
 */
const GERMAN_PREPOSITIONS = new Set(
  'in im ins an am ans auf aus bei beim mit nach von vom zu zum zur über unter vor hinter neben zwischen durch für gegen ohne um bis seit während wegen trotz innerhalb außerhalb'.split(
    ' ',
  ),
);

const ADJECTIVE_ENDING: Record<string, RegExp> = {
  de: /(?:e|en|er|es|em|isch|lich|ig|bar)$/u,
  es: /(?:al|ales|ico|ica|icos|icas|ivo|iva|ivos|ivas|oso|osa|osos|osas|ble|bles|ante|antes|ente|entes|ario|aria|arios|arias|ado|ada|ados|adas|ido|ida|idos|idas|ar|ares|ino|ina|inos|inas|ista|istas|ano|ana|anos|anas|ense|enses)$/u,
  fr: /(?:al|ale|ales|aux|ique|iques|if|ive|ifs|ives|é|ée|és|ées|el|elle|els|elles|eux|euse|euses|ble|bles|ant|ante|ants|antes|ente|entes|aire|aires|ien|ienne|iens|iennes|ais|aise|aises|ier|ière|iers|ières|in|ine|ins|ines)$/u,
  pt: /(?:al|ais|ico|ica|icos|icas|ivo|iva|ivos|ivas|oso|osa|osos|osas|vel|veis|ante|antes|ente|entes|ário|ária|ários|árias|ado|ada|ados|adas|ido|ida|idos|idas|ar|ares|ino|ina|inos|inas|ista|istas|ano|ana|anos|anas|ense|enses|eiro|eira|eiros|eiras)$/u,
  it: /(?:ale|ali|ico|ica|ici|iche|ivo|iva|ivi|ive|oso|osa|osi|ose|bile|bili|ante|anti|ente|enti|ario|aria|ari|arie|ato|ata|ati|ate|ito|ita|iti|ite|ino|ina|ini|ine|ista|isti|iste|ano|ana|ani|ane|ese|esi)$/u,
};

// French elided articles, pronouns and conjunctions before a vowel or a mute h; Italian's
// articles and articled prepositions ("l'energia", "dell'acqua", "un'isola").
const ELISION: Record<string, RegExp> = {
  fr: /^((?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu)['’])(\p{L}.*)$/iu,
  it: /^((?:l|un|dell|all|dall|nell|sull|coll|quell|quest|c|d|s|v|m|t)['’])(\p{L}.*)$/iu,
};

const isWordToken = (t: Token) => t.type === 'word';
const capitalised = (t: Token) => /^\p{Lu}/u.test(t.value);

/** "sistemas" → "sistema", "redes" → "red", "réseaux" → "réseau"; German is left as written. */
function singular(word: string, language: string): string {
  if (word.length <= 3) return word;
  if (language === 'es') {
    // The plural moves or drops the written accent ("volcán"/"volcanes", "nación"/"naciones"):
    // the key is the word without acute accents.
    word = word.normalize('NFD').replace(/\u0301/gu, '').normalize('NFC');
    if (/[^aeiouáéíóú]es$/u.test(word) && word.length > 4) return word.slice(0, -2);
    if (/[aeiouáéíóú]s$/u.test(word)) return word.slice(0, -1);
  }
  if (language === 'pt') {
    if (/ões$|ães$/u.test(word)) return `${word.slice(0, -3)}ão`;
    if (/ais$/u.test(word)) return `${word.slice(0, -2)}l`;
    if (/[^aeiouáéíóúâêô]es$/u.test(word) && word.length > 4) return word.slice(0, -2);
    if (/[aeiouáéíóúâêô]s$/u.test(word)) return word.slice(0, -1);
  }
  if (language === 'it') {
    // Italian plurals change the final vowel: "-i" for "-o"/"-e", "-e" for "-a"; the key drops it.
    if (/[aeio]$/u.test(word)) return word.slice(0, -1);
  }
  if (language === 'fr') {
    if (/eaux$/u.test(word)) return word.slice(0, -1);
    if (/aux$/u.test(word)) return `${word.slice(0, -3)}al`;
    if (/eux$/u.test(word)) return word;
    if (/[sx]$/u.test(word)) return word.slice(0, -1);
  }
  return word;
}

function splitElisions(
  tokens: readonly Token[],
  elision: RegExp,
): { tokens: Token[]; from: number[] } {
  const out: Token[] = [];
  const from: number[] = [];
  tokens.forEach((t, i) => {
    const m = t.type === 'word' ? elision.exec(t.value) : null;
    if (m?.[1] && m[2]) {
      const article = m[1];
      const rest = m[2];
      out.push({ ...t, value: article, normal: article.toLowerCase().replace('’', "'") });
      out.push({ ...t, value: rest, normal: rest.toLowerCase(), spaced: false });
      from.push(i, i);
    } else {
      out.push(t);
      from.push(i);
    }
  });
  return { tokens: out, from };
}

/** The sentence's tokens tagged for `language` (one of RETAGGED_LANGUAGES), entities kept. */
export function retagSentence(parsed: ParsedSentence, language: string): ParsedSentence {
  const stops = stopWords(language) ?? new Set<string>();
  const aux = AUXILIARIES[language] ?? new Set<string>();
  const openers = PHRASE_OPENERS[language] ?? new Set<string>();
  const adjective = ADJECTIVE_ENDING[language] ?? /$^/u;
  const elision = ELISION[language];
  const { tokens, from } = elision
    ? splitElisions(parsed.tokens, elision)
    : {
        tokens: [...parsed.tokens],
        from: parsed.tokens.map((_, i) => i),
      };
  const firstWord = tokens.findIndex(isWordToken);
  const tagged: Token[] = [];
  tokens.forEach((t, i) => {
    if (!isWordToken(t)) {
      tagged.push(t.type === 'number' ? { ...t, pos: 'NUM' } : t);
      return;
    }
    const normal = t.value.toLowerCase().replace('’', "'");
    const lemma = singular(normal, language);
    const base = { ...t, normal, lemma, stem: lemma, stop: false };
    if (aux.has(normal)) {
      tagged.push({ ...base, pos: 'AUX', stop: true });
      return;
    }
    if (stops.has(normal) || stops.has(normal.replace(/'$/u, ''))) {
      tagged.push({ ...base, pos: openers.has(normal) ? 'DET' : 'ADP', stop: true });
      return;
    }
    const prev = tagged[i - 1];
    const next = tokens[i + 1];
    let pos: string;
    if (language === 'de') {
      if (capitalised(t)) pos = 'NOUN';
      else {
        const beforeNoun =
          next !== undefined &&
          isWordToken(next) &&
          capitalised(next) &&
          !stops.has(next.value.toLowerCase());
        // An attributive adjective follows an article, a preposition, a number or another
        // adjective ("die neuronalen Netze", "in chemische Energie", "große, schwere Steine"); a
        // verb's plural has the same ending, and after an adverb or a noun the word is the verb
        // ("dabei entstehen ATP und NADPH").
        const prevOpens =
          prev === undefined ||
          prev.pos === 'DET' ||
          prev.pos === 'NUM' ||
          prev.pos === 'ADJ' ||
          GERMAN_PREPOSITIONS.has(prev.normal ?? '') ||
          ((prev.value === ',' || prev.normal === 'und' || prev.normal === 'oder') &&
            tagged[i - 2]?.pos === 'ADJ');
        pos = beforeNoun && prevOpens && adjective.test(normal) ? 'ADJ' : 'VERB';
      }
    } else if (capitalised(t) && i !== firstWord) {
      pos = 'PROPN';
    } else if (prev === undefined || prev.type === 'punctuation') {
      // A sentence or clause opener that is no article: a name, a verb or an adverb.
      pos = capitalised(t) && i === firstWord ? 'PROPN' : 'VERB';
    } else if (prev.pos === 'DET' || prev.pos === 'NUM' || prev.pos === 'VERB') {
      pos = 'NOUN';
    } else if (
      prev.pos === 'NOUN' &&
      (adjective.test(normal) ||
        // After a plural noun, a plural word is its adjective: a verb's plural ends in -n / -ent.
        (/[sx]$/u.test(prev.normal) && /[sx]$/u.test(normal) && !/ent$/u.test(normal)))
    ) {
      // An adjective after its noun: tagged as part of the noun phrase, since phrases (document.ts)
      // end in a noun, as English ones do.
      pos = 'NOUN';
    } else {
      pos = 'VERB';
    }
    tagged.push({ ...base, pos });
  });
  for (let i = 1; i < tagged.length - 1; i++) {
    const t = tagged[i]!;
    const prev = tagged[i - 1]!;
    const next = tagged[i + 1]!;
    // German: a noun right after a noun opens a term of its own.
    if (language === 'de' && t.pos === 'NOUN' && prev.pos === 'NOUN')
      tagged[i] = { ...t, opensPhrase: true };
    // Spanish and French name things "noun de noun" ("dióxido de carbono", "système d'exploitation"):
    // a bare "de" between two nouns belongs to the term; "de la luz" (an article after it) does not.
    if (
      language !== 'de' &&
      (t.normal === 'de' || t.normal === "d'" || (language === 'it' && t.normal === 'di')) &&
      prev.pos === 'NOUN' &&
      next.pos === 'NOUN' &&
      next.type === 'word'
    )
      tagged[i] = { ...t, pos: 'NOUN' };
  }
  // Entities (dates, amounts) keep their place: offsets move by the elisions split before them.
  const at = (old: number) => {
    const k = from.indexOf(old);
    return k < 0 ? old : k;
  };
  const entities = parsed.entities.map((e) => ({
    ...e,
    start: at(e.start),
    end: e.end >= parsed.tokens.length ? tagged.length : at(e.end),
  }));
  return { tokens: tagged, entities };
}
