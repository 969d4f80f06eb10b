import { writtenIn, type Written } from './learner-language';

/**
 * The offline hint's sentences (conversation.ts `hint`) in the languages the offline provider
 * writes its questions, feedback and tutor answers in (tutor-words.ts says how they are written:
 * by hand, the same address as the feedback, terms left in the form the source gives them). In any
 * other language the hint is English and says so.
 */
export type HintWords = {
  /** Multiple choice: a key term of the question to think about (bold). */
  thinkAbout: (term: string) => string;
  rereadStatement: string;
  wholeStatement: string;
  ruleOut: (option: string) => string;
  /** The title of the source holding the passage. */
  relevantPart: (title: string) => string;
  /** Free response: the term the expected answer defines. */
  sayWhatIs: (term: string) => string;
  startFrom: (term: string) => string;
  keyIdeas: (count: number) => string;
  sayWhen: string;
  includeFigures: string;
  nameWho: string;
  reread: string;
};

const ENGLISH: HintWords = {
  thinkAbout: (t) => `Think about what the source says about **${t}**.`,
  rereadStatement: 'Read the statement again and think about which term fits its context.',
  wholeStatement:
    'Only one option makes the whole statement true, not just the words next to the blank.',
  ruleOut: (o) => `You can rule out “${o}”.`,
  relevantPart: (t) => `The relevant part is in “${t}”.`,
  sayWhatIs: (t) => `Start by saying what ${t} is.`,
  startFrom: (t) => `Start from what the source says about ${t}.`,
  keyIdeas: (n) => `A complete answer brings in about ${n} key ideas from the source.`,
  sayWhen: 'Say when it happened.',
  includeFigures: 'Include the figures the source gives.',
  nameWho: 'Name who or what is involved.',
  reread: 'Reread the passage the question is about and explain it in your own words.',
};

