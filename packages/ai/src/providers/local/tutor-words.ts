import {
  DEFAULT_FOLLOW_UP_PROMPTS,
  FOLLOW_UP_PROMPTS_BY_LANGUAGE,
} from '@mnemo/contracts/api/prompts';
import type { TutorMode } from '../../types';
import { conjunction, languageOfText, writtenIn, type Written } from './learner-language';

/**
 * The offline tutor's own sentences, the framing around the passages it quotes, in the languages the
 * offline provider writes questions and feedback in (question-words.ts, feedback-words.ts): English,
 * German, Spanish, French, Portuguese, Italian, Dutch, Russian, Arabic, Korean, Hindi, Chinese and
 * Japanese. The quoted passages are the sources' own words, so they are already in their language;
 * these sentences must be too, or a Russian learner reads English between Russian quotations.
 *
 * Written by hand, short and fixed: there is no model offline to phrase them, and a fixed phrase
 * can be checked by a speaker. The address follows the grader's feedback in each language (Sie,
 * vous, вы; tú, tu, je, você), so tutor and grader speak alike. Terms are inserted as the sources
 * write them, never inflected: where a language would decline a noun after a preposition (Russian,
 * Hindi postpositions aside) the phrase puts the term where its dictionary form is right
 * ("по теме **X**", "вариант **X**"). Bold (`**X**`) sits inside Chinese and Japanese quotation
 * marks, not around them: CommonMark does not close emphasis after a closing mark followed by a
 * letter, as in `**“X”**出自`.
 */
export type TutorWords = {
  /** How a learner's message in this language asks for something (readMessage). */
  intents: IntentWords;
  /** The follow-up prompts the chat panel offers, in the learner's voice (followUpPrompts). */
  followUps: FollowUpWords;
  /** Terms joined into one list, as the language joins them. */
  list: (items: readonly string[]) => string;

  notFound: string;
  /** Appended to `notFound`: the topics the sources do cover (already bold). */
  topics: (list: string) => string;
  /** Before an answer: where the sources answer a free-response question, not quoted. */
  withheld: (subject: string | null, where: string) => string;
  /** Before an answer: the options are blanked out of the passages. */
  whichOption: string;
  leadLocked: string;
  leadShort: string;
  leadExample: string;
  leadCorrected: (right: string) => string;
  leadAbout: (label: string) => string;
  leadFound: string;
  overviewOf: (title: string) => string;
  overview: string;
  yesRight: (right: string) => string;
  correctNot: (right: string, chosen: string) => string;
  correct: (right: string) => string;
  fullAnswer: (right: string) => string;
  sourcesSay: string;
  aboutYourAnswer: (feedback: string) => string;
  /** The chosen (wrong) option, and the sources' sentence naming it with its [n]. */
  otherRole: (chosen: string, passage: string) => string;
  noConnection: (chosen: string) => string;
  /** A selected text whose passage answers the question: pointed to, not quoted. */
  selectionWithheld: (label: string, where: string) => string;
  selectionFrom: (label: string) => string;
  keyTerms: string;
  selectionDefines: (label: string) => string;
  goesOn: (passage: string) => string;
};

/**
 * The words of a learner's message that ask for something rather than name a subject, and the
 * words of the sources that introduce an example. Each entry is a word or phrase, matched as a
 * whole word, lower-cased; an entry ending in "-" is a word start ("erklär-": erkläre, erklären),
 * for languages that inflect the verb a request uses. Entries in Korean or Arabic script match
 * inside a word, which they take whole ("الإجابة", "답을": a particle or article is glued on);
 * entries in Chinese or Japanese script match anywhere, those languages write no spaces.
 */
export type IntentWords = {
  /** "Summarise", "main points". */
  summary: readonly string[];
  /** "In simple terms", "in short". */
  simple: readonly string[];
  /** "An example", "an analogy". */
  example: readonly string[];
  /** "Why", "wrong", "explain the answer": about the question being studied. */
  why: readonly string[];
  /**
   * Request and courtesy words ("dame", "bitte", "请"), dropped with the intents before the message
   * is searched: they say nothing of its subject. English has none here: lexicon.ts's META_WORDS
   * already keeps them out of an English message's terms.
   */
  meta: readonly string[];
  /** Words of the sources' sentences that introduce an example ("for example", "例如"). */
  markers: readonly string[];
};

export type Intent = 'summary' | 'simple' | 'example' | 'why';

/**
 * Follow-up prompts, written as a learner would ask; each asks in words the language's `intents`
 * recognise, so the tutor understands its own suggestions. A term of the conversation is inserted
 * as written (quoted where the language would inflect it).
 */
export type FollowUpWords = {
  /** An empty chat's prompts, per mode (English: the spec's, verbatim). */
  defaults: Readonly<Record<TutorMode, readonly string[]>>;
  /** Without a key term: more detail, an example, a memory aid, the takeaway, what next. */
  general: readonly [string, string, string, string, string];
  detail: (term: string) => string;
  example: (term: string) => string;
  /** Two phrasings, so that consecutive suggestions do not all read alike. */
  remember: readonly [(term: string) => string, (term: string) => string];
  relate: (first: string, second: string) => string;
  takeaway: (term: string) => string;
  after: (term: string) => string;
};

const b = (text: string) => `**${text}**`;

const ENGLISH: TutorWords = {
  list: (items) =>
    items.length <= 1
      ? (items[0] ?? '')
      : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`,
  intents: {
    summary: [
      'summar-',
      'overview',
      'main points',
      'key points',
      'tl;dr',
      'tldr',
      'gist',
      'recap-',
    ],
    simple: [
      "like i'm 5",
      'like im 5',
      "like i'm five",
      'like im five',
      'eli5',
      'simple terms',
      'simply',
      'in short',
    ],
    example: ['example', 'analogy', 'instance', 'application', 'applications'],
    why: ['why', 'wrong', 'correct', 'right answer', 'explain', 'answer'],
    meta: [],
    markers: ['for example', 'for instance', 'such as', 'e.g.', 'like', 'including'],
  },
  followUps: {
    defaults: DEFAULT_FOLLOW_UP_PROMPTS,
    general: [
      'Can you explain that in more detail?',
      'Can you give me an example?',
      'How can I remember this?',
      'What is the key takeaway here?',
      'What should I study next?',
    ],
    detail: (t) => `Can you explain ${t} in more detail?`,
    example: (t) => `Can you give me an example of ${t}?`,
    remember: [(t) => `How can I remember ${t}?`, (t) => `What is an easy way to remember ${t}?`],
    relate: (a, b) => `How does ${a} relate to ${b}?`,
    takeaway: (t) => `What is the key takeaway about ${t}?`,
    after: (t) => `What should I study after ${t}?`,
  },
  notFound: 'I could not find this in your sources.',
  topics: (l) => ` They cover topics such as ${l}; try asking about one of those.`,
  withheld: (s, where) =>
    `I won't give the answer away before you submit yours, but your sources cover this${s ? ` about ${b(s)}` : ''} here: ${where}. ` +
    'Reread that part and put it in your own words.',
  whichOption: 'Which option fits the blank? Submit your answer and I can tell you more.',
  leadLocked: 'Here is what your sources say that bears on this question:',
  leadShort: 'In short, from your sources:',
  leadExample: 'Your sources describe it this way:',
  leadCorrected: (r) => `The correct answer is ${b(r)}. Here is what your sources say:`,
  leadAbout: (l) => `Here is what your sources say about ${b(l)}:`,
  leadFound: 'Here is what I found in your sources:',
  overviewOf: (t) => `In short, here is what ${b(t)} covers:`,
  overview: 'In short, here is what your sources cover:',
  yesRight: (r) => `Yes: ${b(r)} is right.`,
  correctNot: (r, c) => `The correct answer is ${b(r)}, not ${b(c)}.`,
  correct: (r) => `The correct answer is ${b(r)}.`,
  fullAnswer: (r) => `A full answer says: ${b(r)}`,
  sourcesSay: 'Here is what your sources say:',
  aboutYourAnswer: (f) => `About your answer: ${f}`,
  otherRole: (c, p) => `Your sources mention ${b(c)} in another role: ${p}`,
  noConnection: (c) => `Nothing in these passages connects ${b(c)} with this question.`,
  selectionWithheld: (l, where) =>
    `${b(`"${l}"`)} is about this passage of your sources: ${where}. ` +
    "I won't quote it before you submit your answer; reread it and put it in your own words.",
  selectionFrom: (l) => `${b(`"${l}"`)} comes from this passage of your sources:`,
  keyTerms: 'Its key terms, as your sources define them:',
  selectionDefines: (l) => `On ${b(`"${l}"`)}, your sources define:`,
  goesOn: (p) => `The passage goes on: ${p}`,
};

