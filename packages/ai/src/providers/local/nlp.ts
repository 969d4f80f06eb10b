import { createRequire } from 'node:module';
import winkNLP, { type ItsFunction, type WinkMethods } from 'wink-nlp';
import type Model from 'wink-eng-lite-web-model';
import { detectLanguage } from '../../language';
import { stopWords } from './feedback-words';

/**
 * wink-nlp with its English lite model: tokens, sentence boundaries, part-of-speech tags, stems,
 * lemmas and numeric/date entities. Loading the model takes ~150 ms and ~15 MB that a process then
 * keeps, so it is read on first use, not when this module is imported: the deck and chat services
 * bundle this code, and an idle one never calls it. Each instance is built once and shared.
 */
let model: typeof Model | undefined;
const winkModel = (): typeof Model =>
  (model ??= createRequire(import.meta.url)('wink-eng-lite-web-model') as typeof Model);

let full: WinkMethods | undefined;
let lean: WinkMethods | undefined;

/** Sentence boundaries, part-of-speech tags and entities: what text analysis needs. */
export function analysisNlp(): WinkMethods {
  // Negation, sentiment and custom entities are left out: nothing here uses them and they cost time.
  full ??= winkNLP(winkModel(), ['sbd', 'pos', 'ner']);
  return full;
}

/** Tokens only: what the hashing embedder needs, at a fraction of the cost. */
export function tokenizerNlp(): WinkMethods {
  lean ??= winkNLP(winkModel(), []);
  return lean;
}

export type Token = {
  /** As written. */
  value: string;
  /** Lower-cased, contractions expanded ("n't" is "not"). */
  normal: string;
  /** Porter stem: the key words are matched on, so "founded" meets "founding". */
  stem: string;
  lemma: string;
  /** Universal POS tag (NOUN, PROPN, VERB, AUX, ADJ, PUNCT...). */
  pos: string;
  /** wink's token type: word, number, punctuation, url, email, emoji, symbol... */
  type: string;
  stop: boolean;
  /** Whitespace before the token in the source. */
  spaced: boolean;
  /**
   * No part of speech is known: the word comes from a script wink's English model cannot read
   * (Arabic, Cyrillic, Greek, Devanagari...), read by ICU's word breaks; content words are tagged
   * NOUN only so that they count as content. Terms of such text are its repeated word runs
   * (document.ts), not noun phrases.
   */
  untagged?: boolean;
  /**
   * Starts a new noun phrase even right after a noun: German writes compounds as one word, so two
   * nouns side by side are two terms ("der Zucker Glukose"), not one (latin-tags.ts).
   */
  opensPhrase?: boolean;
};

export type EntitySpan = { type: string; start: number; end: number };

export type ParsedSentence = {
  tokens: Token[];
  /** Numeric and date entities, token offsets within the sentence, end exclusive. */
  entities: EntitySpan[];
};

/**
 * The lite model's tokenizer splits words at letters beyond Latin-1 ("Māori" becomes "M", "ā",
 * "ori"). Such letters are folded to their base letter one character for one, so offsets still match
 * the original and tokens can be given back their original spelling. Letters Unicode does not
 * decompose (French "œ", Polish "ł", Croatian "đ", Turkish "ı") take the nearest plain letter:
 * "cœur" was read as "c", "œ", "ur".
 */
const EXTENDED_LATIN = /[\u0100-\u024f\u1e00-\u1eff]/g;
const UNDECOMPOSED: Record<string, string> = {
  œ: 'o',
  Œ: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'n',
  Ŋ: 'N',
  ĸ: 'k',
  ſ: 's',
  ƒ: 'f',
  ŀ: 'l',
  Ŀ: 'L',
  ĳ: 'i',
  Ĳ: 'I',
};
const foldExtendedLatin = (text: string) =>
  text.replace(EXTENDED_LATIN, (c) => {
    const base = c.normalize('NFD').replace(/\p{M}/gu, '');
    if (base.length === 1 && /[A-Za-z]/.test(base)) return base;
    return UNDECOMPOSED[c] ?? (/\p{Lu}/u.test(c) ? 'X' : 'x');
  });

