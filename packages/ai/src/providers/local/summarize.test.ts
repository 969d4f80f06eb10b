import { describe, expect, it } from 'vitest';
import { cleanText } from './document';
import { webFixtureText } from './fixture-text';
import { createLocalStudyAi } from './index';
import { isUnusableTextError } from '../../errors';
import { hasDateline } from './summarize';

// Real pages through Readability and wink on a shared machine: a generous limit, nothing timed.
const slow = { timeout: 60_000 };

const ai = createLocalStudyAi();
// Sentences are quoted without citation markers and with single spaces; compare likewise.
const flat = (text: string) => cleanText(text).replace(/\s+/g, ' ');
const FIXTURES = [
  'wikipedia',
  'google-sre-book-1',
  'nytimes-1',
  'quanta-1',
  'bbc-1',
  'guardian-1',
  'mozilla-1',
];

describe('summarize', slow, () => {
  it.each(FIXTURES)(
    'quotes a few of the most central sentences of %s, the main point first, the rest in their original order',
    async (name) => {
      const fixture = webFixtureText(name);
      const summary = await ai.summarize({ title: fixture.title, text: fixture.text });
      const source = flat(fixture.text);
      const sentences = summary.split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\d])/u);
      expect(sentences.length).toBeGreaterThanOrEqual(3);
      expect(sentences.length).toBeLessThanOrEqual(9);
      expect(source).toContain(sentences[0]);
      let at = -1;
      for (const sentence of sentences.slice(1)) {
        const found = source.indexOf(sentence, at + 1);
        expect(found, `not in the source, or out of order: ${sentence}`).toBeGreaterThan(at);
        at = found;
      }
    },
  );

  it('gives a longer text a longer summary', async () => {
    const short = await ai.summarize({ title: 'BBC', text: webFixtureText('bbc-1').text });
    const long = await ai.summarize({
      title: 'SRE',
      text: webFixtureText('google-sre-book-1').text,
    });
    expect(long.length).toBeGreaterThan(short.length);
  });

  it('leaves out the noise of real pages: citation markers, links, headings and lists', async () => {
    const summary = await ai.summarize({
      title: 'Mozilla',
      text: webFixtureText('wikipedia').text,
    });
    expect(summary).not.toMatch(/\[\d+\]|https?:|\[edit\]/);
    expect(summary).not.toContain('Contents');
  });

  it('is deterministic', async () => {
    const fixture = webFixtureText('quanta-1');
    const input = { title: fixture.title, text: fixture.text };
    expect(await ai.summarize(input)).toBe(await ai.summarize(input));
  });
});