const WORDS: Record<string, TutorWords> = {
  de: {
    list: conjunction('de'),
    intents: {
      summary: [
        'zusammenfass-',
        'fasse',
        'fass',
        'überblick',
        'hauptpunkte',
        'kernpunkte',
        'kernaussage-',
        'das wichtigste',
      ],
      simple: ['einfach', 'einfacher', 'einfachen worten', 'kurz gesagt', 'in kürze'],
      example: ['beispiel-', 'analogie-', 'vergleich', 'anwendung-'],
      why: ['warum', 'wieso', 'weshalb', 'falsch', 'richtig-', 'erklär-', 'antwort-'],
      meta: [
        'bitte',
        'gib',
        'geben',
        'sag',
        'sagen',
        'zeig',
        'zeigen',
        'nenn-',
        'mir',
        'uns',
        'mal',
        'zusammen',
        'quelle-',
        'text',
        'texte-',
        // Asking what a word means or what a passage is about is a request, not the topic:
        // "Was bedeutet X?", "Worum geht es bei X?", "Was heißt X?" (issue 21, bench/tutor-questions.ts).
        'bedeutet',
        'bedeuten',
        'heißt',
        'worum',
        'geht es',
        'wofür',
        'wozu',
      ],
      markers: ['zum beispiel', 'z. b.', 'z.b.', 'beispielsweise', 'etwa', 'darunter'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['de']!,
      general: [
        'Kannst du das genauer erklären?',
        'Gib mir ein Beispiel',
        'Wie kann ich mir das merken?',
        'Was ist hier das Wichtigste?',
        'Was sollte ich als Nächstes lernen?',
      ],
      detail: (t) => `Erkläre ${t} genauer`,
      example: (t) => `Gib mir ein Beispiel für ${t}`,
      remember: [
        (t) => `Wie kann ich mir ${t} merken?`,
        (t) => `Gibt es eine Eselsbrücke für ${t}?`,
      ],
      relate: (a, b) => `Wie hängt ${a} mit ${b} zusammen?`,
      takeaway: (t) => `Was ist das Wichtigste an ${t}?`,
      after: (t) => `Was sollte ich nach ${t} lernen?`,
    },
    notFound: 'Dazu habe ich in Ihren Quellen nichts gefunden.',
    topics: (l) => ` Sie behandeln Themen wie ${l}; fragen Sie nach einem davon.`,
    withheld: (s, where) =>
      `Ich verrate die Antwort nicht, bevor Sie Ihre abgegeben haben, aber Ihre Quellen behandeln das${s ? ` (${b(s)})` : ''} hier: ${where}. ` +
      'Lesen Sie diese Stelle noch einmal und fassen Sie sie in eigene Worte.',
    whichOption:
      'Welche Option passt in die Lücke? Geben Sie Ihre Antwort ab, dann erkläre ich mehr.',
    leadLocked: 'Das sagen Ihre Quellen zu dieser Frage:',
    leadShort: 'Kurz gesagt, aus Ihren Quellen:',
    leadExample: 'So beschreiben es Ihre Quellen:',
    leadCorrected: (r) => `Die richtige Antwort ist ${b(r)}. Das sagen Ihre Quellen:`,
    leadAbout: (l) => `Das sagen Ihre Quellen zu ${b(l)}:`,
    leadFound: 'Das habe ich in Ihren Quellen gefunden:',
    overviewOf: (t) => `Kurz gesagt, darum geht es in ${b(t)}:`,
    overview: 'Kurz gesagt, darum geht es in Ihren Quellen:',
    yesRight: (r) => `Ja: ${b(r)} ist richtig.`,
    correctNot: (r, c) => `Die richtige Antwort ist ${b(r)}, nicht ${b(c)}.`,
    correct: (r) => `Die richtige Antwort ist ${b(r)}.`,
    fullAnswer: (r) => `Eine vollständige Antwort lautet: ${b(r)}`,
    sourcesSay: 'Das sagen Ihre Quellen:',
    aboutYourAnswer: (f) => `Zu Ihrer Antwort: ${f}`,
    otherRole: (c, p) => `Ihre Quellen nennen ${b(c)} in einem anderen Zusammenhang: ${p}`,
    noConnection: (c) => `Nichts in diesen Abschnitten verbindet ${b(c)} mit dieser Frage.`,
    selectionWithheld: (l, where) =>
      `${b(`„${l}“`)} gehört zu diesem Abschnitt Ihrer Quellen: ${where}. ` +
      'Ich zitiere ihn nicht, bevor Sie Ihre Antwort abgegeben haben; lesen Sie ihn noch einmal und fassen Sie ihn in eigene Worte.',
    selectionFrom: (l) => `${b(`„${l}“`)} stammt aus diesem Abschnitt Ihrer Quellen:`,
    keyTerms: 'Die Schlüsselbegriffe, wie Ihre Quellen sie erklären:',
    selectionDefines: (l) => `Zu ${b(`„${l}“`)} erklären Ihre Quellen:`,
    goesOn: (p) => `Der Abschnitt geht weiter: ${p}`,
  },
  es: {
    list: conjunction('es'),
    intents: {
      summary: [
        'resum-',
        'síntesis',
        'sintetiz-',
        'puntos clave',
        'puntos principales',
        'idea principal',
        'ideas principales',
        'panorama',
      ],
      simple: ['sencill-', 'simple', 'simplemente', 'en pocas palabras', 'en resumen', 'fácil'],
      example: ['ejemplo-', 'analogía-', 'aplicaci-', 'caso práctico'],
      why: [
        'por qué',
        'porqué',
        'mal',
        'incorrect-',
        'correct-',
        'explic-',
        'explíc-',
        'respuesta-',
      ],
      meta: [
        'por favor',
        'dame',
        'dime',
        'muéstrame',
        'muestra',
        'pon',
        'ponme',
        'me',
        'nos',
        'hazme',
        'haz',
        'esto',
        'fuente-',
        'texto-',
        // "¿Qué significa X?": a request, not the topic.
        'significa',
        'significan',
        'quiere decir',
      ],
      markers: [
        'por ejemplo',
        'tales como',
        'tal como',
        'p. ej.',
        'incluido',
        'incluidos',
        'entre ellos',
      ],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['es']!,
      general: [
        '¿Puedes explicarlo con más detalle?',
        'Dame un ejemplo',
        '¿Cómo puedo recordar esto?',
        '¿Qué es lo más importante aquí?',
        '¿Qué debería estudiar después?',
      ],
      detail: (t) => `¿Puedes explicar ${t} con más detalle?`,
      example: (t) => `Dame un ejemplo de ${t}`,
      remember: [
        (t) => `¿Cómo puedo recordar ${t}?`,
        (t) => `¿Hay una forma fácil de recordar ${t}?`,
      ],
      relate: (a, b) => `¿Qué relación hay entre ${a} y ${b}?`,
      takeaway: (t) => `¿Qué es lo más importante sobre ${t}?`,
      after: (t) => `¿Qué debería estudiar después de ${t}?`,
    },
    notFound: 'No encontré esto en tus fuentes.',
    topics: (l) => ` Tratan temas como ${l}; prueba a preguntar por alguno de ellos.`,
    withheld: (s, where) =>
      `No te daré la respuesta antes de que envíes la tuya, pero tus fuentes tratan esto${s ? ` (${b(s)})` : ''} aquí: ${where}. ` +
      'Vuelve a leer esa parte y explícala con tus propias palabras.',
    whichOption: '¿Qué opción completa el espacio en blanco? Envía tu respuesta y te cuento más.',
    leadLocked: 'Esto dicen tus fuentes sobre esta pregunta:',
    leadShort: 'En resumen, según tus fuentes:',
    leadExample: 'Tus fuentes lo describen así:',
    leadCorrected: (r) => `La respuesta correcta es ${b(r)}. Esto dicen tus fuentes:`,
    leadAbout: (l) => `Esto dicen tus fuentes sobre ${b(l)}:`,
    leadFound: 'Esto es lo que encontré en tus fuentes:',
    overviewOf: (t) => `En resumen, esto es lo que trata ${b(t)}:`,
    overview: 'En resumen, esto es lo que tratan tus fuentes:',
    yesRight: (r) => `Sí: ${b(r)} es la respuesta correcta.`,
    correctNot: (r, c) => `La respuesta correcta es ${b(r)}, no ${b(c)}.`,
    correct: (r) => `La respuesta correcta es ${b(r)}.`,
    fullAnswer: (r) => `Una respuesta completa dice: ${b(r)}`,
    sourcesSay: 'Esto dicen tus fuentes:',
    aboutYourAnswer: (f) => `Sobre tu respuesta: ${f}`,
    otherRole: (c, p) => `Tus fuentes mencionan ${b(c)} en otro contexto: ${p}`,
    noConnection: (c) => `Nada en estos pasajes relaciona ${b(c)} con esta pregunta.`,
    selectionWithheld: (l, where) =>
      `${b(`«${l}»`)} corresponde a este pasaje de tus fuentes: ${where}. ` +
      'No lo citaré antes de que envíes tu respuesta; vuelve a leerlo y explícalo con tus propias palabras.',
    selectionFrom: (l) => `${b(`«${l}»`)} viene de este pasaje de tus fuentes:`,
    keyTerms: 'Sus términos clave, tal como los definen tus fuentes:',
    selectionDefines: (l) => `Sobre ${b(`«${l}»`)}, tus fuentes definen:`,
    goesOn: (p) => `El pasaje continúa: ${p}`,
  },
  fr: {
    list: conjunction('fr'),
    intents: {
      summary: [
        'résum-',
        'synthèse',
        'synthétis-',
        'points clés',
        'points principaux',
        'idée principale',
        'aperçu',
        'récapitul-',
      ],
      simple: ['simple-', 'en bref', 'en résumé', 'facile-', 'en termes simples'],
      example: ['exemple-', 'analogie-', 'application-', 'cas concret'],
      why: ['pourquoi', 'faux', 'fausse', 'correct-', 'bonne réponse', 'expliqu-', 'répons-'],
      meta: [
        's’il te plaît',
        "s'il te plaît",
        's’il vous plaît',
        "s'il vous plaît",
        'donne-moi',
        'donnez-moi',
        'dis-moi',
        'dites-moi',
        'montre-moi',
        'montrez-moi',
        // The verb alone too ("Donne un exemple"): a learner drops the "-moi".
        'donne',
        'donnez',
        'montre',
        'montrez',
        'fais',
        // "Que signifie X ?", "Qu'est-ce que X ?": a request, not the topic.
        'signifie',
        'signifient',
        'veut dire',
        "qu'est-ce que",
        "qu'est-ce qu'",
        'faites',
        'moi',
        'nous',
        'source-',
        'texte-',
      ],
      markers: ['par exemple', 'tels que', 'telles que', 'tel que', 'telle que', 'notamment'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['fr']!,
      general: [
        'Peux-tu expliquer cela plus en détail ?',
        'Donne-moi un exemple',
        'Comment retenir cela ?',
        'Quel est l’essentiel à retenir ici ?',
        'Que devrais-je étudier ensuite ?',
      ],
      detail: (t) => `Peux-tu expliquer « ${t} » plus en détail ?`,
      example: (t) => `Donne-moi un exemple de « ${t} »`,
      remember: [
        (t) => `Comment retenir « ${t} » ?`,
        (t) => `Existe-t-il un moyen simple de retenir « ${t} » ?`,
      ],
      relate: (a, b) => `Quel est le lien entre « ${a} » et « ${b} » ?`,
      takeaway: (t) => `Quel est l’essentiel à retenir sur « ${t} » ?`,
      after: (t) => `Que devrais-je étudier après « ${t} » ?`,
    },
    notFound: 'Je n’ai pas trouvé cela dans vos sources.',
    topics: (l) => ` Elles traitent de sujets comme ${l} ; posez une question sur l’un d’eux.`,
    withheld: (s, where) =>
      `Je ne vous donnerai pas la réponse avant que vous ayez soumis la vôtre, mais vos sources en parlent${s ? ` (${b(s)})` : ''} ici : ${where}. ` +
      'Relisez ce passage et reformulez-le avec vos propres mots.',
    whichOption:
      'Quelle option complète le blanc ? Soumettez votre réponse et je vous en dirai plus.',
    leadLocked: 'Voici ce que disent vos sources à propos de cette question :',
    leadShort: 'En bref, d’après vos sources :',
    leadExample: 'Vos sources le décrivent ainsi :',
    leadCorrected: (r) => `La bonne réponse est ${b(r)}. Voici ce que disent vos sources :`,
    leadAbout: (l) => `Voici ce que disent vos sources sur ${b(l)} :`,
    leadFound: 'Voici ce que j’ai trouvé dans vos sources :',
    overviewOf: (t) => `En bref, voici de quoi traite ${b(t)} :`,
    overview: 'En bref, voici de quoi traitent vos sources :',
    yesRight: (r) => `Oui : ${b(r)} est la bonne réponse.`,
    correctNot: (r, c) => `La bonne réponse est ${b(r)}, pas ${b(c)}.`,
    correct: (r) => `La bonne réponse est ${b(r)}.`,
    fullAnswer: (r) => `Une réponse complète dit : ${b(r)}`,
    sourcesSay: 'Voici ce que disent vos sources :',
    aboutYourAnswer: (f) => `À propos de votre réponse : ${f}`,
    otherRole: (c, p) => `Vos sources mentionnent ${b(c)} dans un autre contexte : ${p}`,
    noConnection: (c) => `Rien dans ces passages ne relie ${b(c)} à cette question.`,
    selectionWithheld: (l, where) =>
      `${b(`« ${l} »`)} renvoie à ce passage de vos sources : ${where}. ` +
      'Je ne le citerai pas avant que vous ayez soumis votre réponse ; relisez-le et reformulez-le avec vos propres mots.',
    selectionFrom: (l) => `${b(`« ${l} »`)} vient de ce passage de vos sources :`,
    keyTerms: 'Ses termes clés, tels que vos sources les définissent :',
    selectionDefines: (l) => `Sur ${b(`« ${l} »`)}, vos sources définissent :`,
    goesOn: (p) => `Le passage continue : ${p}`,
  },
  pt: {
    list: conjunction('pt'),
    intents: {
      summary: [
        'resum-',
        'síntese',
        'sintetiz-',
        'pontos principais',
        'pontos-chave',
        'ideia principal',
        'visão geral',
      ],
      simple: ['simples', 'simplesmente', 'em poucas palavras', 'em resumo', 'fácil'],
      example: ['exemplo-', 'analogia-', 'aplicaç-'],
      why: [
        'por que',
        'por quê',
        'porque',
        'errad-',
        'corret-',
        'certa',
        'certo',
        'explic-',
        'resposta-',
      ],
      meta: [
        'por favor',
        'me dê',
        'dê-me',
        'diga',
        'mostre',
        'me',
        'nos',
        'fonte-',
        'texto-',
        // "O que significa X?": a request, not the topic.
        'significa',
        'significam',
        'quer dizer',
      ],
      markers: ['por exemplo', 'tais como', 'tal como', 'incluindo'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['pt']!,
      general: [
        'Pode explicar isso com mais detalhes?',
        'Dê-me um exemplo',
        'Como posso lembrar disso?',
        'Qual é o ponto mais importante aqui?',
        'O que devo estudar a seguir?',
      ],
      detail: (t) => `Pode explicar ${t} com mais detalhes?`,
      example: (t) => `Dê-me um exemplo de ${t}`,
      remember: [
        (t) => `Como posso lembrar ${t}?`,
        (t) => `Existe um jeito fácil de lembrar ${t}?`,
      ],
      relate: (a, b) => `Qual é a relação entre ${a} e ${b}?`,
      takeaway: (t) => `Qual é o ponto mais importante sobre ${t}?`,
      after: (t) => `O que devo estudar depois de ${t}?`,
    },
    notFound: 'Não encontrei isso nas suas fontes.',
    topics: (l) => ` Elas tratam de temas como ${l}; tente perguntar sobre um deles.`,
    withheld: (s, where) =>
      `Não vou dar a resposta antes de você enviar a sua, mas suas fontes tratam disso${s ? ` (${b(s)})` : ''} aqui: ${where}. ` +
      'Releia essa parte e explique-a com suas próprias palavras.',
    whichOption: 'Qual opção preenche a lacuna? Envie sua resposta e eu explico mais.',
    leadLocked: 'Isto é o que suas fontes dizem sobre esta pergunta:',
    leadShort: 'Em resumo, segundo suas fontes:',
    leadExample: 'Suas fontes descrevem assim:',
    leadCorrected: (r) => `A resposta correta é ${b(r)}. Isto é o que suas fontes dizem:`,
    leadAbout: (l) => `Isto é o que suas fontes dizem sobre ${b(l)}:`,
    leadFound: 'Isto é o que encontrei nas suas fontes:',
    overviewOf: (t) => `Em resumo, é disto que ${b(t)} trata:`,
    overview: 'Em resumo, é disto que suas fontes tratam:',
    yesRight: (r) => `Sim: ${b(r)} é a resposta correta.`,
    correctNot: (r, c) => `A resposta correta é ${b(r)}, não ${b(c)}.`,
    correct: (r) => `A resposta correta é ${b(r)}.`,
    fullAnswer: (r) => `Uma resposta completa diz: ${b(r)}`,
    sourcesSay: 'Isto é o que suas fontes dizem:',
    aboutYourAnswer: (f) => `Sobre sua resposta: ${f}`,
    otherRole: (c, p) => `Suas fontes mencionam ${b(c)} em outro contexto: ${p}`,
    noConnection: (c) => `Nada nestes trechos liga ${b(c)} a esta pergunta.`,
    selectionWithheld: (l, where) =>
      `${b(`“${l}”`)} se refere a este trecho das suas fontes: ${where}. ` +
      'Não vou citá-lo antes de você enviar sua resposta; releia-o e explique-o com suas próprias palavras.',
    selectionFrom: (l) => `${b(`“${l}”`)} vem deste trecho das suas fontes:`,
    keyTerms: 'Seus termos-chave, como suas fontes os definem:',
    selectionDefines: (l) => `Sobre ${b(`“${l}”`)}, suas fontes definem:`,
    goesOn: (p) => `O trecho continua: ${p}`,
  },
  it: {
    list: conjunction('it'),
    intents: {
      summary: [
        'riassum-',
        'riassunt-',
        'sintesi',
        'sintetizz-',
        'punti chiave',
        'punti principali',
        'idea principale',
        'panoramica',
      ],
      simple: ['semplic-', 'in breve', 'in poche parole', 'facile'],
      example: ['esempi-', 'analogi-', 'applicazion-'],
      why: ['perché', 'perche', 'sbagliat-', 'corrett-', 'giusta', 'giusto', 'spieg-', 'rispost-'],
      meta: [
        'per favore',
        'dammi',
        'dimmi',
        'mostrami',
        'fammi',
        'mi',
        'ci',
        'fonte-',
        'fonti',
        'testo-',
        // "Che cosa significa X?", "Che cos'è X?": a request, not the topic.
        'significa',
        'significano',
        'vuol dire',
        'cosa',
      ],
      markers: ['per esempio', 'ad esempio', 'tra cui', 'come ad esempio'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['it']!,
      general: [
        'Puoi spiegarlo più nel dettaglio?',
        'Fammi un esempio',
        'Come posso ricordarlo?',
        'Qual è il punto chiave qui?',
        'Cosa dovrei studiare dopo?',
      ],
      detail: (t) => `Puoi spiegare ${t} più nel dettaglio?`,
      example: (t) => `Fammi un esempio di ${t}`,
      remember: [
        (t) => `Come posso ricordare ${t}?`,
        (t) => `C’è un modo facile per ricordare ${t}?`,
      ],
      relate: (a, b) => `Che rapporto c’è tra ${a} e ${b}?`,
      takeaway: (t) => `Qual è il punto chiave su ${t}?`,
      after: (t) => `Cosa dovrei studiare dopo ${t}?`,
    },
    notFound: 'Non ho trovato questo nelle tue fonti.',
    topics: (l) => ` Trattano argomenti come ${l}; prova a chiedere di uno di questi.`,
    withheld: (s, where) =>
      `Non ti darò la risposta prima che tu abbia inviato la tua, ma le tue fonti ne parlano${s ? ` (${b(s)})` : ''} qui: ${where}. ` +
      'Rileggi quella parte e spiegala con parole tue.',
    whichOption: 'Quale opzione completa lo spazio vuoto? Invia la tua risposta e ti dirò di più.',
    leadLocked: 'Ecco cosa dicono le tue fonti su questa domanda:',
    leadShort: 'In breve, dalle tue fonti:',
    leadExample: 'Le tue fonti lo descrivono così:',
    leadCorrected: (r) => `La risposta corretta è ${b(r)}. Ecco cosa dicono le tue fonti:`,
    leadAbout: (l) => `Ecco cosa dicono le tue fonti su ${b(l)}:`,
    leadFound: 'Ecco cosa ho trovato nelle tue fonti:',
    overviewOf: (t) => `In breve, ecco di cosa tratta ${b(t)}:`,
    overview: 'In breve, ecco di cosa trattano le tue fonti:',
    yesRight: (r) => `Sì: ${b(r)} è la risposta corretta.`,
    correctNot: (r, c) => `La risposta corretta è ${b(r)}, non ${b(c)}.`,
    correct: (r) => `La risposta corretta è ${b(r)}.`,
    fullAnswer: (r) => `Una risposta completa dice: ${b(r)}`,
    sourcesSay: 'Ecco cosa dicono le tue fonti:',
    aboutYourAnswer: (f) => `Sulla tua risposta: ${f}`,
    otherRole: (c, p) => `Le tue fonti citano ${b(c)} in un altro contesto: ${p}`,
    noConnection: (c) => `Niente in questi passi collega ${b(c)} a questa domanda.`,
    selectionWithheld: (l, where) =>
      `${b(`«${l}»`)} si riferisce a questo passo delle tue fonti: ${where}. ` +
      'Non lo citerò prima che tu abbia inviato la tua risposta; rileggilo e spiegalo con parole tue.',
    selectionFrom: (l) => `${b(`«${l}»`)} viene da questo passo delle tue fonti:`,
    keyTerms: 'I suoi termini chiave, come li definiscono le tue fonti:',
    selectionDefines: (l) => `Su ${b(`«${l}»`)}, le tue fonti definiscono:`,
    goesOn: (p) => `Il passo continua: ${p}`,
  },
  nl: {
    list: conjunction('nl'),
    intents: {
      summary: [
        'samenvat-',
        'vat samen',
        'overzicht',
        'hoofdpunten',
        'kernpunten',
        'belangrijkste punten',
      ],
      simple: ['eenvoudig-', 'simpel', 'kort gezegd', 'in het kort'],
      example: ['voorbeeld-', 'analogie-', 'toepassing-', 'vergelijking'],
      why: [
        'waarom',
        'fout',
        'verkeerd',
        'juist-',
        'goed antwoord',
        'uitleg-',
        'leg uit',
        'antwoord-',
      ],
      meta: [
        'alsjeblieft',
        'alstublieft',
        'graag',
        'geef',
        'vertel',
        'laat',
        'zien',
        'mij',
        'ons',
        'samen',
        'bron-',
        'tekst-',
      ],
      markers: ['bijvoorbeeld', 'zoals', 'onder andere', 'waaronder'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['nl']!,
      general: [
        'Kun je dat uitgebreider uitleggen?',
        'Geef me een voorbeeld',
        'Hoe kan ik dit onthouden?',
        'Wat is hier het belangrijkste?',
        'Wat moet ik hierna bestuderen?',
      ],
      detail: (t) => `Kun je ${t} uitgebreider uitleggen?`,
      example: (t) => `Geef me een voorbeeld van ${t}`,
      remember: [
        (t) => `Hoe kan ik ${t} onthouden?`,
        (t) => `Wat is een makkelijke manier om ${t} te onthouden?`,
      ],
      relate: (a, b) => `Hoe hangt ${a} samen met ${b}?`,
      takeaway: (t) => `Wat is het belangrijkste over ${t}?`,
      after: (t) => `Wat moet ik na ${t} bestuderen?`,
    },
    notFound: 'Ik heb dit niet in je bronnen gevonden.',
    topics: (l) => ` Ze gaan over onderwerpen als ${l}; vraag naar een daarvan.`,
    withheld: (s, where) =>
      `Ik verklap het antwoord niet voordat je het jouwe hebt ingediend, maar je bronnen behandelen dit${s ? ` (${b(s)})` : ''} hier: ${where}. ` +
      'Lees dat deel opnieuw en zeg het in je eigen woorden.',
    whichOption: 'Welke optie past in de open plek? Dien je antwoord in, dan vertel ik meer.',
    leadLocked: 'Dit zeggen je bronnen over deze vraag:',
    leadShort: 'Kort gezegd, uit je bronnen:',
    leadExample: 'Je bronnen beschrijven het zo:',
    leadCorrected: (r) => `Het juiste antwoord is ${b(r)}. Dit zeggen je bronnen:`,
    leadAbout: (l) => `Dit zeggen je bronnen over ${b(l)}:`,
    leadFound: 'Dit heb ik in je bronnen gevonden:',
    overviewOf: (t) => `Kort gezegd gaat ${b(t)} hierover:`,
    overview: 'Kort gezegd gaan je bronnen hierover:',
    yesRight: (r) => `Ja: ${b(r)} is het juiste antwoord.`,
    correctNot: (r, c) => `Het juiste antwoord is ${b(r)}, niet ${b(c)}.`,
    correct: (r) => `Het juiste antwoord is ${b(r)}.`,
    fullAnswer: (r) => `Een volledig antwoord luidt: ${b(r)}`,
    sourcesSay: 'Dit zeggen je bronnen:',
    aboutYourAnswer: (f) => `Over je antwoord: ${f}`,
    otherRole: (c, p) => `Je bronnen noemen ${b(c)} in een ander verband: ${p}`,
    noConnection: (c) => `Niets in deze passages verbindt ${b(c)} met deze vraag.`,
    selectionWithheld: (l, where) =>
      `${b(`‘${l}’`)} hoort bij deze passage van je bronnen: ${where}. ` +
      'Ik citeer die niet voordat je je antwoord hebt ingediend; lees hem opnieuw en zeg het in je eigen woorden.',
    selectionFrom: (l) => `${b(`‘${l}’`)} komt uit deze passage van je bronnen:`,
    keyTerms: 'De kernbegrippen, zoals je bronnen ze omschrijven:',
    selectionDefines: (l) => `Over ${b(`‘${l}’`)} zeggen je bronnen:`,
    goesOn: (p) => `De passage gaat verder: ${p}`,
  },
  // The term stays in its dictionary form: "по теме X", "вариант X", "фрагмент «X»" need no case.
  ru: {
    list: conjunction('ru'),
    intents: {
      summary: [
        'резюм-',
        'обзор-',
        'основные моменты',
        'главное',
        'главные мысли',
        'суть',
        'подытож-',
        'перескаж-',
      ],
      simple: ['прост-', 'кратко', 'короче', 'вкратце', 'понятн-'],
      example: ['пример-', 'аналоги-', 'применени-'],
      why: ['почему', 'отчего', 'неправильн-', 'неверн-', 'правильн-', 'объясн-', 'ответ-'],
      meta: [
        'пожалуйста',
        'дай-',
        'скажи-',
        'покажи-',
        'расскажи-',
        'привед-',
        'мне',
        'нам',
        'источник-',
        'текст-',
      ],
      markers: ['например', 'такие как', 'таких как', 'такими как', 'в том числе', 'к примеру'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['ru']!,
      general: [
        'Можете объяснить подробнее?',
        'Приведите пример',
        'Как это запомнить?',
        'Что здесь главное?',
        'Что изучить дальше?',
      ],
      detail: (t) => `Расскажите подробнее по теме «${t}»`,
      example: (t) => `Приведите пример по теме «${t}»`,
      remember: [(t) => `Как запомнить «${t}»?`, (t) => `Как легче запомнить «${t}»?`],
      relate: (a, b) => `Как связаны «${a}» и «${b}»?`,
      takeaway: (t) => `Что главное в теме «${t}»?`,
      after: (t) => `Что изучить после темы «${t}»?`,
    },
    notFound: 'В ваших источниках об этом ничего не нашлось.',
    topics: (l) => ` Они касаются таких тем, как ${l}; спросите об одной из них.`,
    withheld: (s, where) =>
      `Я не скажу ответ, пока вы не отправите свой, но ваши источники говорят об этом${s ? ` (${b(s)})` : ''} здесь: ${where}. ` +
      'Перечитайте это место и перескажите его своими словами.',
    whichOption: 'Какой вариант подходит на место пропуска? Отправьте ответ, и я расскажу больше.',
    leadLocked: 'Вот что говорят ваши источники по этому вопросу:',
    leadShort: 'Коротко, по вашим источникам:',
    leadExample: 'Вот как это описано в ваших источниках:',
    leadCorrected: (r) => `Правильный ответ: ${b(r)}. Вот что говорят ваши источники:`,
    leadAbout: (l) => `Вот что говорят ваши источники по теме ${b(l)}:`,
    leadFound: 'Вот что нашлось в ваших источниках:',
    overviewOf: (t) => `Коротко о содержании источника ${b(t)}:`,
    overview: 'Коротко о содержании ваших источников:',
    yesRight: (r) => `Да: ${b(r)} — правильный ответ.`,
    correctNot: (r, c) => `Правильный ответ: ${b(r)}, а не ${b(c)}.`,
    correct: (r) => `Правильный ответ: ${b(r)}.`,
    fullAnswer: (r) => `Полный ответ: ${b(r)}`,
    sourcesSay: 'Вот что говорят ваши источники:',
    aboutYourAnswer: (f) => `О вашем ответе: ${f}`,
    otherRole: (c, p) => `Вариант ${b(c)} упоминается в ваших источниках в другой связи: ${p}`,
    noConnection: (c) => `В этих отрывках вариант ${b(c)} никак не связан с этим вопросом.`,
    selectionWithheld: (l, where) =>
      `Фрагмент ${b(`«${l}»`)} относится к этому отрывку ваших источников: ${where}. ` +
      'Я не буду его цитировать, пока вы не отправите ответ; перечитайте его и перескажите своими словами.',
    selectionFrom: (l) => `Фрагмент ${b(`«${l}»`)} взят из этого отрывка ваших источников:`,
    keyTerms: 'Его ключевые термины и их определения в ваших источниках:',
    selectionDefines: (l) => `К фрагменту ${b(`«${l}»`)} ваши источники дают определения:`,
    goesOn: (p) => `Дальше в отрывке: ${p}`,
  },
  ar: {
    list: conjunction('ar'),
    intents: {
      summary: [
        'لخص',
        'لخّص',
        'ملخص',
        'تلخيص',
        'خلاصة',
        'النقاط الرئيسية',
        'أهم النقاط',
        'نظرة عامة',
      ],
      simple: ['ببساطة', 'بسيط', 'باختصار', 'بإيجاز'],
      example: ['مثال', 'أمثلة', 'تشبيه', 'تطبيق'],
      why: ['لماذا', 'خطأ', 'خاطئ', 'صحيح', 'اشرح', 'شرح', 'إجاب', 'جواب'],
      meta: ['من فضلك', 'لو سمحت', 'أعطني', 'قل لي', 'أخبرني', 'أرني', 'المصدر', 'المصادر', 'النص'],
      markers: ['على سبيل المثال', 'مثلا', 'مثلاً', 'مثل', 'بما في ذلك'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['ar']!,
      general: [
        'هل يمكنك شرح ذلك بتفصيل أكثر؟',
        'أعطني مثالًا',
        'كيف أتذكر هذا؟',
        'ما الفكرة الأهم هنا؟',
        'ماذا أدرس بعد ذلك؟',
      ],
      detail: (t) => `اشرح ${t} بتفصيل أكثر`,
      example: (t) => `أعطني مثالًا على ${t}`,
      remember: [(t) => `كيف أتذكر ${t}؟`, (t) => `ما الطريقة السهلة لتذكر ${t}؟`],
      relate: (a, b) => `ما العلاقة بين ${a} و${b}؟`,
      takeaway: (t) => `ما الفكرة الأهم عن ${t}؟`,
      after: (t) => `ماذا أدرس بعد ${t}؟`,
    },
    notFound: 'لم أجد هذا في مصادرك.',
    topics: (l) => ` تتناول مصادرك موضوعات مثل ${l}؛ جرّب أن تسأل عن أحدها.`,
    withheld: (s, where) =>
      `لن أكشف الإجابة قبل أن ترسل إجابتك، لكن مصادرك تتناول هذا${s ? ` (${b(s)})` : ''} هنا: ${where}. ` +
      'أعد قراءة هذا الجزء وعبّر عنه بكلماتك.',
    whichOption: 'أي خيار يملأ الفراغ؟ أرسل إجابتك وسأخبرك بالمزيد.',
    leadLocked: 'هذا ما تقوله مصادرك عن هذا السؤال:',
    leadShort: 'باختصار، من مصادرك:',
    leadExample: 'هكذا تصفه مصادرك:',
    leadCorrected: (r) => `الإجابة الصحيحة هي ${b(r)}. هذا ما تقوله مصادرك:`,
    leadAbout: (l) => `هذا ما تقوله مصادرك عن ${b(l)}:`,
    leadFound: 'هذا ما وجدته في مصادرك:',
    overviewOf: (t) => `باختصار، هذا ما يتناوله ${b(t)}:`,
    overview: 'باختصار، هذا ما تتناوله مصادرك:',
    yesRight: (r) => `نعم: ${b(r)} هي الإجابة الصحيحة.`,
    correctNot: (r, c) => `الإجابة الصحيحة هي ${b(r)}، لا ${b(c)}.`,
    correct: (r) => `الإجابة الصحيحة هي ${b(r)}.`,
    fullAnswer: (r) => `الإجابة الكاملة: ${b(r)}`,
    sourcesSay: 'هذا ما تقوله مصادرك:',
    aboutYourAnswer: (f) => `عن إجابتك: ${f}`,
    otherRole: (c, p) => `تذكر مصادرك ${b(c)} في سياق آخر: ${p}`,
    noConnection: (c) => `لا شيء في هذه المقاطع يربط ${b(c)} بهذا السؤال.`,
    selectionWithheld: (l, where) =>
      `${b(`«${l}»`)} يتعلق بهذا المقطع من مصادرك: ${where}. ` +
      'لن أقتبسه قبل أن ترسل إجابتك؛ أعد قراءته وعبّر عنه بكلماتك.',
    selectionFrom: (l) => `${b(`«${l}»`)} مأخوذ من هذا المقطع من مصادرك:`,
    keyTerms: 'مصطلحاته الأساسية كما تعرّفها مصادرك:',
    selectionDefines: (l) => `عن ${b(`«${l}»`)}، تعرّف مصادرك:`,
    goesOn: (p) => `ويتابع المقطع: ${p}`,
  },
  ko: {
    list: conjunction('ko'),
    intents: {
      summary: ['요약', '정리', '개요', '핵심', '요점'],
      simple: ['쉽게', '간단히', '간단하게', '짧게'],
      example: ['예시', '예를', '예가', '사례', '비유', '응용'],
      why: ['왜', '틀렸', '틀린', '맞는', '정답', '설명', '답을', '답이', '답은'],
      meta: ['주세요', '해 주', '해주', '알려', '보여', '자료', '본문'],
      markers: ['예를 들어', '예컨대', '등의', '같은', '포함'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['ko']!,
      general: [
        '더 자세히 설명해 주세요',
        '예시를 들어 주세요',
        '이것을 어떻게 기억하면 좋을까요?',
        '여기서 핵심은 무엇인가요?',
        '다음에는 무엇을 공부하면 좋을까요?',
      ],
      detail: (t) => `‘${t}’에 대해 더 자세히 설명해 주세요`,
      example: (t) => `‘${t}’의 예시를 들어 주세요`,
      remember: [
        (t) => `‘${t}’, 어떻게 기억하면 좋을까요?`,
        (t) => `‘${t}’ 쉽게 기억하는 방법이 있을까요?`,
      ],
      relate: (a, b) => `‘${a}’, ‘${b}’ 두 개념은 어떤 관계인가요?`,
      takeaway: (t) => `‘${t}’에 대해 꼭 알아야 할 핵심은 무엇인가요?`,
      after: (t) => `‘${t}’ 다음에는 무엇을 공부하면 좋을까요?`,
    },
    notFound: '자료에서 이 내용을 찾지 못했습니다.',
    topics: (l) => ` 자료에서는 ${l} 같은 주제를 다룹니다. 그중 하나에 대해 물어보십시오.`,
    withheld: (s, where) =>
      `답을 제출하기 전에는 정답을 알려 드리지 않지만, 자료에서 이 내용${s ? `(${b(s)})` : ''}을 다루는 곳은 여기입니다: ${where}. ` +
      '그 부분을 다시 읽고 자신의 말로 정리해 보십시오.',
    whichOption: '빈칸에 맞는 보기는 무엇일까요? 답을 제출하시면 더 설명해 드리겠습니다.',
    leadLocked: '이 문제와 관련해 자료에 나온 내용입니다:',
    leadShort: '자료를 간단히 정리하면:',
    leadExample: '자료에서는 이렇게 설명합니다:',
    leadCorrected: (r) => `정답은 ${b(r)}입니다. 자료에 나온 내용은 다음과 같습니다:`,
    leadAbout: (l) => `${b(l)}에 대해 자료에 나온 내용입니다:`,
    leadFound: '자료에서 찾은 내용입니다:',
    overviewOf: (t) => `${b(t)}의 내용을 간단히 정리하면:`,
    overview: '자료의 내용을 간단히 정리하면:',
    yesRight: (r) => `맞습니다: ${b(r)}이(가) 정답입니다.`,
    correctNot: (r, c) => `정답은 ${b(c)}이(가) 아니라 ${b(r)}입니다.`,
    correct: (r) => `정답은 ${b(r)}입니다.`,
    fullAnswer: (r) => `완전한 답: ${b(r)}`,
    sourcesSay: '자료에 나온 내용은 다음과 같습니다:',
    aboutYourAnswer: (f) => `답에 대하여: ${f}`,
    otherRole: (c, p) => `자료에서 ${b(c)}은(는) 다른 맥락에서 나옵니다: ${p}`,
    noConnection: (c) => `이 단락들에는 ${b(c)}을(를) 이 문제와 연결하는 내용이 없습니다.`,
    selectionWithheld: (l, where) =>
      `‘${b(l)}’은(는) 자료의 이 단락에 해당합니다: ${where}. ` +
      '답을 제출하기 전에는 인용하지 않겠습니다. 다시 읽고 자신의 말로 정리해 보십시오.',
    selectionFrom: (l) => `‘${b(l)}’은(는) 자료의 다음 단락에서 나왔습니다:`,
    keyTerms: '자료에서 정의하는 핵심 용어:',
    selectionDefines: (l) => `‘${b(l)}’에 대해 자료에서 정의하는 내용:`,
    goesOn: (p) => `이어지는 내용: ${p}`,
  },
  // Impersonal where a first person would need a gender ("बताऊँगा/बताऊँगी").
  hi: {
    list: conjunction('hi'),
    intents: {
      summary: ['सारांश', 'सार', 'मुख्य बात-', 'मुख्य बिंदु', 'निचोड़'],
      simple: ['सरल', 'आसान', 'संक्षेप में', 'सीधे शब्दों'],
      example: ['उदाहरण', 'मिसाल', 'उपमा', 'अनुप्रयोग'],
      why: ['क्यों', 'गलत', 'ग़लत', 'सही', 'समझा-', 'उत्तर', 'जवाब'],
      meta: ['कृपया', 'दीजिए', 'दो', 'बताइए', 'बताओ', 'दिखाइए', 'मुझे', 'हमें', 'स्रोत', 'पाठ'],
      markers: ['उदाहरण के लिए', 'जैसे कि', 'जैसे', 'सहित'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['hi']!,
      general: [
        'क्या इसे और विस्तार से समझा सकते हैं?',
        'कोई उदाहरण दीजिए',
        'इसे कैसे याद रखें?',
        'यहाँ सबसे ज़रूरी बात क्या है?',
        'आगे क्या पढ़ना चाहिए?',
      ],
      detail: (t) => `${t} को और विस्तार से समझाइए`,
      example: (t) => `${t} का कोई उदाहरण दीजिए`,
      remember: [(t) => `${t} को कैसे याद रखें?`, (t) => `${t} याद रखने का आसान तरीका क्या है?`],
      relate: (a, b) => `${a} और ${b} में क्या संबंध है?`,
      takeaway: (t) => `${t} के बारे में सबसे ज़रूरी बात क्या है?`,
      after: (t) => `${t} के बाद क्या पढ़ना चाहिए?`,
    },
    notFound: 'यह आपके स्रोतों में नहीं मिला।',
    topics: (l) => ` आपके स्रोत ${l} जैसे विषयों पर हैं; इनमें से किसी के बारे में पूछिए।`,
    withheld: (s, where) =>
      `आपका उत्तर जमा होने से पहले सही उत्तर नहीं बताया जाएगा, लेकिन आपके स्रोतों में यह${s ? ` (${b(s)})` : ''} यहाँ मिलता है: ${where}। ` +
      'उस हिस्से को फिर से पढ़िए और अपने शब्दों में लिखिए।',
    whichOption: 'रिक्त स्थान में कौन-सा विकल्प सही बैठता है? अपना उत्तर जमा कीजिए, फिर और जानकारी मिलेगी।',
    leadLocked: 'इस प्रश्न के बारे में आपके स्रोत यह कहते हैं:',
    leadShort: 'संक्षेप में, आपके स्रोतों से:',
    leadExample: 'आपके स्रोत इसे इस तरह बताते हैं:',
    leadCorrected: (r) => `सही उत्तर ${b(r)} है। आपके स्रोत यह कहते हैं:`,
    leadAbout: (l) => `${b(l)} के बारे में आपके स्रोत यह कहते हैं:`,
    leadFound: 'आपके स्रोतों में यह मिला:',
    overviewOf: (t) => `संक्षेप में, ${b(t)} में यह है:`,
    overview: 'संक्षेप में, आपके स्रोतों में यह है:',
    yesRight: (r) => `हाँ: ${b(r)} सही उत्तर है।`,
    correctNot: (r, c) => `सही उत्तर ${b(r)} है, ${b(c)} नहीं।`,
    correct: (r) => `सही उत्तर ${b(r)} है।`,
    fullAnswer: (r) => `पूरा उत्तर: ${b(r)}`,
    sourcesSay: 'आपके स्रोत यह कहते हैं:',
    aboutYourAnswer: (f) => `आपके उत्तर के बारे में: ${f}`,
    otherRole: (c, p) => `आपके स्रोतों में ${b(c)} का उल्लेख किसी और संदर्भ में है: ${p}`,
    noConnection: (c) => `इन अंशों में ${b(c)} का इस प्रश्न से कोई संबंध नहीं बताया गया है।`,
    selectionWithheld: (l, where) =>
      `${b(`“${l}”`)} आपके स्रोतों के इस अंश से जुड़ा है: ${where}। ` +
      'उत्तर जमा होने से पहले इसे उद्धृत नहीं किया जाएगा; इसे फिर से पढ़िए और अपने शब्दों में लिखिए।',
    selectionFrom: (l) => `${b(`“${l}”`)} आपके स्रोतों के इस अंश से है:`,
    keyTerms: 'इसके मुख्य शब्द, जैसे आपके स्रोत उन्हें परिभाषित करते हैं:',
    selectionDefines: (l) => `${b(`“${l}”`)} के बारे में आपके स्रोतों की परिभाषाएँ:`,
    goesOn: (p) => `अंश आगे कहता है: ${p}`,
  },
  // Chinese and Japanese: full-width punctuation, no space before or after it.
  zh: {
    list: conjunction('zh'),
    intents: {
      summary: ['总结', '概括', '摘要', '概述', '要点', '归纳', '重点'],
      simple: ['简单', '通俗', '简而言之', '简短', '浅显'],
      example: [
        '举个例子',
        '举例子',
        '例子',
        '举例',
        '实例',
        '比喻',
        '打比方',
        '比方',
        '类比',
        '应用',
      ],
      why: ['为什么', '为何', '错', '对吗', '正确', '解释', '说明', '答案'],
      meta: ['请', '一下', '给我', '告诉我', '资料'],
      markers: ['例如', '比如', '譬如', '包括', '诸如'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['zh']!,
      general: [
        '能再详细解释一下吗？',
        '能举个例子吗？',
        '怎样才能记住这一点？',
        '这里最重要的是什么？',
        '接下来我应该学什么？',
      ],
      detail: (t) => `能详细解释一下${t}吗？`,
      example: (t) => `能举一个${t}的例子吗？`,
      remember: [(t) => `怎样才能记住${t}？`, (t) => `有什么简单的方法记住${t}？`],
      relate: (a, b) => `${a}和${b}有什么关系？`,
      takeaway: (t) => `关于${t}，最重要的是什么？`,
      after: (t) => `学完${t}之后应该学什么？`,
    },
    notFound: '在你的资料中没有找到相关内容。',
    topics: (l) => `资料涉及${l}等主题，可以试着问问其中之一。`,
    withheld: (s, where) =>
      `在你提交答案之前，我不会透露答案，不过你的资料在这里讲到了${s ? b(s) : '这一点'}：${where}。` +
      '请重读这部分，用自己的话说出来。',
    whichOption: '哪个选项适合填入空白处？提交答案后我可以告诉你更多。',
    leadLocked: '你的资料中与这道题有关的内容如下：',
    leadShort: '简而言之，你的资料说：',
    leadExample: '你的资料是这样描述的：',
    leadCorrected: (r) => `正确答案是${b(r)}。你的资料是这样说的：`,
    leadAbout: (l) => `关于${b(l)}，你的资料是这样说的：`,
    leadFound: '以下是我在你的资料中找到的内容：',
    overviewOf: (t) => `简而言之，${b(t)}讲的是：`,
    overview: '简而言之，你的资料讲的是：',
    yesRight: (r) => `对：${b(r)}是正确答案。`,
    correctNot: (r, c) => `正确答案是${b(r)}，不是${b(c)}。`,
    correct: (r) => `正确答案是${b(r)}。`,
    fullAnswer: (r) => `完整的答案是：${b(r)}`,
    sourcesSay: '你的资料是这样说的：',
    aboutYourAnswer: (f) => `关于你的答案：${f}`,
    otherRole: (c, p) => `你的资料在另一个语境中提到了${b(c)}：${p}`,
    noConnection: (c) => `这些段落中没有内容把${b(c)}和这道题联系起来。`,
    selectionWithheld: (l, where) =>
      `“${b(l)}”出自你的资料的这一段：${where}。` +
      '在你提交答案之前我不会引用它；请重读这一段，用自己的话说出来。',
    selectionFrom: (l) => `“${b(l)}”出自你的资料的这一段：`,
    keyTerms: '其中的关键术语，按你的资料中的定义：',
    selectionDefines: (l) => `关于“${b(l)}”，你的资料给出的定义：`,
    goesOn: (p) => `这一段接着说：${p}`,
  },
  ja: {
    list: conjunction('ja'),
    intents: {
      summary: ['要約', 'まとめ', '概要', '要点', 'ポイント'],
      simple: ['簡単に', 'わかりやすく', '分かりやすく', '手短に', '簡潔'],
      example: ['具体例', '例', 'たとえ', '例え', '応用'],
      why: ['なぜ', 'どうして', '間違', '正解', '正しい', '説明', '答え', '解答'],
      meta: ['してください', 'ください', '教えて', '資料'],
      markers: ['例えば', 'たとえば', 'など', 'のような', 'を含む'],
    },
    followUps: {
      defaults: FOLLOW_UP_PROMPTS_BY_LANGUAGE['ja']!,
      general: [
        'もっと詳しく説明してください',
        '例を挙げてください',
        'どうすれば覚えられますか？',
        'ここで一番大切なことは何ですか？',
        '次は何を学べばいいですか？',
      ],
      detail: (t) => `「${t}」についてもっと詳しく説明してください`,
      example: (t) => `「${t}」の例を挙げてください`,
      remember: [
        (t) => `「${t}」はどうすれば覚えられますか？`,
        (t) => `「${t}」を簡単に覚える方法はありますか？`,
      ],
      relate: (a, b) => `「${a}」と「${b}」はどう関係していますか？`,
      takeaway: (t) => `「${t}」について一番大切なことは何ですか？`,
      after: (t) => `「${t}」の次は何を学べばいいですか？`,
    },
    notFound: '資料の中に、これについての記述は見つかりませんでした。',
    topics: (l) =>
      `資料では${l}などのテーマが扱われています。そのどれかについて質問してみてください。`,
    withheld: (s, where) =>
      `解答を提出するまで答えは教えられませんが、資料では${s ? `${b(s)}について` : 'このことについて'}ここで述べられています：${where}。` +
      'その部分を読み直して、自分の言葉でまとめてみてください。',
    whichOption: '空欄に当てはまる選択肢はどれでしょう？解答を提出すれば、さらに説明します。',
    leadLocked: 'この問題に関係する資料の記述は次のとおりです：',
    leadShort: '資料によれば、要するに：',
    leadExample: '資料では次のように説明されています：',
    leadCorrected: (r) => `正解は${b(r)}です。資料の記述は次のとおりです：`,
    leadAbout: (l) => `${b(l)}について、資料には次のように書かれています：`,
    leadFound: '資料から見つかった記述です：',
    overviewOf: (t) => `要するに、${b(t)}の内容は次のとおりです：`,
    overview: '要するに、資料の内容は次のとおりです：',
    yesRight: (r) => `そのとおりです：${b(r)}が正解です。`,
    correctNot: (r, c) => `正解は${b(c)}ではなく${b(r)}です。`,
    correct: (r) => `正解は${b(r)}です。`,
    fullAnswer: (r) => `完全な解答：${b(r)}`,
    sourcesSay: '資料の記述は次のとおりです：',
    aboutYourAnswer: (f) => `あなたの解答について：${f}`,
    otherRole: (c, p) => `資料では${b(c)}は別の文脈で出てきます：${p}`,
    noConnection: (c) => `これらの箇所には、${b(c)}をこの問題と結びつける記述はありません。`,
    selectionWithheld: (l, where) =>
      `「${b(l)}」は資料のこの箇所に関係しています：${where}。` +
      '解答を提出するまでは引用しません。読み直して、自分の言葉でまとめてみてください。',
    selectionFrom: (l) => `「${b(l)}」は資料の次の箇所からの引用です：`,
    keyTerms: 'そこに出てくる重要語と、資料での定義：',
    selectionDefines: (l) => `「${b(l)}」について、資料では次のように定義されています：`,
    goesOn: (p) => `この箇所は次のように続きます：${p}`,
  },
};

/**
 * The tutor's words for its sources, `sourcesText` (their language decides: `sourcesLanguage`, the
 * stored detected language, when the caller has it, else told from the text), unless the learner
 * writes in another language the tutor can write: a message typed in Russian about a German
 * source is answered around the quotations in Russian. An English message does not count: the
 * app's quick prompts ("Explain the answer") are English whatever the learner reads.
 */
export function tutorWordsFor(
  sourcesText: string,
  message: string,
  sourcesLanguage: string | null = null,
): Written<TutorWords> {
  const table = { ...WORDS, en: ENGLISH };
  const notes = {
    unknown:
      '(The offline tutor writes its own sentences in English: it could not tell the language of these sources.)',
    cannot: (name: string) =>
      `(The offline tutor writes its own sentences in English: it cannot write ${name}.)`,
  };
  const own = writtenIn(table, null, message, notes);
  if (own.language !== 'en' && own.note === '') return own;
  return writtenIn(table, sourcesLanguage, sourcesText, notes);
}

const TABLE: Readonly<Record<string, TutorWords>> = { ...WORDS, en: ENGLISH };

/** Scripts that name one of our languages, for a message too short for detectLanguage. */
const SCRIPT_LANGUAGES: readonly [RegExp, readonly string[]][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, ['ja']],
  [/\p{Script=Hangul}/u, ['ko']],
  [/\p{Script=Han}/u, ['zh', 'ja']],
  [/\p{Script=Cyrillic}/u, ['ru']],
  [/\p{Script=Arabic}/u, ['ar']],
  [/\p{Script=Devanagari}/u, ['hi']],
];
const LATIN_LANGUAGES = new Set(['en', 'de', 'es', 'fr', 'pt', 'it', 'nl']);
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const GLUED = /[\p{Script=Hangul}\p{Script=Arabic}]/u;

const patterns = new Map<string, RegExp>();

/** One table's entries as one pattern (intents' rule above); global, to find and to remove them. */
function entriesPattern(entries: readonly string[]): RegExp | null {
  if (entries.length === 0) return null;
  const key = entries.join('\u0000');
  const cached = patterns.get(key);
  if (cached) return cached;
  const alternatives = [...entries]
    .sort((x, y) => y.length - x.length)
    .map((entry) => {
      const start = entry.endsWith('-') && entry.length > 1;
      const word = (start ? entry.slice(0, -1) : entry).replace(/’/g, "'");
      const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (UNSPACED.test(word)) return escaped;
      if (GLUED.test(word)) return `[\\p{L}\\p{M}]*${escaped}[\\p{L}\\p{M}]*`;
      // A word start takes the rest of its word, so that removing it leaves no stray ending.
      return `(?<![\\p{L}\\p{M}\\p{N}])${escaped}${start ? '[\\p{L}\\p{M}\\p{N}]*' : '(?![\\p{L}\\p{M}\\p{N}])'}`;
    });
  const pattern = new RegExp(`(?:${alternatives.join('|')})`, 'giu');
  patterns.set(key, pattern);
  return pattern;
}

const matches = (pattern: RegExp | null, text: string) => {
  if (!pattern) return false;
  pattern.lastIndex = 0;
  return pattern.test(text);
};

export type ReadMessage = {
  /** The message without its request and courtesy words: what it is about. */
  text: string;
  /** Its language, where one can be told; null for English or unknown. */
  language: string | null;
  /**
   * The language is the sources', taken for a message too short to tell: it may be an English
   * quick prompt, so English stop words must not count as its terms either.
   */
  guessed: boolean;
  intents: ReadonlySet<Intent>;
};

/**
 * What a learner's message asks for (a summary, an example, simpler words, why an answer is
 * right) and what is left of it to search for, in any language the tutor writes. Its language is
 * detected (detectLanguage, through languageOfText); a message too short for that is read in the
 * languages its script writes, the sources' language, and English, whose quick prompts
 * ("Explain the answer") the app shows to every learner.
 */
export function readMessage(message: string, sourcesLanguage: string | null): ReadMessage {
  const normal = message.replace(/’/g, "'");
  const detected = languageOfText(message);
  const scripts = SCRIPT_LANGUAGES.filter(([script]) => script.test(message)).flatMap(([, l]) => l);
  const latin = /\p{Script=Latin}/u.test(message);
  const candidates = [
    ...new Set([detected, ...scripts, sourcesLanguage, 'en'].filter((l): l is string => !!l)),
  ].filter((l) => TABLE[l] !== undefined);
  const intents = new Set<Intent>();
  for (const intent of ['summary', 'simple', 'example', 'why'] as const) {
    if (candidates.some((l) => matches(entriesPattern(TABLE[l]!.intents[intent]), normal)))
      intents.add(intent);
  }
  let text = normal;
  for (const l of candidates) {
    if (l === 'en') continue;
    const w = TABLE[l]!.intents;
    for (const list of [w.summary, w.simple, w.example, w.why, w.meta]) {
      const pattern = entriesPattern(list);
      if (pattern) text = text.replace(pattern, ' ');
    }
  }
  const guess =
    latin && sourcesLanguage && LATIN_LANGUAGES.has(sourcesLanguage) ? sourcesLanguage : null;
  const language = detected ?? scripts[0] ?? guess;
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    language: language === 'en' ? null : language,
    guessed: !detected && !scripts[0] && guess !== null && guess !== 'en',
    intents,
  };
}

/** Whether a sentence of the sources introduces an example, in their language or in English. */
export function introducesExample(sentence: string, sourcesLanguage: string | null): boolean {
  const languages = new Set(['en', sourcesLanguage ?? 'en']);
  return [...languages].some((l) =>
    matches(entriesPattern(TABLE[l]?.intents.markers ?? []), sentence),
  );
}