/** Token values as written in `original`, given the values wink read from its folded copy. */
function restoreSpelling(values: string[], folded: string, original: string): string[] {
  let at = 0;
  return values.map((v) => {
    const found = folded.indexOf(v, at);
    if (found < 0) return v;
    at = found + v.length;
    return original.slice(found, at);
  });
}

/**
 * The model's Porter stemmer, called once per distinct word: `its.stem` would stem every token
 * again, and stemming is most of the cost of reading a text. The model's typings leave addons
 * `unknown`; wink itself calls `addons.stem(word)`.
 */
let porter: ((word: string) => string) | undefined;
const stems = new Map<string, string>();
export function stem(normal: string): string {
  let s = stems.get(normal);
  if (s === undefined) {
    // A bound on the memo: a long-running worker reads an open-ended vocabulary.
    if (stems.size > 100_000) stems.clear();
    porter ??= winkModel().addons.stem as (word: string) => string;
    s = porter(normal);
    stems.set(normal, s);
  }
  return s;
}

/**
 * wink's typings give stem and lemma a third (addons) parameter that `ItsFunction` lacks, although
 * `out()` passes the addons at run time; the casts only restate what the library does.
 */
const asIts = (f: unknown) => f as ItsFunction<string>;

/**
 * Chinese, Japanese and Korean. wink's English model reads a run of Han or kana characters as one
 * word, so such text is segmented by ICU through `Intl.Segmenter` (dictionary-based sentence and
 * word breaks, built into Node), and its words get coarse tags, enough to tell the nouns that make
 * key terms from the verbs, particles and endings around them:
 * - Chinese: jieba's part-of-speech tags (`jieba-wasm`, its dictionary inside a WebAssembly module
 *   loaded on the first Chinese text), which also segment the words;
 * - Japanese: the script. A word of kanji or katakana is a noun, unless okurigana follow it (ICU
 *   splits "作られました" into 作|ら|れ|ま|した): then it is a verb or adjective stem; hiragana
 *   words are particles (a short list), endings and auxiliaries;
 * - Korean: word-like segments are nouns, a short list of particles stop words.
 */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const HIRAGANA = /\p{Script=Hiragana}/u;

/** Whether `text` is Korean: Hangul and no kana, most of its ideographs Hangul. */
function isHangul(text: string): boolean {
  const hangul = text.match(/\p{Script=Hangul}/gu)?.length ?? 0;
  const han = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  return hangul > han;
}

/** Whether most letters of `text` are Chinese, Japanese or Korean. */
export function isCjk(text: string): boolean {
  const cjk = text.match(CJK_CHAR)?.length ?? 0;
  if (cjk === 0) return false;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return cjk / Math.max(1, letters) > 0.3;
}

const CJK_STOP = new Set(
  `的 了 是 在 和 与 或 也 就 都 而 及 这 那 这个 那个 一个 我们 他们 它们 你们 我 你 他 她 它 其 被 把 对 为 从 以 等 中 上 下 着 过 吗 呢 吧 之 所 于 但 但是 如果 因为 所以 并 并且 还 又 更 很 最 有 没有 不 会 能 可以 将 要 到 让 使 由 向 给 该 此 其中 以及 已经 就是 这些 那些 这种 通过 进行 大量 许多 各种 の は が を に で と も へ や から まで より です ます でした ました する した して され される いる ある いう こと これ それ この その あの ため よう など という として について 또 및 그 이 저 것 수 등 의 를 을 가 이 은 는 에 에서 와 과 도 로 으로`.split(
    /\s+/,
  ),
);

/**
 * Japanese particles and the words built of them that join phrases ("によって", "では"): after a
 * kanji word they are grammar, not its okurigana.
 */
const JA_PARTICLES = new Set(
  `の は が を に で と も へ や か から まで より では には とは へは での との からの までの によって による により において における について に対して として とも でも や など ほど だけ しか こそ さえ ね よ な`.split(
    /\s+/,
  ),
);

