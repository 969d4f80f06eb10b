/**
 * A learner's short message in its language (issue 21): how often the offline provider tells the
 * language of a message under detectLanguage's 40 letters (learner-language.ts `languageOfText`),
 * and whether a follow-up in another language is read as leaning on the conversation
 * (conversation.ts `leansOnHistory`, which decides whether retrieval adds the conversation's terms).
 * Prints; asserts nothing.
 *
 * Sets:
 * - learner messages written for this bench (15 a language in the seven Latin-script languages the
 *   tutor writes, 5 each in Polish and Turkish, which it does not): the rule was tuned on them;
 * - held out: zod's own error messages in 17 Latin-script locales (zod ships its sources in the
 *   package, src/v4/locales), every string of 8-39 letters with a space, `${…}` taken out: short
 *   phrases nobody here wrote or tuned on ("Entrada inválida", "Ungültiger Schlüssel in").
 * For a language the tutor writes, right is that language; for another, right is English or no
 * language (the tutor then writes English, or the sources' language); wrong is another language we
 * write, the costly mistake (a Polish learner answered in Italian).
 *
 *   pnpm bench:short-messages        SHORT_MESSAGES_MISSES=1 prints every miss
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { leansOnHistory } from '../packages/ai/src/providers/local/conversation';
import { languageOfText } from '../packages/ai/src/providers/local/learner-language';

const WRITTEN = new Set(['en', 'de', 'es', 'fr', 'pt', 'it', 'nl', 'ru']);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const LEARNER: Record<string, string[]> = {
  en: [
    'What is photosynthesis?',
    'Explain it more simply',
    'Why is my answer wrong?',
    'Give me an example',
    "I don't understand this part",
    'What does ATP stand for?',
    'Can you summarize this?',
    'How do plants make food?',
    'Tell me more about chlorophyll',
    'Is the answer B?',
    'What happens to the oxygen?',
    'Why not the nucleus?',
    'Explain the second step',
    'so what is a mitochondrion',
    "what's the main idea",
  ],
  de: [
    'Was ist Photosynthese?',
    'Erklär das einfacher',
    'Warum ist meine Antwort falsch?',
    'Gib mir ein Beispiel',
    'Ich verstehe das nicht',
    'Wofür steht ATP?',
    'Kannst du das zusammenfassen?',
    'Wie machen Pflanzen Nahrung?',
    'Mehr über Chlorophyll bitte',
    'Ist die Antwort B?',
    'Was passiert mit dem Sauerstoff?',
    'Warum nicht der Zellkern?',
    'Erkläre den zweiten Schritt',
    'was ist ein Mitochondrium',
    'was ist die Hauptidee',
  ],
  es: [
    '¿Qué es la fotosíntesis?',
    'Explícalo más simple',
    '¿Por qué mi respuesta está mal?',
    'Dame un ejemplo',
    'No entiendo esta parte',
    '¿Qué significa ATP?',
    '¿Puedes resumir esto?',
    '¿Cómo hacen comida las plantas?',
    'Cuéntame más sobre la clorofila',
    '¿La respuesta es B?',
    '¿Qué pasa con el oxígeno?',
    '¿Por qué no el núcleo?',
    'Explica el segundo paso',
    'que es una mitocondria',
    'cual es la idea principal',
  ],
  fr: [
    "Qu'est-ce que la photosynthèse ?",
    'Explique plus simplement',
    'Pourquoi ma réponse est fausse ?',
    'Donne-moi un exemple',
    'Je ne comprends pas',
    'Que veut dire ATP ?',
    'Tu peux résumer ça ?',
    'Comment les plantes se nourrissent ?',
    'Parle-moi de la chlorophylle',
    'La réponse est B ?',
    "Que devient l'oxygène ?",
    'Pourquoi pas le noyau ?',
    'Explique la deuxième étape',
    "c'est quoi une mitochondrie",
    "quelle est l'idée principale",
  ],
  pt: [
    'O que é fotossíntese?',
    'Explica de forma mais simples',
    'Por que minha resposta está errada?',
    'Me dá um exemplo',
    'Não entendi essa parte',
    'O que significa ATP?',
    'Pode resumir isso?',
    'Como as plantas fazem comida?',
    'Fala mais sobre a clorofila',
    'A resposta é B?',
    'O que acontece com o oxigênio?',
    'Por que não o núcleo?',
    'Explica o segundo passo',
    'o que é uma mitocôndria',
    'qual é a ideia principal',
  ],
  it: [
    "Cos'è la fotosintesi?",
    'Spiegalo in modo più semplice',
    'Perché la mia risposta è sbagliata?',
    'Dammi un esempio',
    'Non capisco questa parte',
    'Cosa significa ATP?',
    'Puoi riassumere?',
    'Come fanno le piante a nutrirsi?',
    'Dimmi di più sulla clorofilla',
    'La risposta è B?',
    "Cosa succede all'ossigeno?",
    'Perché non il nucleo?',
    'Spiega il secondo passaggio',
    "che cos'è un mitocondrio",
    "qual è l'idea principale",
  ],
  nl: [
    'Wat is fotosynthese?',
    'Leg het simpeler uit',
    'Waarom is mijn antwoord fout?',
    'Geef me een voorbeeld',
    'Ik snap dit deel niet',
    'Waar staat ATP voor?',
    'Kun je dit samenvatten?',
    'Hoe maken planten voedsel?',
    'Vertel meer over chlorofyl',
    'Is het antwoord B?',
    'Wat gebeurt er met de zuurstof?',
    'Waarom niet de celkern?',
    'Leg de tweede stap uit',
    'wat is een mitochondrion',
    'wat is het hoofdidee',
  ],
  pl: [
    'Co to jest fotosynteza?',
    'Wyjaśnij prościej',
    'Dlaczego moja odpowiedź jest zła?',
    'Daj mi przykład',
    'Nie rozumiem tej części',
  ],
  tr: [
    'Fotosentez nedir?',
    'Daha basit anlat',
    'Cevabım neden yanlış?',
    'Bana bir örnek ver',
    'Bu kısmı anlamadım',
  ],
};

// Short Cyrillic messages (h21sum): Russian, which the tutor writes, and Ukrainian and Bulgarian,
// which it does not (right for them: no language, or English; wrong: Russian).
const CYRILLIC: Record<string, string[]> = {
  ru: [
    'Привет!',
    'Здравствуйте',
    'Спасибо!',
    'Спасибо большое',
    'Что такое фотосинтез?',
    'Объясни проще',
    'Почему мой ответ неверный?',
    'Приведи пример',
    'Я не понимаю',
    'Что значит АТФ?',
    'Можешь кратко пересказать?',
    'Как растения получают пищу?',
    'Расскажи подробнее о хлорофилле',
    'Это ответ Б?',
    'Понятно, спасибо',
  ],
  uk: [
    'Привіт!',
    'Дякую',
    'Що таке фотосинтез?',
    'Поясни простіше',
    'Чому моя відповідь неправильна?',
  ],
  bg: [
    'Здравей!',
    'Благодаря',
    'Какво е фотосинтеза?',
    'Обясни по-просто',
    'Защо отговорът ми е грешен?',
  ],
};

// Messages of 40-199 letters (h21sum), where detectLanguage answers but franc's trigrams find
// English close to a short text's language: written for this bench (tuning).
const LONGER: Record<string, string[]> = {
  en: [
    'Can you explain once more why the light reactions need water?',
    'I still do not understand how the Calvin cycle fixes carbon dioxide.',
    'What is the difference between chlorophyll a and chlorophyll b in plants?',
  ],
  de: [
    'Kannst du mir noch einmal erklären, warum die Lichtreaktion Wasser braucht?',
    'Ich verstehe immer noch nicht, wie der Calvin-Zyklus Kohlendioxid bindet.',
    'Was ist der Unterschied zwischen Chlorophyll a und Chlorophyll b?',
  ],
  es: [
    '¿Puedes explicarme otra vez por qué las reacciones de luz necesitan agua?',
    'Todavía no entiendo cómo el ciclo de Calvin fija el dióxido de carbono.',
    '¿Cuál es la diferencia entre la clorofila a y la clorofila b?',
  ],
  fr: [
    'Peux-tu m’expliquer encore pourquoi les réactions lumineuses ont besoin d’eau ?',
    'Je ne comprends toujours pas comment le cycle de Calvin fixe le dioxyde de carbone.',
    'Quelle est la différence entre la chlorophylle a et la chlorophylle b ?',
  ],
  pt: [
    'Pode explicar mais uma vez por que as reações de luz precisam de água?',
    'Ainda não entendo como o ciclo de Calvin fixa o dióxido de carbono.',
    'Qual é a diferença entre a clorofila a e a clorofila b nas plantas?',
  ],
  it: [
    'Puoi spiegarmi ancora perché le reazioni della luce hanno bisogno di acqua?',
    'Non capisco ancora come il ciclo di Calvin fissa l’anidride carbonica.',
    'Qual è la differenza tra la clorofilla a e la clorofilla b nelle piante?',
  ],
  nl: [
    'Kun je nog een keer uitleggen waarom de lichtreacties water nodig hebben?',
    'Ik begrijp nog steeds niet hoe de Calvin-cyclus koolstofdioxide vastlegt.',
    'Wat is het verschil tussen chlorofyl a en chlorofyl b in planten?',
    'Waarom is mijn antwoord fout als de bladeren toch groen zijn?',
  ],
  ru: [
    'Можешь ещё раз объяснить, зачем световым реакциям нужна вода?',
    'Я всё ещё не понимаю, как цикл Кальвина связывает углекислый газ.',
  ],
};

const ZOD_LOCALES = [
  'de',
  'es',
  'fr',
  'pt',
  'it',
  'nl',
  'en',
  'pl',
  'tr',
  'sv',
  'id',
  'cs',
  'ro',
  'da',
  'fi',
  'hu',
  'ms',
];
function zodMessages(
  locales: readonly string[] = ZOD_LOCALES,
  min = 8,
  max = 40,
): { language: string; text: string }[] {
  const dir = join(
    dirname(createRequire(import.meta.url).resolve('zod/package.json')),
    'src/v4/locales',
  );
  const files = new Set(readdirSync(dir));
  return locales
    .filter((l) => files.has(`${l}.ts`))
    .flatMap((language) => {
      const source = readFileSync(join(dir, `${language}.ts`), 'utf8');
      const seen = new Set<string>();
      return [...source.matchAll(/`([^`]*)`|"([^"\n]*)"/g)].flatMap((m) => {
        const text = (m[1] ?? m[2] ?? '')
          .replace(/\$\{[^}]*\}/g, ' ')
          .replace(/\s+/g, ' ')
          .trim();
        const letters = text.match(/\p{L}/gu)?.length ?? 0;
        if (letters < min || letters >= max || !text.includes(' ') || seen.has(text)) return [];
        if (/import|from|\.js|=>/.test(text)) return [];
        seen.add(text);
        return [{ language, text }];
      });
    });
}

function detection(name: string, rows: { language: string; text: string }[]) {
  const by = new Map<string, { n: number; right: number; wrong: number }>();
  const misses: string[] = [];
  for (const { language, text } of rows) {
    const got = languageOfText(text)?.split('-')[0] ?? null;
    const b = by.get(language) ?? { n: 0, right: 0, wrong: 0 };
    b.n++;
    const written = got !== null && WRITTEN.has(got);
    const right = WRITTEN.has(language) ? got === language : !written || got === 'en';
    if (right) b.right++;
    else {
      if (got !== null) b.wrong++;
      misses.push(`  ${language} → ${got ?? 'none'}: ${text}`);
    }
    by.set(language, b);
  }
  const total = [...by.values()].reduce(
    (t, b) => ({ n: t.n + b.n, right: t.right + b.right, wrong: t.wrong + b.wrong }),
    { n: 0, right: 0, wrong: 0 },
  );
  console.log(
    `${name}: right ${total.right}/${total.n}, wrong language ${total.wrong} (load ${load()})`,
  );
  console.log(
    `  ${[...by].map(([l, b]) => `${l} ${b.right}/${b.n}${b.wrong ? ` (${b.wrong} wrong)` : ''}`).join(', ')}`,
  );
  if (process.env.SHORT_MESSAGES_MISSES) console.log(misses.join('\n'));
}

// Follow-ups and questions of their own, in languages other than English (written for this bench).
const FOLLOW_UPS: Record<string, string[]> = {
  es: [
    '¿Puedes contarme más sobre eso, por favor?',
    '¿Y por qué pasa eso exactamente así?',
    'No lo entiendo, ¿me lo explicas otra vez?',
  ],
  de: [
    'Kannst du mir bitte mehr darüber erzählen?',
    'Und warum passiert das eigentlich genau so?',
    'Das verstehe ich nicht, kannst du es nochmal erklären?',
  ],
  fr: [
    'Tu peux m’en dire plus à ce sujet, s’il te plaît ?',
    'Et pourquoi est-ce que cela se passe comme ça ?',
    'Je ne comprends pas, tu peux le réexpliquer ?',
  ],
  pt: [
    'Você pode me contar mais sobre isso, por favor?',
    'E por que isso acontece exatamente assim?',
    'Não entendi, pode explicar de novo para mim?',
  ],
  it: [
    'Puoi dirmi qualcosa di più su questo, per favore?',
    'E perché succede proprio così, esattamente?',
    'Non lo capisco, me lo spieghi di nuovo?',
  ],
  nl: [
    'Kun je me daar alsjeblieft meer over vertellen?',
    'En waarom gebeurt dat nou precies zo?',
    'Dat snap ik niet, kun je het nog eens uitleggen?',
  ],
  ru: [
    'Можешь рассказать об этом ещё подробнее, пожалуйста?',
    'А почему это происходит именно так?',
    'Я не понимаю, объясни это ещё раз, пожалуйста',
  ],
};
const OWN_QUESTIONS: Record<string, string[]> = {
  es: [
    '¿Qué papel tiene la clorofila en las hojas verdes?',
    '¿Cómo se relaciona la respiración celular con la fotosíntesis?',
  ],
  de: [
    'Welche Rolle spielt das Chlorophyll in den grünen Blättern?',
    'Wie hängt die Zellatmung mit der Photosynthese zusammen?',
  ],
  fr: [
    'Quel est le rôle de la chlorophylle dans les feuilles vertes ?',
    'Quel lien entre la respiration cellulaire et la photosynthèse ?',
  ],
  pt: [
    'Qual é o papel da clorofila nas folhas verdes das plantas?',
    'Como a respiração celular se relaciona com a fotossíntese?',
  ],
  it: [
    'Qual è il ruolo della clorofilla nelle foglie verdi delle piante?',
    'Come si collega la respirazione cellulare alla fotosintesi?',
  ],
  nl: [
    'Welke rol speelt chlorofyl in de groene bladeren van planten?',
    'Hoe hangt de celademhaling samen met de fotosynthese?',
  ],
  ru: [
    'Какую роль играет хлорофилл в зелёных листьях растений?',
    'Как клеточное дыхание связано с фотосинтезом растений?',
  ],
};

detection(
  'learner messages (tuning)',
  Object.entries(LEARNER).flatMap(([language, ts]) => ts.map((text) => ({ language, text }))),
);
detection('zod messages (held out)', zodMessages());
detection(
  'short Cyrillic messages (tuning)',
  Object.entries(CYRILLIC).flatMap(([language, ts]) => ts.map((text) => ({ language, text }))),
);
detection(
  'zod messages in Cyrillic, under 40 letters (held out)',
  zodMessages(['ru', 'uk', 'be', 'bg', 'mk']),
);
detection(
  'messages of 40-199 letters (tuning)',
  Object.entries(LONGER).flatMap(([language, ts]) => ts.map((text) => ({ language, text }))),
);
detection(
  'zod messages of 40-199 letters (held out)',
  zodMessages([...ZOD_LOCALES, 'ru', 'uk', 'be', 'bg', 'mk'], 40, 200),
);
detection('Readability test pages’ excerpts of 40-199 letters (held out)', excerpts());

/**
 * The excerpts Mozilla's Readability test suite expects of its test pages, with their pages'
 * language, where both are given and the excerpt has 40-199 letters: texts nobody here wrote.
 * BENCH_READABILITY_PAGES=<readability>/test/test-pages; skipped without it.
 */