const WORDS: Record<string, HintWords> = {
  de: {
    thinkAbout: (t) => `Überlegen Sie, was die Quelle über **${t}** sagt.`,
    rereadStatement:
      'Lesen Sie die Aussage noch einmal und überlegen Sie, welcher Begriff in den Zusammenhang passt.',
    wholeStatement:
      'Nur eine Option macht die ganze Aussage wahr, nicht nur die Wörter neben der Lücke.',
    ruleOut: (o) => `„${o}“ können Sie ausschließen.`,
    relevantPart: (t) => `Die passende Stelle steht in „${t}“.`,
    sayWhatIs: (t) => `Sagen Sie zuerst, was ${t} ist.`,
    startFrom: (t) => `Gehen Sie davon aus, was die Quelle über ${t} sagt.`,
    keyIdeas: (n) => `Eine vollständige Antwort bringt etwa ${n} Kernideen aus der Quelle.`,
    sayWhen: 'Sagen Sie, wann es geschah.',
    includeFigures: 'Nennen Sie die Zahlen, die die Quelle angibt.',
    nameWho: 'Nennen Sie, wer oder was beteiligt ist.',
    reread:
      'Lesen Sie die Stelle, um die es in der Frage geht, noch einmal und erklären Sie sie in eigenen Worten.',
  },
  es: {
    thinkAbout: (t) => `Piensa en lo que dice la fuente sobre **${t}**.`,
    rereadStatement: 'Vuelve a leer la afirmación y piensa qué término encaja en su contexto.',
    wholeStatement:
      'Solo una opción hace verdadera toda la afirmación, no solo las palabras junto al espacio en blanco.',
    ruleOut: (o) => `Puedes descartar «${o}».`,
    relevantPart: (t) => `La parte relevante está en «${t}».`,
    sayWhatIs: (t) => `Empieza diciendo qué es ${t}.`,
    startFrom: (t) => `Parte de lo que dice la fuente sobre ${t}.`,
    keyIdeas: (n) => `Una respuesta completa incluye unas ${n} ideas clave de la fuente.`,
    sayWhen: 'Di cuándo ocurrió.',
    includeFigures: 'Incluye las cifras que da la fuente.',
    nameWho: 'Nombra quién o qué interviene.',
    reread:
      'Vuelve a leer el pasaje del que trata la pregunta y explícalo con tus propias palabras.',
  },
  fr: {
    thinkAbout: (t) => `Pensez à ce que dit la source sur **${t}**.`,
    rereadStatement: 'Relisez l’énoncé et demandez-vous quel terme convient à son contexte.',
    wholeStatement:
      'Une seule option rend tout l’énoncé vrai, pas seulement les mots autour du blanc.',
    ruleOut: (o) => `Vous pouvez écarter « ${o} ».`,
    relevantPart: (t) => `Le passage utile se trouve dans « ${t} ».`,
    sayWhatIs: (t) => `Commencez par dire ce qu’est ${t}.`,
    startFrom: (t) => `Partez de ce que dit la source sur ${t}.`,
    keyIdeas: (n) => `Une réponse complète apporte environ ${n} idées clés de la source.`,
    sayWhen: 'Dites quand cela s’est produit.',
    includeFigures: 'Donnez les chiffres que fournit la source.',
    nameWho: 'Nommez qui ou quoi est en jeu.',
    reread:
      'Relisez le passage sur lequel porte la question et expliquez-le avec vos propres mots.',
  },
  pt: {
    thinkAbout: (t) => `Pense no que a fonte diz sobre **${t}**.`,
    rereadStatement: 'Releia a afirmação e pense em qual termo se encaixa no contexto.',
    wholeStatement:
      'Só uma opção torna toda a afirmação verdadeira, não apenas as palavras perto da lacuna.',
    ruleOut: (o) => `Você pode descartar “${o}”.`,
    relevantPart: (t) => `A parte relevante está em “${t}”.`,
    sayWhatIs: (t) => `Comece dizendo o que é ${t}.`,
    startFrom: (t) => `Parta do que a fonte diz sobre ${t}.`,
    keyIdeas: (n) => `Uma resposta completa traz cerca de ${n} ideias-chave da fonte.`,
    sayWhen: 'Diga quando aconteceu.',
    includeFigures: 'Inclua os números que a fonte dá.',
    nameWho: 'Diga quem ou o que está envolvido.',
    reread: 'Releia o trecho de que trata a pergunta e explique-o com suas próprias palavras.',
  },
  it: {
    thinkAbout: (t) => `Pensa a cosa dice la fonte su **${t}**.`,
    rereadStatement: 'Rileggi l’affermazione e pensa a quale termine si adatta al contesto.',
    wholeStatement:
      'Solo un’opzione rende vera l’intera affermazione, non solo le parole vicino allo spazio vuoto.',
    ruleOut: (o) => `Puoi escludere «${o}».`,
    relevantPart: (t) => `La parte che ti serve è in «${t}».`,
    sayWhatIs: (t) => `Comincia dicendo che cos’è ${t}.`,
    startFrom: (t) => `Parti da ciò che dice la fonte su ${t}.`,
    keyIdeas: (n) => `Una risposta completa porta circa ${n} idee chiave della fonte.`,
    sayWhen: 'Di’ quando è successo.',
    includeFigures: 'Includi i numeri che dà la fonte.',
    nameWho: 'Indica chi o che cosa è coinvolto.',
    reread: 'Rileggi il passo di cui parla la domanda e spiegalo con parole tue.',
  },
  nl: {
    thinkAbout: (t) => `Denk na over wat de bron zegt over **${t}**.`,
    rereadStatement: 'Lees de bewering opnieuw en bedenk welk begrip in de context past.',
    wholeStatement:
      'Maar één optie maakt de hele bewering waar, niet alleen de woorden naast de open plek.',
    ruleOut: (o) => `Je kunt ‘${o}’ uitsluiten.`,
    relevantPart: (t) => `Het relevante deel staat in ‘${t}’.`,
    sayWhatIs: (t) => `Begin met te zeggen wat ${t} is.`,
    startFrom: (t) => `Ga uit van wat de bron over ${t} zegt.`,
    keyIdeas: (n) => `Een volledig antwoord bevat ongeveer ${n} kernideeën uit de bron.`,
    sayWhen: 'Zeg wanneer het gebeurde.',
    includeFigures: 'Noem de getallen die de bron geeft.',
    nameWho: 'Noem wie of wat erbij betrokken is.',
    reread: 'Lees de passage waar de vraag over gaat opnieuw en leg die uit in je eigen woorden.',
  },
  ru: {
    thinkAbout: (t) => `Подумайте, что говорит источник по теме **${t}**.`,
    rereadStatement: 'Перечитайте утверждение и подумайте, какой термин подходит по смыслу.',
    wholeStatement:
      'Только один вариант делает верным всё утверждение, а не только слова рядом с пропуском.',
    ruleOut: (o) => `Вариант «${o}» можно исключить.`,
    relevantPart: (t) => `Нужное место — в источнике «${t}».`,
    sayWhatIs: (t) => `Начните с того, что такое ${t}.`,
    startFrom: (t) => `Начните с того, что говорит источник по теме «${t}».`,
    keyIdeas: (n) => `Полный ответ включает около ${n} ключевых идей из источника.`,
    sayWhen: 'Скажите, когда это произошло.',
    includeFigures: 'Приведите числа из источника.',
    nameWho: 'Назовите, кто или что в этом участвует.',
    reread: 'Перечитайте отрывок, о котором вопрос, и объясните его своими словами.',
  },
  ar: {
    thinkAbout: (t) => `فكّر فيما يقوله المصدر عن **${t}**.`,
    rereadStatement: 'أعد قراءة العبارة وفكّر في المصطلح الذي يناسب سياقها.',
    wholeStatement: 'خيار واحد فقط يجعل العبارة كلها صحيحة، لا الكلمات المجاورة للفراغ وحدها.',
    ruleOut: (o) => `يمكنك استبعاد «${o}».`,
    relevantPart: (t) => `الجزء المطلوب موجود في «${t}».`,
    sayWhatIs: (t) => `ابدأ بذكر ما هو ${t}.`,
    startFrom: (t) => `ابدأ مما يقوله المصدر عن ${t}.`,
    keyIdeas: (n) => `تتضمن الإجابة الكاملة نحو ${n} من الأفكار الأساسية في المصدر.`,
    sayWhen: 'اذكر متى حدث ذلك.',
    includeFigures: 'اذكر الأرقام التي يوردها المصدر.',
    nameWho: 'اذكر من أو ما الذي يتعلق به الأمر.',
    reread: 'أعد قراءة المقطع الذي يتناوله السؤال واشرحه بكلماتك.',
  },
  ko: {
    thinkAbout: (t) => `자료에서 **${t}**에 대해 무엇이라고 하는지 생각해 보십시오.`,
    rereadStatement: '문장을 다시 읽고 어떤 용어가 문맥에 맞는지 생각해 보십시오.',
    wholeStatement: '빈칸 주변의 단어만이 아니라 문장 전체를 참으로 만드는 보기는 하나뿐입니다.',
    ruleOut: (o) => `‘${o}’은(는) 제외할 수 있습니다.`,
    relevantPart: (t) => `관련된 부분은 ‘${t}’에 있습니다.`,
    sayWhatIs: (t) => `먼저 ${t}이(가) 무엇인지 말하십시오.`,
    startFrom: (t) => `자료에서 ${t}에 대해 말하는 내용부터 시작하십시오.`,
    keyIdeas: (n) => `완전한 답에는 자료의 핵심 개념이 ${n}개 정도 들어갑니다.`,
    sayWhen: '언제 일어났는지 말하십시오.',
    includeFigures: '자료에 나온 수치를 포함하십시오.',
    nameWho: '누가 또는 무엇이 관련되어 있는지 밝히십시오.',
    reread: '문제가 다루는 단락을 다시 읽고 자신의 말로 설명해 보십시오.',
  },
  hi: {
    thinkAbout: (t) => `सोचिए कि स्रोत **${t}** के बारे में क्या कहता है।`,
    rereadStatement: 'कथन को फिर से पढ़िए और सोचिए कि कौन-सा शब्द उसके संदर्भ में ठीक बैठता है।',
    wholeStatement: 'केवल एक विकल्प पूरे कथन को सही बनाता है, सिर्फ़ रिक्त स्थान के आस-पास के शब्दों को नहीं।',
    ruleOut: (o) => `“${o}” को आप छोड़ सकते हैं।`,
    relevantPart: (t) => `संबंधित हिस्सा “${t}” में है।`,
    sayWhatIs: (t) => `पहले बताइए कि ${t} क्या है।`,
    startFrom: (t) => `स्रोत ${t} के बारे में जो कहता है, वहीं से शुरू कीजिए।`,
    keyIdeas: (n) => `पूरे उत्तर में स्रोत के लगभग ${n} मुख्य विचार आते हैं।`,
    sayWhen: 'बताइए कि यह कब हुआ।',
    includeFigures: 'स्रोत में दिए गए आँकड़े शामिल कीजिए।',
    nameWho: 'बताइए कि इसमें कौन या क्या शामिल है।',
    reread: 'प्रश्न जिस अंश के बारे में है, उसे फिर से पढ़िए और अपने शब्दों में समझाइए।',
  },
  zh: {
    thinkAbout: (t) => `想一想资料中关于**${t}**是怎么说的。`,
    rereadStatement: '再读一遍这句话，想想哪个词语符合上下文。',
    wholeStatement: '只有一个选项能让整句话成立，而不只是和空白处前后的词语搭配。',
    ruleOut: (o) => `可以排除“${o}”。`,
    relevantPart: (t) => `相关内容在“${t}”中。`,
    sayWhatIs: (t) => `先说明${t}是什么。`,
    startFrom: (t) => `从资料中关于${t}的说法入手。`,
    keyIdeas: (n) => `完整的答案大约包含资料中的${n}个要点。`,
    sayWhen: '说明它是什么时候发生的。',
    includeFigures: '写出资料中给出的数字。',
    nameWho: '说明涉及的是谁或什么。',
    reread: '重读题目涉及的段落，用自己的话解释。',
  },
  ja: {
    thinkAbout: (t) => `資料が**${t}**について何と言っているか考えてみてください。`,
    rereadStatement: '文をもう一度読んで、文脈に合う語はどれか考えてみてください。',
    wholeStatement: '空欄の前後の語だけでなく、文全体を正しくする選択肢は一つだけです。',
    ruleOut: (o) => `「${o}」は除外できます。`,
    relevantPart: (t) => `関係する箇所は「${t}」にあります。`,
    sayWhatIs: (t) => `まず${t}とは何かを述べてください。`,
    startFrom: (t) => `資料が${t}について述べていることから始めてください。`,
    keyIdeas: (n) => `完全な解答には、資料の要点がおよそ${n}つ入ります。`,
    sayWhen: 'いつ起きたかを述べてください。',
    includeFigures: '資料にある数値を入れてください。',
    nameWho: '誰が、または何が関わっているかを述べてください。',
    reread: '問題が扱っている箇所を読み直し、自分の言葉で説明してください。',
  },
};

/** The hint's words for a question (its text and its answer or options decide the language). */
export function hintWordsFor(questionText: string): Written<HintWords> {
  return writtenIn({ ...WORDS, en: ENGLISH }, null, questionText, {
    unknown: '(Hint in English: the offline tutor could not tell the language of this question.)',
    cannot: (name) => `(Hint in English: the offline tutor cannot write ${name}.)`,
  });
}