/** jieba's part-of-speech tags (ICTCLAS set) read as the Universal tags the rest of the code uses. */
function fromJiebaTag(tag: string, word: string): string {
  if (!/[\p{L}\p{N}]/u.test(word)) return 'PUNCT';
  if (tag === 'm' || /^\p{N}+$/u.test(word)) return 'NUM';
  // Four-character idioms ("砍伐森林", "蒸腾作用") name things as often as they describe them;
  // other set phrases ("不断更新") are mostly verbal.
  if (tag === 'i') return 'NOUN';
  if (tag === 'l') return 'VERB';
  // A one-character time word is mostly the conjunction "当" ("when").
  if (tag === 't' && [...word].length === 1) return 'PART';
  // Nouns, names, verbal and adjectival nouns ("运动", "安全"), place and time words, English words.
  // Names stay nouns: jieba's name tags catch common nouns too ("洪水" as a person, "海洋" as a
  // place), and without capitals nothing else tells them apart.
  // A verbal noun ("流动", "调节") reads as the verb it is beside a noun: no compound.
  if (tag === 'vn') return 'VERB';
  if (/^(?:n|an|s|t|eng)/.test(tag)) return 'NOUN';
  if (tag.startsWith('a') || tag === 'b') return 'ADJ';
  if (tag.startsWith('v') || tag === 'i' || tag === 'l') return 'VERB';
  if (tag === 'd') return 'ADV';
  if (tag === 'r') return 'PRON';
  if (tag === 'p' || tag === 'f') return 'ADP';
  return 'PART';
}

type JiebaTag = { word: string; tag: string };
let jiebaTag: ((text: string, hmm: boolean) => JiebaTag[]) | undefined;
/** The WebAssembly build for Node loads synchronously, so segmentation stays synchronous. */
function jieba(text: string): JiebaTag[] {
  jiebaTag ??= (createRequire(import.meta.url)('jieba-wasm') as { tag: typeof jiebaTag }).tag;
  // Dictionary words only: jieba's HMM guesses new words, and its guesses glue a particle to a
  // noun ("以雨", "就会") or two words into a name ("当云中").
  return jiebaTag!(text, false);
}

type Segmenters = { sentence: Intl.Segmenter; word: Intl.Segmenter; locale: string };
const segmenters = new Map<string, Segmenters>();
function segmentersFor(text: string): Segmenters {
  const locale = KANA.test(text) ? 'ja' : HANGUL.test(text) ? 'ko' : 'zh';
  let s = segmenters.get(locale);
  if (!s) {
    s = {
      sentence: new Intl.Segmenter(locale, { granularity: 'sentence' }),
      word: new Intl.Segmenter(locale, { granularity: 'word' }),
      locale,
    };
    segmenters.set(locale, s);
  }
  return s;
}

type Piece = { segment: string; pos: string | null };

/** The words of one sentence with a tag where the language's reader gives one. */
function cjkWords(segment: string, s: Segmenters): Piece[] {
  if (s.locale === 'zh') {
    const tagged = jieba(segment);
    return tagged.map((t, i) => {
      // An idiom with an object after it is a verb ("不断更新|陆地"), not a name for something.
      const next = tagged[i + 1];
      const object = t.tag === 'i' && next !== undefined && /^n/.test(next.tag);
      return { segment: t.word, pos: object ? 'VERB' : fromJiebaTag(t.tag, t.word) };
    });
  }
  const pieces: Piece[] = [...s.word.segment(segment)].map((w) => ({
    segment: w.segment,
    pos: w.isWordLike ? null : 'PUNCT',
  }));
  if (s.locale !== 'ja') return pieces;
  return pieces.map((w, i) => {
    if (w.pos) return w;
    const value = w.segment.trim();
    if (JA_PARTICLES.has(value) || CJK_STOP.has(value)) return { ...w, pos: 'PART' };
    if (HIRAGANA.test(value)) return { ...w, pos: 'AUX' };
    const next = pieces[i + 1]?.segment ?? '';
    // Okurigana right after the kanji: a verb or adjective ("倒|れ", "掲|げ", "速|く").
    const inflected =
      HIRAGANA.test(next.slice(0, 1)) && !JA_PARTICLES.has(next) && !CJK_STOP.has(next);
    return { ...w, pos: inflected && [...value].length === 1 ? 'VERB' : 'NOUN' };
  });
}