describe('summary of a text written for the test', slow, () => {
  // A report opening with a sentence that leans on an earlier story ("Seven years later"), with a
  // quotation running over two sentences.
  const text = [
    'Seven years later, the laboratory showed that the bound on evidence accumulation in the parietal cortex changes with the urgency of the decision. Monkeys deciding under time pressure reached the bound sooner and made more errors.',
    'Bounded evidence accumulation explains how the brain makes simple perceptual decisions. In this model, neurons in the parietal cortex add up noisy sensory evidence until the total reaches a fixed bound, and the decision is made when the bound is reached.',
    '“The bound is not fixed. It moves with what the animal expects to gain,” the lead author said in an interview about the decision experiments.',
    'Evidence accumulation also accounts for the time people take to decide. Harder decisions take longer because the sensory evidence is weaker, so the accumulated total climbs more slowly toward the bound.',
    'Critics argue that bounded evidence accumulation describes behaviour without saying how neurons compute the bound. Recordings from the parietal cortex during decisions support the model but do not settle the question.',
  ].join('\n\n');

  it('opens with a sentence that states the point on its own, and quotes no piece of a quotation', async () => {
    const summary = await ai.summarize({ title: 'Bounded evidence accumulation', text });
    expect(summary.startsWith('Bounded evidence accumulation explains')).toBe(true);
    expect(summary).not.toContain('The bound is not fixed.');
    expect(summary).not.toContain('It moves with what the animal expects to gain');
    const quotes = (re: RegExp) => (summary.match(re) ?? []).length;
    expect(quotes(/“/g)).toBe(quotes(/”/g));
  });

  it('lists terms of several words, not their everyday head words alone', async () => {
    const terms = (await ai.keyPoints({ title: 'Bounded evidence accumulation', text })).map((p) =>
      p.split(': ')[0]!.toLowerCase(),
    );
    expect(terms).toContain('bounded evidence accumulation');
    // "decision", "evidence" and "model" are among the most frequent words of English.
    for (const everyday of ['decision', 'decisions', 'evidence', 'model', 'time'])
      expect(terms).not.toContain(everyday);
  });

  it('lists no piece of a web address or of a name as a term', async () => {
    const site = [
      'The Ardent Foundation runs ardent.org, the home of the Ardent browser. The Ardent Foundation publishes the browser under a free licence.',
      'Volunteers translate the browser on ardent.org into forty languages. Each release of the browser is tested by volunteers on ardent.org before it ships.',
      'The browser blocks trackers by default, and ardent.org explains how tracker blocking works. Tracker blocking makes pages load faster.',
    ].join('\n\n');
    const terms = (await ai.keyPoints({ title: 'Ardent', text: site })).map((p) =>
      p.split(': ')[0]!.toLowerCase(),
    );
    expect(terms.length).toBeGreaterThan(0);
    expect(terms).not.toContain('org');
    // "New Zealand" is read as two words; "Zealand" alone is no term.
    const islands = [
      'Whale strandings are common in New Zealand, where pilot whales often beach in large groups. Rescue groups in New Zealand train volunteers to refloat the whales.',
      'Scientists in New Zealand think warmer seas bring the whales closer to shore. The pilot whales follow squid into shallow bays, where the falling tide strands them.',
      'Pilot whales live in pods of up to a hundred animals. When one pilot whale beaches, the pod often follows it, which is why mass strandings of pilot whales happen.',
    ].join('\n\n');
    const islandTerms = (await ai.keyPoints({ title: 'Whale strandings', text: islands })).map(
      (p) => p.split(': ')[0]!.toLowerCase(),
    );
    expect(islandTerms.length).toBeGreaterThan(0);
    expect(islandTerms).not.toContain('zealand');
  });
});

describe('keyPoints', slow, () => {
  it.each(FIXTURES)(
    'gives 3-10 "Key term: the sentence that explains it." points for %s',
    async (name) => {
      const fixture = webFixtureText(name);
      const points = await ai.keyPoints({ title: fixture.title, text: fixture.text });
      const source = flat(fixture.text);
      expect(points.length).toBeGreaterThanOrEqual(3);
      expect(points.length).toBeLessThanOrEqual(10);
      const terms = new Set<string>();
      for (const point of points) {
        const match = /^([^:]+): (.+)$/.exec(point);
        expect(match, point).not.toBeNull();
        const [, term, sentence] = match!;
        expect(term!.trim().length).toBeGreaterThan(0);
        expect(source.toLowerCase()).toContain(term!.toLowerCase());
        // The explaining sentence is the source's own and uses the term.
        expect(source).toContain(sentence);
        // ...in the singular or the plural ("Whales: ... the first whale his father ever named").
        expect(sentence!.toLowerCase()).toContain(term!.toLowerCase().replace(/e?s$/, ''));
        terms.add(term!.toLowerCase());
      }
      expect(terms.size).toBe(points.length);
    },
  );

  it('scales with the length of the text', async () => {
    const short = await ai.keyPoints({ title: 'Firefox', text: webFixtureText('mozilla-1').text });
    const long = await ai.keyPoints({ title: 'Mozilla', text: webFixtureText('wikipedia').text });
    expect(long.length).toBeGreaterThan(short.length);
  });
});