function excerpts(): { language: string; text: string }[] {
  const dir = process.env.BENCH_READABILITY_PAGES;
  if (!dir) return [];
  return readdirSync(dir).flatMap((name) => {
    try {
      const meta = JSON.parse(readFileSync(join(dir, name, 'expected-metadata.json'), 'utf8')) as {
        lang?: string;
        excerpt?: string;
      };
      const language = meta.lang?.split(/[-_]/)[0]?.toLowerCase();
      const text = meta.excerpt?.replace(/\s+/g, ' ').trim() ?? '';
      const letters = text.match(/\p{L}/gu)?.length ?? 0;
      return language && letters >= 40 && letters < 200 ? [{ language, text }] : [];
    } catch {
      return [];
    }
  });
}
const follow = Object.entries(FOLLOW_UPS).flatMap(([l, ms]) => ms.map((m) => [l, m] as const));
const own = Object.entries(OWN_QUESTIONS).flatMap(([l, ms]) => ms.map((m) => [l, m] as const));
const leaning = follow.filter(([, m]) => leansOnHistory(m));
const standalone = own.filter(([, m]) => !leansOnHistory(m));
console.log(
  `follow-ups read as leaning on the conversation: ${leaning.length}/${follow.length}; questions of their own read as standalone: ${standalone.length}/${own.length} (load ${load()})`,
);
if (process.env.SHORT_MESSAGES_MISSES)
  for (const [l, m] of [
    ...follow.filter((f) => !leaning.includes(f)),
    ...own.filter((o) => !standalone.includes(o)),
  ])
    console.log(`  ${l}: ${m}`);