function parseCjkBlock(text: string): ParsedSentence[] {
  const segs = segmentersFor(text);
  const out: ParsedSentence[] = [];
  for (const { segment } of segs.sentence.segment(text)) {
    const tokens: Token[] = [];
    let spaced = false;
    for (const w of cjkWords(segment, segs)) {
      if (/^\s+$/u.test(w.segment)) {
        spaced = true;
        continue;
      }
      if (w.segment.length === 0) continue;
      const value = w.segment.trim();
      const normal = value.toLowerCase();
      const number = /^\p{N}+(?:[.,]\p{N}+)*$/u.test(value);
      const stop =
        CJK_STOP.has(normal) || (w.pos !== null && ['PART', 'ADP', 'PRON'].includes(w.pos));
      const pos = w.pos ?? (number ? 'NUM' : stop ? 'PART' : 'NOUN');
      tokens.push({
        value,
        normal,
        stem: normal,
        lemma: normal,
        pos: stop && pos !== 'PUNCT' ? (pos === 'NOUN' || pos === 'PROPN' ? 'PART' : pos) : pos,
        type: pos === 'PUNCT' ? 'punctuation' : number || pos === 'NUM' ? 'number' : 'word',
        stop,
        spaced: spaced || /^\s/u.test(w.segment),
      });
      spaced = /\s$/u.test(w.segment);
    }
    if (tokens.length > 0) out.push({ tokens, entities: [] });
  }
  return out;
}

/**
 * Whether most letters of `text` are of a script other than Latin that wink's English model reads
 * as unknown tokens (Arabic, Cyrillic, Greek, Hebrew, Devanagari, Thai...); Chinese, Japanese and
 * Korean have their own reader (`isCjk`).
 */
export function isOtherScript(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return false;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return (letters - latin) / letters > 0.5 && !isCjk(text);
}

// Arabic letters written several ways (hamza seats, alef maqsura, taa marbuta), short vowels and
// the tatweel: folded so that one word is one key however it is written.
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u0640]/gu;
export const foldArabic = (w: string) =>
  w
    .replace(ARABIC_MARKS, '')
    .replace(/[أإآٱ]/gu, 'ا')
    .replace(/ى/gu, 'ي')
    .replace(/ة/gu, 'ه');
// Light stemming (Larkey, Ballesteros & Connell's "light10"): the conjunction, the article and the
// prepositions glued to it, and the commonest plural and feminine endings, so "الماء", "للماء" and
// "والماء" are one word. Only affixes that leave a word of three letters or more go.
const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
// Matched after folding, so "ية" and "ة" are written "يه" and "ه".
const ARABIC_SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];
export function arabicStem(word: string): string {
  let w = foldArabic(word);
  if (w.length >= 4 && w.startsWith('و')) w = w.slice(1);
  const prefix = ARABIC_PREFIXES.find((p) => w.startsWith(p) && w.length - p.length >= 2);
  if (prefix) w = w.slice(prefix.length);
  for (const suffix of ARABIC_SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) w = w.slice(0, -suffix.length);
  }
  return w;
}

// Korean particles written onto the noun before them ("광합성은", "이산화탄소를"), longest first:
// taken off for the word's key so a noun is one term whatever its particle, when two syllables stay.
const KOREAN_PARTICLES = [
  '에서는',
  '에게서',
  '으로는',
  '에서',
  '에게',
  '으로',
  '로서',
  '로써',
  '부터',
  '까지',
  '처럼',
  '보다',
  '과는',
  '와는',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '로',
  '와',
  '과',
  '도',
  '만',
];
// Korean predicates end in a verb ending ("반사한다", "흡수하고", "만들어지며"): verbs, never terms.
const KOREAN_PREDICATE = /(?:다|고|며|서|면|지만|는데|니다|도록|게|요)$/u;
export function koreanStem(word: string): string {
  const particle = KOREAN_PARTICLES.find(
    (p) => word.endsWith(p) && [...word].length - [...p].length >= 2,
  );
  return particle ? word.slice(0, -particle.length) : word;
}

