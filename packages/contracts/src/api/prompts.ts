import { z } from 'zod';
import { idSchema, successFlag } from '../common';
import { chatHistorySchema } from '../entities/chat';
import { questionTypeSchema } from '../entities/question';
import { sourceTypeSchema } from '../entities/source';

/**
 * Follow-up prompts of spec 02 §7. Their paths sit under /questions and /sources but the chat
 * service answers them. Every context field may be missing: the server falls back to generic prompts.
 */

export const PROMPTS_MAX = 10;

/**
 * Spec 02 §9: the follow-up prompts of an empty chat, per mode. One copy for the AI layer (which
 * answers them without a model call) and the web panel (which shows them when the call fails or
 * answers nothing).
 */
export const DEFAULT_FOLLOW_UP_PROMPTS = {
  question: [
    "Explain it to me like I'm 5 years old",
    'Give me an analogy',
    'What are some related topics I should study?',
    'Can you give me a hint for this question?',
  ],
  source: [
    "Explain it like I'm 5 years old",
    'Give me an analogy',
    'What are some practical applications of this information?',
    'How does this relate to other topics in this field?',
  ],
} as const satisfies Record<'question' | 'source', readonly string[]>;
type FollowUpDefaults = { readonly [M in 'question' | 'source']: readonly string[] };

/**
 * Spec 02 §9's empty-chat prompts in each language the offline tutor writes its own words in
 * (issue 21), English's being the spec's. One copy for the AI layer (the tutor's word tables) and
 * the web panel, which shows an empty chat's prompts without a call and now does so in the
 * language of the sources studied.
 */
export const FOLLOW_UP_PROMPTS_BY_LANGUAGE: Readonly<Record<string, FollowUpDefaults>> = {
  en: DEFAULT_FOLLOW_UP_PROMPTS,
  de: {
    question: [
      'Erkläre es mir ganz einfach, als wäre ich 5 Jahre alt',
      'Gib mir eine Analogie',
      'Welche verwandten Themen sollte ich lernen?',
      'Kannst du mir einen Hinweis zu dieser Frage geben?',
    ],
    source: [
      'Erkläre es ganz einfach, als wäre ich 5 Jahre alt',
      'Gib mir eine Analogie',
      'Wie lassen sich diese Informationen praktisch anwenden?',
      'Wie hängt das mit anderen Themen des Fachs zusammen?',
    ],
  },
  es: {
    question: [
      'Explícamelo de forma sencilla, como si tuviera 5 años',
      'Dame una analogía',
      '¿Qué temas relacionados debería estudiar?',
      '¿Me das una pista para esta pregunta?',
    ],
    source: [
      'Explícalo de forma sencilla, como si tuviera 5 años',
      'Dame una analogía',
      '¿Qué aplicaciones prácticas tiene esta información?',
      '¿Cómo se relaciona esto con otros temas del campo?',
    ],
  },
  fr: {
    question: [
      'Explique-le-moi simplement, comme si j’avais 5 ans',
      'Donne-moi une analogie',
      'Quels sujets liés devrais-je étudier ?',
      'Peux-tu me donner un indice pour cette question ?',
    ],
    source: [
      'Explique-le simplement, comme si j’avais 5 ans',
      'Donne-moi une analogie',
      'Quelles sont les applications pratiques de ces informations ?',
      'Quel est le lien avec les autres sujets du domaine ?',
    ],
  },
  pt: {
    question: [
      'Explique de forma simples, como se eu tivesse 5 anos',
      'Dê-me uma analogia',
      'Que temas relacionados devo estudar?',
      'Pode me dar uma dica para esta pergunta?',
    ],
    source: [
      'Explique de forma simples, como se eu tivesse 5 anos',
      'Dê-me uma analogia',
      'Quais são as aplicações práticas desta informação?',
      'Como isto se relaciona com outros temas da área?',
    ],
  },
  it: {
    question: [
      'Spiegamelo in modo semplice, come se avessi 5 anni',
      'Dammi un’analogia',
      'Quali argomenti correlati dovrei studiare?',
      'Puoi darmi un suggerimento per questa domanda?',
    ],
    source: [
      'Spiegalo in modo semplice, come se avessi 5 anni',
      'Dammi un’analogia',
      'Quali sono le applicazioni pratiche di queste informazioni?',
      'Come si collega ad altri argomenti del campo?',
    ],
  },
  nl: {
    question: [
      'Leg het eenvoudig uit, alsof ik 5 jaar oud ben',
      'Geef me een analogie',
      'Welke verwante onderwerpen moet ik bestuderen?',
      'Kun je me een hint geven voor deze vraag?',
    ],
    source: [
      'Leg het eenvoudig uit, alsof ik 5 jaar oud ben',
      'Geef me een analogie',
      'Wat zijn praktische toepassingen van deze informatie?',
      'Hoe hangt dit samen met andere onderwerpen in dit vakgebied?',
    ],
  },
  ru: {
    question: [
      'Объясните просто, как пятилетнему',
      'Приведите аналогию',
      'Какие смежные темы мне стоит изучить?',
      'Можно подсказку к этому вопросу?',
    ],
    source: [
      'Объясните просто, как пятилетнему',
      'Приведите аналогию',
      'Как эти сведения применяются на практике?',
      'Как это связано с другими темами этой области?',
    ],
  },
  ar: {
    question: [
      'اشرحه لي ببساطة كأنني في الخامسة',
      'أعطني تشبيهًا',
      'ما الموضوعات المرتبطة التي ينبغي أن أدرسها؟',
      'هل يمكنك أن تعطيني تلميحًا لهذا السؤال؟',
    ],
    source: [
      'اشرحه لي ببساطة كأنني في الخامسة',
      'أعطني تشبيهًا',
      'ما التطبيقات العملية لهذه المعلومات؟',
      'كيف يرتبط هذا بموضوعات أخرى في هذا المجال؟',
    ],
  },
  ko: {
    question: [
      '다섯 살 아이에게 설명하듯 쉽게 설명해 주세요',
      '비유를 들어 주세요',
      '함께 공부하면 좋은 관련 주제는 무엇인가요?',
      '이 문제에 대한 힌트를 주세요',
    ],
    source: [
      '다섯 살 아이에게 설명하듯 쉽게 설명해 주세요',
      '비유를 들어 주세요',
      '이 내용은 실제로 어떻게 활용되나요?',
      '이 내용은 이 분야의 다른 주제와 어떻게 연결되나요?',
    ],
  },
  hi: {
    question: [
      'इसे बहुत सरल शब्दों में समझाइए',
      'कोई उपमा दीजिए',
      'मुझे इससे जुड़े कौन-से विषय पढ़ने चाहिए?',
      'क्या इस प्रश्न के लिए कोई संकेत मिल सकता है?',
    ],
    source: [
      'इसे बहुत सरल शब्दों में समझाइए',
      'कोई उपमा दीजिए',
      'इस जानकारी के व्यावहारिक उपयोग क्या हैं?',
      'यह इस क्षेत्र के दूसरे विषयों से कैसे जुड़ा है?',
    ],
  },
  zh: {
    question: [
      '请用最简单的话解释，就像我只有5岁',
      '给我打个比方',
      '我还应该学习哪些相关主题？',
      '能给我这道题的提示吗？',
    ],
    source: [
      '请用最简单的话解释，就像我只有5岁',
      '给我打个比方',
      '这些信息有哪些实际应用？',
      '这和该领域的其他主题有什么联系？',
    ],
  },
  ja: {
    question: [
      '5歳の子どもにもわかるように簡単に説明してください',
      'たとえを使って説明してください',
      'ほかに学ぶべき関連テーマは何ですか？',
      'この問題のヒントをください',
    ],
    source: [
      '5歳の子どもにもわかるように簡単に説明してください',
      'たとえを使って説明してください',
      'この情報は実際にどう活用されていますか？',
      'この分野のほかのテーマとどう関係していますか？',
    ],
  },
};

