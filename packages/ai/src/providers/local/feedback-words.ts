import { createRequire } from 'node:module';
import { conjunction, writtenIn } from './learner-language';

/**
 * The offline grader's feedback sentences, in the languages it can write. The language is the
 * question's and expected answer's (both come from the source, so they are in its language),
 * detected as the ingest worker detects a source's (a short Chinese, Japanese or Korean text by its
 * script: learner-language.ts). Feedback in another language is written in English, and says so
 * once, naming the language (Intl.DisplayNames), so the learner knows why. Lists of terms are joined
 * as each language joins them (Intl.ListFormat); English keeps its own join, without the serial comma.
 */
export type FeedbackWords = {
  /** Terms joined into one list: "“a”, “b” and “c”". */
  list: (items: readonly string[]) => string;
  quote: (text: string) => string;
  goodCovered: (hit: string) => string;
  goodMatches: string;
  alsoMention: (missing: string) => string;
  negates: string;
  partlyHit: (hit: string) => string;
  partly: string;
  leavesOut: (missing: string) => string;
  needsMore: string;
  sourceSays: (text: string) => string;
  noMatch: string;
  isMissing: (missing: string) => string;
  sentences: string;
  /** For an answer in code or a formula, which the offline grader cannot check. */
  code: string;
};

const ENGLISH: FeedbackWords = {
  list: (items) =>
    items.length <= 1
      ? (items[0] ?? '')
      : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`,
  quote: (t) => `“${t}”`,
  goodCovered: (hit) => `Good answer: you covered ${hit}.`,
  goodMatches: 'Good answer: it matches what the source says.',
  alsoMention: (m) => ` To make it complete, also mention ${m}.`,
  negates: ' Careful: your answer negates what the source says.',
  partlyHit: (hit) => `Partly right: you mention ${hit}`,
  partly: 'Partly right',
  leavesOut: (m) => `, but your answer leaves out ${m}.`,
  needsMore: ', but it needs more of the source’s detail.',
  sourceSays: (t) => ` The source says: “${t}”`,
  noMatch: 'This does not match what the source says.',
  isMissing: (m) => ` It is missing ${m}.`,
  sentences: ' Write your answer as sentences that say how the ideas connect, not a list of words.',
  code: 'The offline grader cannot check code or formulas, so it cannot tell whether yours is right: compare it with the source.',
};

const WORDS: Record<string, FeedbackWords> = {
  en: ENGLISH,
  de: {
    list: conjunction('de'),
    quote: (t) => `„${t}“`,
    goodCovered: (hit) => `Gute Antwort: Sie nennen ${hit}.`,
    goodMatches: 'Gute Antwort: Sie stimmt mit der Quelle überein.',
    alsoMention: (m) => ` Vollständig wird sie, wenn Sie auch ${m} nennen.`,
    negates: ' Vorsicht: Ihre Antwort verneint, was die Quelle sagt.',
    partlyHit: (hit) => `Teilweise richtig: Sie nennen ${hit}`,
    partly: 'Teilweise richtig',
    leavesOut: (m) => `, aber es fehlt ${m}.`,
    needsMore: ', aber es fehlen Einzelheiten aus der Quelle.',
    sourceSays: (t) => ` In der Quelle steht: „${t}“`,
    noMatch: 'Das entspricht nicht dem, was die Quelle sagt.',
    // "Es fehlt" would need "fehlen" before several terms; a label reads right for one or many.
    isMissing: (m) => ` Nicht genannt: ${m}.`,
    sentences:
      ' Schreiben Sie Ihre Antwort in Sätzen, die zeigen, wie die Gedanken zusammenhängen, nicht als Liste von Wörtern.',
    code: 'Code und Formeln kann die Offline-Bewertung nicht prüfen, daher kann sie nicht sagen, ob Ihre Antwort stimmt: Vergleichen Sie sie mit der Quelle.',
  },
  es: {
    list: conjunction('es'),
    quote: (t) => `«${t}»`,
    goodCovered: (hit) => `Buena respuesta: mencionas ${hit}.`,
    goodMatches: 'Buena respuesta: coincide con lo que dice la fuente.',
    alsoMention: (m) => ` Para completarla, menciona también ${m}.`,
    negates: ' Atención: tu respuesta niega lo que dice la fuente.',
    partlyHit: (hit) => `En parte correcta: mencionas ${hit}`,
    partly: 'En parte correcta',
    leavesOut: (m) => `, pero falta ${m}.`,
    needsMore: ', pero le faltan detalles de la fuente.',
    sourceSays: (t) => ` La fuente dice: «${t}»`,
    noMatch: 'Esto no coincide con lo que dice la fuente.',
    isMissing: (m) => ` Falta ${m}.`,
    sentences:
      ' Escribe tu respuesta en frases que digan cómo se relacionan las ideas, no como una lista de palabras.',
    code: 'El corrector sin conexión no puede comprobar código ni fórmulas, así que no sabe si tu respuesta es correcta: compárala con la fuente.',
  },
  fr: {
    list: conjunction('fr'),
    quote: (t) => `« ${t} »`,
    goodCovered: (hit) => `Bonne réponse : vous mentionnez ${hit}.`,
    goodMatches: 'Bonne réponse : elle correspond à ce que dit la source.',
    alsoMention: (m) => ` Pour être complète, mentionnez aussi ${m}.`,
    negates: ' Attention : votre réponse nie ce que dit la source.',
    partlyHit: (hit) => `En partie juste : vous mentionnez ${hit}`,
    partly: 'En partie juste',
    leavesOut: (m) => `, mais il manque ${m}.`,
    needsMore: ', mais il manque des détails de la source.',
    sourceSays: (t) => ` La source dit : « ${t} »`,
    noMatch: 'Cela ne correspond pas à ce que dit la source.',
    isMissing: (m) => ` Il manque ${m}.`,
    sentences:
      ' Rédigez votre réponse en phrases qui disent comment les idées se relient, pas en liste de mots.',
    code: 'Le correcteur hors ligne ne peut pas vérifier du code ni des formules, il ne sait donc pas si votre réponse est juste : comparez-la avec la source.',
  },
  pt: {
    list: conjunction('pt'),
    quote: (t) => `“${t}”`,
    goodCovered: (hit) => `Boa resposta: você menciona ${hit}.`,
    goodMatches: 'Boa resposta: ela corresponde ao que diz a fonte.',
    alsoMention: (m) => ` Para completá-la, mencione também ${m}.`,
    negates: ' Atenção: sua resposta nega o que diz a fonte.',
    partlyHit: (hit) => `Parcialmente correta: você menciona ${hit}`,
    partly: 'Parcialmente correta',
    leavesOut: (m) => `, mas falta ${m}.`,
    needsMore: ', mas faltam detalhes da fonte.',
    sourceSays: (t) => ` A fonte diz: “${t}”`,
    noMatch: 'Isto não corresponde ao que diz a fonte.',
    isMissing: (m) => ` Falta ${m}.`,
    sentences:
      ' Escreva sua resposta em frases que digam como as ideias se relacionam, não como uma lista de palavras.',
    code: 'O corretor offline não consegue verificar código nem fórmulas, por isso não sabe se a sua resposta está certa: compare-a com a fonte.',
  },
  it: {
    list: conjunction('it'),
    quote: (t) => `«${t}»`,
    goodCovered: (hit) => `Buona risposta: menzioni ${hit}.`,
    goodMatches: 'Buona risposta: corrisponde a ciò che dice la fonte.',
    alsoMention: (m) => ` Per completarla, menziona anche ${m}.`,
    negates: ' Attenzione: la tua risposta nega ciò che dice la fonte.',
    partlyHit: (hit) => `In parte corretta: menzioni ${hit}`,
    partly: 'In parte corretta',
    leavesOut: (m) => `, ma manca ${m}.`,
    needsMore: ', ma mancano dettagli della fonte.',
    sourceSays: (t) => ` La fonte dice: «${t}»`,
    noMatch: 'Questo non corrisponde a ciò che dice la fonte.',
    isMissing: (m) => ` Manca ${m}.`,
    sentences:
      ' Scrivi la risposta in frasi che dicano come si collegano le idee, non come un elenco di parole.',
    code: 'Il correttore offline non può verificare codice o formule, quindi non sa se la tua risposta è giusta: confrontala con la fonte.',
  },
  nl: {
    list: conjunction('nl'),
    quote: (t) => `‘${t}’`,
    goodCovered: (hit) => `Goed antwoord: je noemt ${hit}.`,
    goodMatches: 'Goed antwoord: het komt overeen met wat de bron zegt.',
    alsoMention: (m) => ` Noem ook ${m} om het volledig te maken.`,
    negates: ' Let op: je antwoord ontkent wat de bron zegt.',
    partlyHit: (hit) => `Gedeeltelijk goed: je noemt ${hit}`,
    partly: 'Gedeeltelijk goed',
    leavesOut: (m) => `, maar er ontbreekt ${m}.`,
    needsMore: ', maar er ontbreken details uit de bron.',
    sourceSays: (t) => ` De bron zegt: ‘${t}’`,
    noMatch: 'Dit komt niet overeen met wat de bron zegt.',
    isMissing: (m) => ` Er ontbreekt ${m}.`,
    sentences:
      ' Schrijf je antwoord in zinnen die laten zien hoe de ideeën samenhangen, niet als een lijst woorden.',
    code: 'De offline beoordeling kan geen code of formules controleren en weet dus niet of je antwoord klopt: vergelijk het met de bron.',
  },
  ru: {
    list: conjunction('ru'),
    quote: (t) => `«${t}»`,
    goodCovered: (hit) => `Хороший ответ: вы упомянули ${hit}.`,
    goodMatches: 'Хороший ответ: он соответствует тому, что сказано в источнике.',
    alsoMention: (m) => ` Чтобы ответ был полным, упомяните также ${m}.`,
    negates: ' Осторожно: ваш ответ отрицает то, что сказано в источнике.',
    partlyHit: (hit) => `Частично верно: вы упомянули ${hit}`,
    partly: 'Частично верно',
    leavesOut: (m) => `, но в ответе не хватает: ${m}.`,
    needsMore: ', но не хватает подробностей из источника.',
    sourceSays: (t) => ` В источнике сказано: «${t}»`,
    noMatch: 'Это не соответствует тому, что сказано в источнике.',
    isMissing: (m) => ` Не хватает: ${m}.`,
    sentences:
      ' Напишите ответ предложениями, которые показывают, как связаны идеи, а не списком слов.',
    code: 'Офлайн-проверка не умеет проверять код и формулы, поэтому не может сказать, верен ли ваш ответ: сравните его с источником.',
  },
  ar: {
    list: conjunction('ar'),
    quote: (t) => `«${t}»`,
    goodCovered: (hit) => `إجابة جيدة: ذكرت ${hit}.`,
    goodMatches: 'إجابة جيدة: تتفق مع ما يقوله المصدر.',
    alsoMention: (m) => ` لتكتمل إجابتك، اذكر أيضا ${m}.`,
    negates: ' انتبه: إجابتك تنفي ما يقوله المصدر.',
    partlyHit: (hit) => `صحيحة جزئيا: ذكرت ${hit}`,
    partly: 'صحيحة جزئيا',
    leavesOut: (m) => `، لكن إجابتك لا تذكر ${m}.`,
    needsMore: '، لكنها تحتاج إلى مزيد من تفاصيل المصدر.',
    sourceSays: (t) => ` يقول المصدر: «${t}»`,
    noMatch: 'هذا لا يتفق مع ما يقوله المصدر.',
    isMissing: (m) => ` ينقصها ${m}.`,
    sentences: ' اكتب إجابتك في جمل توضح كيف ترتبط الأفكار، لا في قائمة كلمات.',
    code: 'لا يستطيع المصحح دون اتصال التحقق من الشيفرة أو الصيغ، لذا لا يعرف إن كانت إجابتك صحيحة: قارنها بالمصدر.',
  },
  ko: {
    list: conjunction('ko'),
    quote: (t) => `‘${t}’`,
    goodCovered: (hit) => `좋은 답입니다: ${hit}을(를) 언급했습니다.`,
    goodMatches: '좋은 답입니다: 자료의 내용과 일치합니다.',
    alsoMention: (m) => ` 완전한 답이 되려면 ${m}도 언급하십시오.`,
    negates: ' 주의: 답이 자료의 내용을 부정합니다.',
    partlyHit: (hit) => `부분적으로 맞습니다: ${hit}을(를) 언급했습니다`,
    partly: '부분적으로 맞습니다',
    leavesOut: (m) => `. 하지만 ${m}이(가) 빠져 있습니다.`,
    needsMore: '. 하지만 자료의 세부 내용이 더 필요합니다.',
    sourceSays: (t) => ` 자료에는 이렇게 나와 있습니다: “${t}”`,
    noMatch: '자료의 내용과 일치하지 않습니다.',
    isMissing: (m) => ` ${m}이(가) 빠져 있습니다.`,
    sentences: ' 단어 목록이 아니라 생각들이 어떻게 이어지는지 보여 주는 문장으로 답하십시오.',
    code: '오프라인 채점기는 코드나 수식을 확인할 수 없어 답이 맞는지 알 수 없습니다. 자료와 비교해 보십시오.',
  },
  hi: {
    list: conjunction('hi'),
    quote: (t) => `“${t}”`,
    goodCovered: (hit) => `अच्छा उत्तर: आपने ${hit} का उल्लेख किया है।`,
    goodMatches: 'अच्छा उत्तर: यह स्रोत की बात से मेल खाता है।',
    alsoMention: (m) => ` उत्तर पूरा करने के लिए ${m} का भी उल्लेख कीजिए।`,
    negates: ' सावधान: आपका उत्तर स्रोत की बात का खंडन करता है।',
    partlyHit: (hit) => `आंशिक रूप से सही: आपने ${hit} का उल्लेख किया है`,
    partly: 'आंशिक रूप से सही',
    leavesOut: (m) => `, लेकिन ${m} छूट गया है।`,
    needsMore: ', लेकिन स्रोत का और विवरण चाहिए।',
    sourceSays: (t) => ` स्रोत कहता है: “${t}”`,
    noMatch: 'यह स्रोत की बात से मेल नहीं खाता।',
    isMissing: (m) => ` इसमें ${m} का उल्लेख नहीं है।`,
    sentences: ' अपना उत्तर शब्दों की सूची के बजाय ऐसे वाक्यों में लिखिए जो बताएँ कि विचार आपस में कैसे जुड़े हैं।',
    code: 'ऑफ़लाइन जाँचकर्ता कोड या सूत्र नहीं जाँच सकता, इसलिए यह नहीं बता सकता कि आपका उत्तर सही है या नहीं: इसे स्रोत से मिलाइए।',
  },
  // Chinese and Japanese run their clauses together: no space opens a sentence or clause here.
  zh: {
    list: conjunction('zh'),
    quote: (t) => `“${t}”`,
    goodCovered: (hit) => `回答得好：你提到了${hit}。`,
    goodMatches: '回答得好：与资料的内容一致。',
    alsoMention: (m) => `要回答完整，还应提到${m}。`,
    negates: '注意：你的回答否定了资料中的说法。',
    partlyHit: (hit) => `部分正确：你提到了${hit}`,
    partly: '部分正确',
    leavesOut: (m) => `，但没有提到${m}。`,
    needsMore: '，但还需要资料中的更多细节。',
    sourceSays: (t) => `资料中说：“${t}”`,
    noMatch: '这与资料的内容不符。',
    isMissing: (m) => `缺少${m}。`,
    sentences: '请用完整的句子回答，说明各个概念之间的联系，而不是罗列词语。',
    code: '离线评分无法检查代码或公式，因此无法判断你的答案是否正确：请与资料对照。',
  },
  ja: {
    list: conjunction('ja'),
    quote: (t) => `「${t}」`,
    goodCovered: (hit) => `よい解答です：${hit}に触れています。`,
    goodMatches: 'よい解答です：資料の内容と一致しています。',
    alsoMention: (m) => `完全な解答にするには、${m}にも触れてください。`,
    negates: '注意：解答が資料の内容を否定しています。',
    partlyHit: (hit) => `部分的に正解です：${hit}に触れています`,
    partly: '部分的に正解です',
    leavesOut: (m) => `が、${m}が抜けています。`,
    needsMore: 'が、資料の詳しい内容がもっと必要です。',
    sourceSays: (t) => `資料の記述：「${t}」`,
    noMatch: 'この解答は資料の内容と一致しません。',
    isMissing: (m) => `${m}が抜けています。`,
    sentences: '単語を並べるのではなく、考えどうしのつながりがわかる文で答えてください。',
    code: 'オフライン採点ではコードや数式を確認できないため、解答が正しいかどうか判断できません。資料と比べてください。',
  },
};

/**
 * The feedback words for a question in `language` (detected from `text`, the question and its
 * expected answer), and the note to add when they are not its language.
 */
export function feedbackWordsFor(
  language: string | null,
  text: string,
): { words: FeedbackWords; note: string } {
  const { words, note } = writtenIn({ ...WORDS, en: ENGLISH }, language, text, {
    unknown:
      ' (Feedback in English: the offline grader could not tell the language of this question.)',
    cannot: (name) => ` (Feedback in English: the offline grader cannot write ${name}.)`,
  });
  return { words, note };
}

let stopLists: Record<string, string[]> | undefined;
const stopSets = new Map<string, ReadonlySet<string>>();

/**
 * Lists stopwords-iso lacks, from `@orama/stopwords` (Orama's search engine): Nepali, whose key
 * concepts were its function words ("गरिने छैन"). Marathi's and Urdu's lists in every stop-word
 * package on npm are stopwords-iso's (Urdu's partly in a broken encoding, "اوًچب" for "اونچا").
 */
const ORAMA_LISTS: Readonly<Record<string, string>> = { ne: '@orama/stopwords/nepali' };
function otherStopList(base: string): string[] | undefined {
  const name = ORAMA_LISTS[base];
  if (!name) return undefined;
  return (createRequire(import.meta.url)(name) as { stopwords: string[] }).stopwords;
}

/**
 * The stop words of a language (BCP 47) from the npm package `stopwords-iso` (58 languages), or
 * `@orama/stopwords` for a language it lacks, or undefined when neither has one. Read once, on the first grading in a language other than English.
 */
export function stopWords(language: string): ReadonlySet<string> | undefined {
  const base = language.split('-')[0] ?? language;
  const cached = stopSets.get(base);
  if (cached) return cached;
  stopLists ??= createRequire(import.meta.url)('stopwords-iso') as Record<string, string[]>;
  const list = stopLists[base] ?? otherStopList(base);
  if (!list) return undefined;
  const set = new Set(list.map((w) => w.toLowerCase()));
  stopSets.set(base, set);
  return set;
}