// Russian, Ukrainian and other Cyrillic languages inflect nouns by their ending ("фотосинтез",
// "фотосинтеза", "фотосинтезе"): the commonest case and number endings come off a word's key when
// three letters stay, so one term is one key (a light stemmer, not a lemmatiser: "свет" and "света"
// meet, a stem change does not).
const CYRILLIC_ENDINGS = [
  'ями',
  'ами',
  'ого',
  'его',
  'ому',
  'ему',
  'ыми',
  'ими',
  'ой',
  'ей',
  'ом',
  'ем',
  'ам',
  'ям',
  'ах',
  'ях',
  'ов',
  'ев',
  'ую',
  'юю',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ый',
  'ий',
  'а',
  'я',
  'ы',
  'и',
  'у',
  'ю',
  'е',
  'о',
  'ь',
];
export function cyrillicStem(word: string): string {
  const ending = CYRILLIC_ENDINGS.find((e) => word.endsWith(e) && word.length - e.length >= 3);
  return ending ? word.slice(0, -ending.length) : word;
}
const CYRILLIC = /\p{Script=Cyrillic}/u;

// Hindi nouns and adjectives inflect by their ending ("अधिकार", "अधिकारों"; "सुरक्षा",
// "सुरक्षाओं"): the suffixes of Ramanathan & Rao's light stemmer for Hindi (2003), longest first,
// come off a word's key when two letters stay, so one term is one key however it is inflected.
// Hindi only: on Marathi (its own endings, "-ाचा", "-ांना") the same list made worse key concepts.
const HINDI_SUFFIXES = [
  'ाइयाँ',
  'ाइयों',
  'ाइयां',
  'ियाँ',
  'ियों',
  'ियां',
  'ाओं',
  'ाएं',
  'ुओं',
  'ुएं',
  'ों',
  'ें',
  'ीं',
  'ाँ',
  'ां',
  'ो',
  'े',
  'ू',
  'ु',
  'ी',
  'ि',
  'ा',
];
const DEVANAGARI = /\p{Script=Devanagari}/u;
export function hindiStem(word: string): string {
  const suffix = HINDI_SUFFIXES.find(
    (e) => word.endsWith(e) && [...word].length - [...e].length >= 2,
  );
  return suffix ? word.slice(0, -suffix.length) : word;
}

// Closed-class words the stop lists on npm lack (hand lists only where no package has them). Hindi's,
// beside stopwords-iso's: "and" (तथा, व), "or" (अथवा), "each" (प्रत्येक,
// हर), "whether" (चाहे), "such" (ऐसा), "since" (चूंकि), and the forms of the auxiliary and light verbs
// ("होगा", "जाएगा", "लेने", "किया"). Without them "तथा" and "होगा" were key concepts, and "प्राप्त
// होगा" ("will be obtained") a term.
const EXTRA_STOP_WORDS: Record<string, readonly string[]> = {
  hi: `तथा व अथवा प्रत्येक हर चाहे ऐसा ऐसी ऐसे चूंकि चूँकि प्रति होगा होगी होंगे होना होने हुआ हुई हुए
  जाएगा जाएगी जाएंगे जायेगा जायेगी जाना जाने जाता जाती जाते गया गई गए करना करने करता करती करते
  करेगा करेगी किया किए किये लेना लेने लेता देना देने दिया दी दिए पाना पाने सकता सकती सकते सकेगा
  सकेगी रहा रही रहे`.split(/\s+/u),
  // Urdu: stopwords-iso's list (the only Urdu list on npm; the \`stopword\` package copies it) is
  // partly in a broken encoding ("اوًچب" for "اونچا") and lacks the postpositions "کا", "میں",
  // "نے": so "کا حق" and "میں" were key concepts. Its closed classes: postpositions, conjunctions,
  // pronouns and determiners, the auxiliary and light verbs.
  ur: `کا کی کے میں سے کو نے پر تک اور یا لیکن مگر بلکہ کہ اگر تو جب چاہے خواہ یہ وہ اس ان جس جن جو
  کوئی کسی کسے ہر سب تمام ایک اپنے اپنی اپنا خود ہے ہیں تھا تھی تھے ہو ہوں ہوگا ہوگی ہوں گے گا گی گے
  ہونا ہونے ہوتا ہوتی ہوتے کر کرنا کرنے کرتا کرتی کرتے کیا کیے کئے گیا گئی گئے جا جانا جانے جاتا جاتی
  جاتے جائے جائیں جائےگا سکتا سکتی سکتے سکے دیا دی دیے دینا دینے لیا لی لیے لئے لینا بھی نہیں نہ ہی
  ساتھ بغیر بارے طرح والا والی والے`.split(/\s+/u),
  // Marathi: every npm list is stopwords-iso's 99 words, without "or" (किंवा, अथवा), "each"
  // (प्रत्येक), "any" (कोणताहि, कोणत्याहि…) or the auxiliaries ("असली पाहिजे", "must be").
  mr: `किंवा अथवा व तसेच प्रत्येक प्रत्येकास कोणताही कोणताहि कोणत्याही कोणत्याहि कोणतेही कोणतेहि कोणतीही
  कोणतीहि हा ही हे ह्या ह्याच त्या त्याच्या त्याची त्याचे त्यांना त्यांच्या ज्या जो जी जे असेल असतील असणे
  असली असलेला असलेली असलेले असावा असावी असावे पाहिजे नये नाही होतो होते होती होईल केला केली केले
  करणे करण्याचा करण्याची करण्याचे करण्याच्या करता येईल येतो येते मध्ये साठी द्वारे संबंधात यांच्या यांना`.split(/\s+/u),
};