/**
 * An empty chat's prompts for the mode in a language (a BCP 47 tag, its base read: 'pt-BR' is
 * 'pt'), or the spec's English ones when the language is unknown or not one the tutor writes.
 */
export function followUpDefaultsIn(
  mode: 'question' | 'source',
  language: string | null | undefined,
): readonly string[] {
  const base = language?.split('-')[0]?.toLowerCase();
  return (
    (base ? FOLLOW_UP_PROMPTS_BY_LANGUAGE[base] : undefined)?.[mode] ??
    DEFAULT_FOLLOW_UP_PROMPTS[mode]
  );
}

/** The studied sources' language as the web sends it: a BCP 47 tag, or null when unknown. */
export const studiedLanguageSchema = z.string().max(35).nullish();

export const promptsResponseSchema = z.object({
  success: successFlag,
  prompts: z.array(z.string()).max(PROMPTS_MAX),
});
export type PromptsResponse = z.output<typeof promptsResponseSchema>;

export const questionPromptsBodySchema = z.object({
  deckId: idSchema,
  context: z.object({
    /** The question's text, or the question itself (its `question` field is read). */
    question: z
      .union([z.string().max(20_000), z.object({ question: z.string().max(20_000) })])
      .nullish(),
    questionType: questionTypeSchema.nullish(),
    userAnswer: z.union([z.string().max(20_000), z.number()]).nullish(),
    /** The evaluation as the evaluate call answered it; read loosely. */
    evaluation: z.record(z.string(), z.unknown()).nullish(),
    answerSubmitted: z.boolean().nullish(),
    isCorrect: z.boolean().nullish(),
    chatHistory: chatHistorySchema.optional(),
    /** The language of the deck's sources (their stored, detected language), when one. */
    language: studiedLanguageSchema,
  }),
});
export type QuestionPromptsBody = z.input<typeof questionPromptsBodySchema>;

/** Source text beyond this is not needed to suggest prompts; longer bodies are refused. */
export const SOURCE_CONTENT_MAX = 200_000;
export const sourcePromptsBodySchema = z.object({
  deckId: idSchema,
  context: z.object({
    sourceId: idSchema.nullish(),
    sourceTitle: z.string().max(500).nullish(),
    sourceType: sourceTypeSchema.nullish(),
    sourceContent: z.string().max(SOURCE_CONTENT_MAX).nullish(),
    chatHistory: chatHistorySchema.optional(),
    /** The language of the source studied (its stored, detected language), when one. */
    language: studiedLanguageSchema,
  }),
});
export type SourcePromptsBody = z.input<typeof sourcePromptsBodySchema>;