describe('the main point first', slow, () => {
  it('reads a news dateline, in capitals, with an agency or a date, and nothing else', () => {
    for (const lede of [
      'LONDON — After nearly 20 years of hostile relations, the government plans to lift sanctions.',
      'MOSCOW (AP) — An unmanned cargo ship broke up in the atmosphere on Thursday.',
      'NEW YORK -- Shares fell sharply on Monday after the bank reported a loss.',
      'Feb. 23, 2015 -- Peanut allergies have been on the rise in the past decade.',
      'دمشق، سوريا (CNN) -- أكدت جهات سورية معارضة أن فصائل مسلحة سيطرت على مستودعات.',
    ])
      expect(hasDateline(lede), lede).toBe(true);
    // The AP's form: a place and its state or country, in any case.
    for (const lede of [
      'DUBAI, United Arab Emirates — The airline ordered thirty jets from the plane maker on Wednesday.',
      'Springfield, Ill. — The home team won its third game in a row on Tuesday night.',
      'New York, NY – The company named a new chief strategy officer on Monday.',
    ])
      expect(hasDateline(lede), lede).toBe(true);
    for (const plain of [
      'Mozilla — a free software community — makes the Firefox browser.',
      'Apples, pears and plums — the orchard grows them all — ripen in the autumn.',
      'The report – released on Monday – found that mobility is low.',
      'Bounded evidence accumulation - a model of decisions - is widely used.',
    ])
      expect(hasDateline(plain), plain).toBe(false);
  });

  it('opens a news story with its datelined lede, not the photo caption above it', async () => {
    const text = [
      'Farmers at a market in the capital on Monday. In exchange for the lifting of trade sanctions, the country has said it will open its markets to foreign grain traders and farmers.',
      'LONDON — After nearly twenty years of hostile relations, the government plans to lift trade sanctions on the country, officials said late on Thursday.',
      'The sanctions have blocked trade in grain, machinery and spare parts since the 1990s, and farmers say the sanctions ruined the grain trade.',
      'Lifting the sanctions will let farmers buy machinery and sell grain abroad, and traders expect grain exports to double within two years.',
      'Critics of the plan say the sanctions should stay until the government stops attacking farmers in the north, where the grain harvest failed.',
    ].join('\n\n');
    const summary = await ai.summarize({ title: 'Sanctions to be lifted', text });
    expect(summary.startsWith('LONDON — After nearly twenty years')).toBe(true);
  });

  it('opens with the text naming its purpose ("This draft describes …") over a more central detail', async () => {
    const text = [
      'Internet drafts are working documents of the task force, valid for six months.',
      'This draft describes a protocol by which web applications store user data on a storage server of the user’s choosing.',
      'A storage server answers requests for documents and folders, and a client reads a folder before it reads the documents in the folder.',
      'A client sends the folder version it holds, and the storage server answers with the documents of the folder that changed since that version.',
      'A storage server refuses a request for a folder or a document without a bearer token for the scope of the folder.',
      'The client keeps the folder version and the documents of the folder in its local cache until the server reports a change.',
    ].join('\n\n');
    const summary = await ai.summarize({ title: 'Storage protocol', text });
    expect(summary.startsWith('This draft describes a protocol')).toBe(true);
  });

  it('lets the writer speak first ("Our goal is …") and takes a pronoun after its noun ("students … they")', async () => {
    const text = [
      'We launched the first version of the journalism site in January after a year of work.',
      'Our goal is for the site to teach students what they should know about journalism on the web, from mapping to security.',
      'Student newsrooms teach students to write for print, and few student newsrooms teach students the tools of journalism on the web.',
      'The site collects lessons on journalism on the web written by students and editors of student newsrooms.',
      'Editors of student newsrooms can add lessons to the site, and students can ask for lessons on topics the site lacks.',
    ].join('\n\n');
    const summary = await ai.summarize({ title: 'Better student journalism', text });
    expect(summary.startsWith('Our goal is for the site')).toBe(true);
  });

  it('refuses filler with the reason question writing gives, for the summary and the key concepts alike', async () => {
    const placeholder = Array.from(
      { length: 4 },
      () =>
        'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.',
    ).join('\n\n');
    const blind =
      'This is a blind text that fills the page. It shows how the fonts and the layout look on the page. ' +
      Array.from(
        { length: 8 },
        () => 'Here the text repeats itself to fill the page with words.',
      ).join(' ');
    for (const [text, reason] of [
      [placeholder, 'placeholder'],
      [blind, 'repeated'],
    ] as const) {
      for (const call of [ai.summarize, ai.keyPoints]) {
        const error: unknown = await call({ title: 'Document', text }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(isUnusableTextError(error) && error.reason).toBe(reason);
      }
    }
  });

  it('says a text of a few words is too short rather than giving an empty summary; a short real text keeps its own', async () => {
    for (const text of ['Test', 'حَبيبي حَبيبي habibi']) {
      for (const call of [ai.summarize, ai.keyPoints]) {
        const error: unknown = await call({ title: 'Document', text }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(isUnusableTextError(error) && error.reason).toBe('too_short');
      }
    }
    const short =
      'Mitochondria produce most of the energy a cell uses. They turn sugar into ATP through cellular respiration. Cells that need more energy hold more mitochondria.';
    expect(await ai.summarize({ title: 'Mitochondria', text: short })).toContain('Mitochondria');
  });

  it('keeps short lines ending in a danda as sentences, and ends the summary on one', async () => {
    // Each line a paragraph of its own, short enough to pass for a heading were the danda not a stop.
    const text = [
      'जल चक्र पृथ्वी पर पानी की निरंतर गति है ।',
      'सूर्य की गर्मी से समुद्र का पानी भाप बनकर ऊपर उठता है ।',
      'ऊपर ठंडी हवा में भाप छोटी बूंदों में बदल जाती है ।',
      'ये बूंदें मिलकर बादल बनाती हैं और बादल हवा के साथ चलते हैं ।',
      'बादलों से पानी वर्षा के रूप में धरती पर गिरता है।',
      'वर्षा का पानी नदियों से होकर फिर समुद्र में पहुंचता है॥',
    ].join('\n\n');
    const summary = await ai.summarize({ title: 'जल चक्र', text });
    expect(summary.split(/[।॥]/u).filter((s) => s.trim().length > 0).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(summary.trim()).toMatch(/[।॥]$/u);
  });

  it('lists terms of several words in Hindi, not a fixed expression the text repeats', async () => {
    // "सौर ऊर्जा" (solar energy) with varied postpositions after it; "नियमित रूप" only ever in
    // "नियमित रूप से" (regularly).
    const text = [
      'सौर ऊर्जा सूर्य की रोशनी से मिलने वाली ऊर्जा है और यह कभी खत्म नहीं होती ।',
      'सौर ऊर्जा का उपयोग घरों में बिजली बनाने के लिए नियमित रूप से किया जाता है ।',
      'सौर पैनल सूर्य की रोशनी को बिजली में बदलते हैं और छतों पर लगाए जाते हैं ।',
      'सौर पैनल की सफाई नियमित रूप से करनी चाहिए ताकि बिजली कम न हो ।',
      'गांवों में सौर ऊर्जा से पानी के पंप चलाए जाते हैं और किसान इससे खेत सींचते हैं ।',
      'सौर पैनल की कीमत पिछले दस वर्षों में बहुत कम हुई है और लोग इन्हें खरीदते हैं ।',
      'बैटरी में जमा बिजली रात में काम आती है और बैटरी को नियमित रूप से जांचना चाहिए ।',
      'सौर ऊर्जा के कारण कोयले की खपत घटती है और हवा साफ रहती है ।',
    ].join('\n\n');
    const terms = (await ai.keyPoints({ title: 'सौर ऊर्जा', text })).map((p) => p.split(': ')[0]);
    expect(terms.some((t) => t?.includes(' '))).toBe(true);
    expect(terms.filter((t) => t?.includes('नियमित'))).toEqual([]);
  });

  it('keeps an Arabic formula opening with a function word glued to a clitic ("لكل") out of the key concepts', async () => {
    const text = [
      'لكل طالب الحق في التعليم المجاني في المدارس العامة.',
      'لكل طالب الحق في استخدام المكتبة المدرسية كل يوم.',
      'الطاقة الشمسية مصدر نظيف للكهرباء في المدارس الحديثة.',
      'تستخدم المدارس الطاقة الشمسية لتشغيل الحواسيب والمصابيح.',
      'لكل طالب الحق في المشاركة في الأنشطة الرياضية بعد الدروس.',
      'تقلل الطاقة الشمسية تكاليف الكهرباء وتحمي البيئة من التلوث.',
      'يتعلم الطلاب في الدروس كيف تعمل الألواح الشمسية وكيف تخزن الكهرباء.',
    ].join('\n\n');
    const terms = (await ai.keyPoints({ title: 'المدرسة', text })).map((p) => p.split(': ')[0]);
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.filter((t) => t?.startsWith('لكل'))).toEqual([]);
    expect(terms.some((t) => t?.includes(' '))).toBe(true);
  });
});

describe('summary openings that frame instead of state (issue 21)', slow, () => {
  it('opens with none of an announcing frame, an "Imagine …", or a question', async () => {
    const text = [
      'Imagine a city where every lamp post measures the air quality of its street every minute.',
      'The story of urban sensing is usually told like this: engineers built the sensors and the city simply installed them.',
      'Why would a city council pay for thousands of sensors on its lamp posts?',
      'Urban sensor networks let city councils find the streets where air pollution harms residents most.',
      'The sensor network in Lyon measured nitrogen dioxide on four hundred streets for two years.',
      'Council planners used the sensor network data to move bus routes away from the schools of the worst streets.',
      'Residents of the worst streets reported fewer asthma attacks after the sensor network changed the bus routes.',
      'Critics of the sensor network said the data on air pollution came too late for the residents of the worst streets.',
    ].join(' ');
    const summary = await ai.summarize({ text, title: 'Urban sensor networks' });
    expect(summary).not.toMatch(/^(?:Imagine|The story of|Why would)/);
  });
});

describe('a news story opens with its lede (issue 21)', slow, () => {
  it('opens with the first statement when it restates the headline, over a more central detail', async () => {
    // The charges repeat the story's words more than the lede does, so they are the more central
    // sentences; the lede holds the headline's words.
    const text = [
      'Police arrested six people on Monday during a narcotics investigation at a house on the east side of the town.',
      'Anna Berg, 31, was charged with possession of methamphetamine and possession of a controlled substance and held in jail in lieu of bond.',
      'Tom Reed, 45, was charged with possession of methamphetamine and dealing in a controlled substance and held in jail in lieu of bond.',
      'Lena Cole, 28, was charged with possession of methamphetamine and visiting a common nuisance and held in jail in lieu of bond.',
      'Mark Hale, 52, was charged with possession of methamphetamine and possession of paraphernalia and held in jail in lieu of bond.',
      'Sara Lind, 39, was charged with possession of methamphetamine and possession of a syringe and held in jail in lieu of bond.',
      'Paul Ward, 33, was charged with possession of methamphetamine and resisting law enforcement and held in jail in lieu of bond.',
      'Officers reported finding methamphetamine, a controlled substance and a syringe in the house on the east side.',
    ].join('\n\n');
    const summary = await ai.summarize({ title: 'Police arrest six in drug investigation', text });
    expect(summary.startsWith('Police arrested six people')).toBe(true);
  });

  it('keeps the other rules where the first statement does not restate the headline (a feature)', async () => {
    const text = [
      'A little over half a century ago, a strange noise came from an office on the fifth floor.',
      'Urban sensor networks let city councils find the streets where air pollution harms residents most.',
      'The sensor network in Lyon measured nitrogen dioxide on four hundred streets for two years.',
      'Council planners used the sensor network data to move bus routes away from the schools of the worst streets.',
      'Residents of the worst streets reported fewer asthma attacks after the sensor network changed the bus routes.',
      'Critics of the sensor network said the data on air pollution came too late for the residents.',
    ].join('\n\n');
    const summary = await ai.summarize({ title: 'The quiet heroes of clean air', text });
    expect(summary.startsWith('A little over half a century ago')).toBe(false);
  });

  it('does not open with a sentence answering another ("X, meanwhile, said …", "We also …")', async () => {
    const text = [
      'The airline chief, meanwhile, told reporters that the airline will restart its expansion of routes and jets in the early 2020s.',
      'We also saw the airline order jets for its long routes from the plane maker at the air show this week.',
      'The airline ordered thirty long-range jets from the plane maker at the air show, its first jet order in two years.',
      'The jets will fly the airline’s long routes to Asia and South America from 2023, the airline said.',
      'The plane maker needs the jet order after two years in which its sales of jets fell sharply.',
    ].join('\n\n');
    const summary = await ai.summarize({ title: 'Jets for long routes', text });
    expect(summary).not.toMatch(/^(?:The airline chief, meanwhile|We also)/);
  });
});

describe('key concepts a teacher would list (issue 21)', slow, () => {
  const termsOf = (points: readonly string[]) => points.map((p) => p.split(': ')[0]!);
  const explanationOf = (points: readonly string[], term: string) =>
    points
      .find((p) => p.toLowerCase().startsWith(`${term.toLowerCase()}: `))
      ?.slice(term.length + 2);

  it('lists a person by the full name the text introduces, not the surname it goes on to use', async () => {
    const text = [
      'The city council hired the engineer Maria Lindqvist to redesign the harbour bridge in 2019.',
      'Lindqvist proposed a cable-stayed bridge with a single tower on the northern bank of the harbour.',
      'The council rejected the first design of Lindqvist because the tower blocked the view of the old town.',
      'Lindqvist moved the tower to the southern bank, and the council approved the second design in 2020.',
      'Construction of the cable-stayed bridge began in 2021 and Lindqvist supervised the steel works.',
      'The harbour bridge opened in 2023, and Lindqvist received a national engineering award for it.',
    ].join('\n\n');
    const terms = termsOf(await ai.keyPoints({ title: 'A new harbour bridge', text }));
    expect(terms).toContain('Maria Lindqvist');
    expect(terms).not.toContain('Lindqvist');
  });

  it('keeps the lone name where the text says what it is under that name ("X is a …")', async () => {
    const text = [
      'Kestrel is a web browser made by a small cooperative of volunteers in Lisbon.',
      'The cooperative first released Open Kestrel, the desktop edition, in 2015.',
      'Kestrel blocks trackers by default and stores no browsing history on its servers.',
      'Kestrel runs on phones and computers, and Kestrel updates itself every month.',
      'Volunteers translate Kestrel into forty languages before each monthly release.',
      'Reviewers praised Kestrel for its speed and its small memory use on old computers.',
    ].join('\n\n');
    const points = await ai.keyPoints({ title: 'A browser by volunteers', text });
    expect(termsOf(points)).toContain('Kestrel');
    expect(explanationOf(points, 'Kestrel')).toMatch(/^Kestrel is a web browser/);
  });

  it('lists a term the text names as it introduces it ("called …"), explained by that sentence', async () => {
    const text = [
      'The weather model of the meteorologist gave wildly different forecasts from nearly equal starting values.',
      'This sensitivity to starting values, later popularized as the butterfly effect, made long forecasts a fool’s errand.',
      'The forecasts of the weather model were not random, either: they circled a shape called a strange attractor.',
      'The weather model ran on a loud computer, and the forecasts of the model filled long paper printouts.',
      'Programmers ran the weather model every night and compared the forecasts of the model with the weather.',
      'The computer printed the forecasts of the weather model as rows of numbers for the meteorologist.',
      'Later scientists found that many natural systems behave like the weather model of the meteorologist.',
    ].join('\n\n');
    const points = await ai.keyPoints({ title: 'Chaos in a weather model', text });
    // Each named once, beside words used six times ("forecasts", "meteorologist").
    const terms = termsOf(points).map((t) => t.toLowerCase());
    const named = terms.filter((t) => ['strange attractor', 'butterfly effect'].includes(t));
    expect(named.length).toBeGreaterThan(0);
    for (const term of named)
      expect(explanationOf(points, term)).toMatch(/(?:called a|popularized as the) \w+ \w+/);
  });

  it('explains a term with the text’s own statement rather than a quotation', async () => {
    const text = [
      '“Nobody had ever heard of the tidal barrage before the storm,” said one resident of the town.',
      'The tidal barrage closes the estuary when a storm surge raises the sea above the quay.',
      'Engineers built the tidal barrage after a storm surge flooded the town centre in 2013.',
      'The town council pays for the upkeep of the tidal barrage from the harbour fees.',
      'Residents say the town centre has stayed dry in every storm since the tidal barrage opened.',
    ].join('\n\n');
    const points = await ai.keyPoints({ title: 'The tidal barrage', text });
    expect(explanationOf(points, 'tidal barrage')).toBeDefined();
    expect(explanationOf(points, 'tidal barrage')).not.toMatch(/^“/);
  });
});