const scriptSegmenters = new Map<string, { sentence: Intl.Segmenter; word: Intl.Segmenter }>();
const scriptStops = new Map<string, Set<string>>();

/**
 * A block in a script wink cannot read: sentences and words from ICU (`Intl.Segmenter`, Unicode's
 * sentence and word breaks, with dictionaries for scripts written without spaces such as Thai),
 * stop words from `stopwords-iso` in the language given or detected. Every other word is content.
 */
function parseScriptBlock(text: string, language: string | null): ParsedSentence[] {
  const lang = (language ?? detectLanguage(text) ?? 'und').split('-')[0] ?? 'und';
  let seg = scriptSegmenters.get(lang);
  if (!seg) {
    const locale = lang === 'und' ? [] : [lang];
    seg = {
      sentence: new Intl.Segmenter(locale, { granularity: 'sentence' }),
      word: new Intl.Segmenter(locale, { granularity: 'word' }),
    };
    scriptSegmenters.set(lang, seg);
  }
  let stops = scriptStops.get(lang);
  if (!stops) {
    stops = new Set([...(stopWords(lang) ?? []), ...(EXTRA_STOP_WORDS[lang] ?? [])]);
    scriptStops.set(lang, stops);
  }
  const arabic = /\p{Script=Arabic}/u.test(text);
  const korean = HANGUL.test(text);
  const out: ParsedSentence[] = [];
  for (const { segment } of seg.sentence.segment(text)) {
    const tokens: Token[] = [];
    let spaced = false;
    for (const w of seg.word.segment(segment)) {
      if (/^\s+$/u.test(w.segment)) {
        spaced = true;
        continue;
      }
      const value = w.segment;
      const normal = arabic ? foldArabic(value.toLowerCase()) : value.toLowerCase();
      const number = /^\p{N}+(?:[.,]\p{N}+)*$/u.test(value);
      const word = w.isWordLike === true && !number;
      const stop = word && (stops.has(value.toLowerCase()) || stops.has(normal));
      const stem = !word
        ? normal
        : arabic
          ? arabicStem(value.toLowerCase())
          : CYRILLIC.test(value)
            ? cyrillicStem(normal)
            : lang === 'hi' && DEVANAGARI.test(value)
              ? hindiStem(normal)
              : normal;
      // A Korean particle is a token of its own, written on to its noun: terms, blanks and options
      // are the noun alone ("광합성", not "광합성은").
      const noun = word && korean && !stop ? koreanStem(normal) : normal;
      if (noun !== normal) {
        const particle = value.slice(noun.length);
        tokens.push(
          {
            value: noun,
            normal: noun,
            stem: noun,
            lemma: noun,
            pos: 'NOUN',
            type: 'word',
            stop: false,
            spaced,
            untagged: true,
          },
          {
            value: particle,
            normal: particle,
            stem: particle,
            lemma: particle,
            pos: 'PART',
            type: 'word',
            stop: true,
            spaced: false,
            untagged: true,
          },
        );
        spaced = false;
        continue;
      }
      tokens.push({
        value,
        normal,
        stem,
        lemma: stem,
        pos: number
          ? 'NUM'
          : !word
            ? /\p{L}/u.test(value)
              ? 'X'
              : 'PUNCT'
            : stop
              ? 'PART'
              : korean && KOREAN_PREDICATE.test(normal)
                ? 'VERB'
                : 'NOUN',
        type: number ? 'number' : word ? 'word' : /\p{L}/u.test(value) ? 'word' : 'punctuation',
        stop,
        spaced,
        untagged: true,
      });
      spaced = false;
    }
    if (tokens.length > 0) out.push({ tokens, entities: [] });
  }
  return out;
}

/**
 * Sentences of one block of text (a paragraph), each with its tokens. `language` (BCP 47, as
 * detected) picks the stop words of a script wink cannot read; it is detected when not given.
 */
export function parseBlock(text: string, language: string | null = null): ParsedSentence[] {
  // Korean writes words with spaces and particles glued on: read as the other scripts ICU alone
  // segments, its particles taken off the terms' keys.
  if (isCjk(text) && !isHangul(text)) return parseCjkBlock(text);
  if (isCjk(text) || isOtherScript(text)) return parseScriptBlock(text, language);
  const nlp = analysisNlp();
  const its = nlp.its;
  const folded = foldExtendedLatin(text);
  const doc = nlp.readDoc(folded);
  const tokens = doc.tokens();
  const read = tokens.out(its.value) as string[];
  const values = folded === text ? read : restoreSpelling(read, folded, text);
  const normals = tokens.out(its.normal) as string[];
  const lemmas = tokens.out(asIts(its.lemma)) as string[];
  const tags = tokens.out(its.pos) as string[];
  const types = tokens.out(its.type) as string[];
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const all: Token[] = values.map((value, i) => ({
    value,
    normal: normals[i] ?? value.toLowerCase(),
    stem: stem(normals[i] ?? value.toLowerCase()),
    lemma: lemmas[i] ?? value.toLowerCase(),
    pos: tags[i] ?? 'X',
    type: types[i] ?? 'word',
    stop: stops[i] === true,
    spaced: (spaces[i] ?? '').length > 0,
  }));
  const entitySpans = doc.entities().out(its.span) as unknown as [number, number][];
  const entityTypes = doc.entities().out(its.type) as string[];
  const sentenceSpans = joinDottedNames(
    doc.sentences().out(its.span) as unknown as [number, number][],
    all,
  );
  return sentenceSpans.map(([start, end]) => {
    const entities: EntitySpan[] = [];
    entitySpans.forEach(([es, ee], k) => {
      if (es >= start && ee <= end)
        entities.push({ type: entityTypes[k] ?? 'ENTITY', start: es - start, end: ee - start + 1 });
    });
    return { tokens: all.slice(start, end + 1), entities };
  });
}

/**
 * wink-nlp ends a sentence at every full stop, also inside a domain or file name ("mozilla.org",
 * "www.example.com", "report.pdf"), so a sentence quoting one was cut in two. A full stop with no
 * space after it does not end a sentence: such spans are joined again.
 */
export function joinDottedNames(
  spans: readonly [number, number][],
  tokens: readonly { value: string; spaced: boolean }[],
): [number, number][] {
  const joined: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = joined.at(-1);
    const stop = tokens[start - 1];
    const next = tokens[start];
    if (last && last[1] === start - 1 && stop?.value === '.' && next && !next.spaced) {
      last[1] = end;
    } else {
      joined.push([start, end]);
    }
  }
  return joined;
}

/** Normalised word tokens of a short text, for the embedder (no tags, no sentences). */
export function wordTokens(text: string): { normal: string; stem: string; stop: boolean }[] {
  const nlp = tokenizerNlp();
  const its = nlp.its;
  // Accents are dropped altogether here: "naïve" and "naive" should meet.
  const tokens = nlp.readDoc(text.normalize('NFKD').replace(/\p{M}/gu, '')).tokens();
  const types = tokens.out(its.type) as string[];
  const normals = tokens.out(its.normal) as string[];
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const words: { normal: string; stem: string; stop: boolean }[] = [];
  for (let i = 0; i < types.length; i++) {
    const type = types[i];
    if (type !== 'word' && type !== 'number' && type !== 'hashtag' && type !== 'mention') continue;
    const normal = normals[i] ?? '';
    words.push({ normal, stem: stem(normal), stop: stops[i] === true });
  }
  return words;
}
