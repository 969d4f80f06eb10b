import { describe, expect, it } from 'vitest';
import { analyze, type Sentence } from './document';
import {
  explainingQuestion,
  whatDoesQuestion,
  whatIsQuestion,
  whenQuestion,
  whichQuestion,
  whyQuestion,
} from './rewrite';

/** The one sentence of `text` and the occurrence of `surface` in it. */
function sentenceWith(text: string, surface: string) {
  const doc = analyze([text]);
  const s = doc.sentences[0] as Sentence;
  const o = s.phrases.find((p) => p.surface === surface);
  if (!o)
    throw new Error(`no phrase "${surface}" in: ${s.phrases.map((p) => p.surface).join(', ')}`);
  return { s, o };
}

// Behaviour, not wording: the question word, the subject kept, the answer left out.
// The first test loads wink's model: on a shared, loaded machine that takes longer than vitest's 5 s.
describe('statements rewritten as questions', { timeout: 60_000 }, () => {
  it('a definition asked about its class becomes "What is X?"', () => {
    const { s, o } = sentenceWith(
      'Kubernetes is a container orchestration system for automating deployment.',
      'container orchestration system',
    );
    const q = whatIsQuestion(s, o);
    expect(q).toMatch(/^What is Kubernetes\?$/);
  });

  it('a definition asked about its subject names the class: "Which Y …?"', () => {
    const { s, o } = sentenceWith(
      'Gecko is a layout engine that supports web pages written using HTML and SVG.',
      'Gecko',
    );
    const q = whichQuestion(s, o);
    expect(q).toMatch(/^Which layout engine supports web pages/);
    expect(q).not.toContain('Gecko');
    expect(q).toMatch(/\?$/);
  });

  it('a dated statement becomes "When …?" without the date', () => {
    const { s, o } = sentenceWith(
      'In 1998, Netscape released the source code of its browser.',
      '1998',
    );
    const q = whenQuestion(s, o);
    expect(q).toMatch(/^When did Netscape release the source code of its browser\?$/);
  });

  it('a cause becomes "Why …?"', () => {
    const { s } = sentenceWith(
      'The river flooded the valley because the dam failed after weeks of rain.',
      'river',
    );
    expect(whyQuestion(s)).toMatch(/^Why did the river flood the valley\?$/);
  });

  it('asks what a subject does', () => {
    const { s, o } = sentenceWith(
      'The Mozilla Foundation provides project hosting for the SeaMonkey developers.',
      'Mozilla Foundation',
    );
    expect(whatDoesQuestion(s, o)).toMatch(/^What does the Mozilla Foundation provide\?$/);
  });

  it('declines a compound whose first half the tagger read as the verb ("The default file loader is …")', () => {
    const { s, o } = sentenceWith(
      'The default file loader is the synchronous reader of the module, if you want to change it, you can set another.',
      'default',
    );
    expect(whatDoesQuestion(s, o)).toBeNull();
  });

  it('declines shapes it cannot read for certain (the caller falls back to a cloze)', () => {
    const { s, o } = sentenceWith(
      'His father was Kenyan and the family lived in Nairobi.',
      'father',
    );
    expect(whatIsQuestion(s, o)).toBeNull();
    expect(whichQuestion(s, o)).toBeNull();
    const dated = sentenceWith('It rained a lot, and in 1998 the river flooded.', '1998');
    expect(whenQuestion(dated.s, dated.o)).toBeNull();
  });
  // Written here: shapes that read as broken questions when rewritten word by word.
  it('declines a reduced relative clause, two joined clauses and a run-on sentence', () => {
    const relative = sentenceWith(
      'Field experiments conducted over several years can tolerate more fragility because they sample rarely.',
      'Field experiments',
    );
    expect(whyQuestion(relative.s)).toBeNull();
    expect(whatDoesQuestion(relative.s, relative.o)).toBeNull();
    const joined = sentenceWith(
      'In 2008, the society would honour the inventor, who had died, so the editor reread the paper.',
      '2008',
    );
    expect(whenQuestion(joined.s, joined.o)).toBeNull();
    const long = sentenceWith(
      'In 2013, the club replaced its yearly meetings with open weekends where members and guests from every region of the country come together to plan the season, repair the boats and train the new sailors.',
      '2013',
    );
    expect(whenQuestion(long.s, long.o)).toBeNull();
  });

  it('keeps a title before a name capitalised, lowers a common noun opening the sentence', () => {
    const titled = sentenceWith(
      'In 1997, President Bill Clinton imposed a trade embargo on the country.',
      '1997',
    );
    expect(whenQuestion(titled.s, titled.o)).toMatch(/^When did President Bill Clinton impose/);
    const common = sentenceWith(
      'The Mozilla Foundation provides project hosting for the developers.',
      'Mozilla Foundation',
    );
    expect(whatDoesQuestion(common.s, common.o)).toMatch(
      /^What does the Mozilla Foundation provide\?$/,
    );
  });
  it('asks what a subject said or believes', () => {
    const { s, o } = sentenceWith(
      'Professor Alder said that the new bridge would cut the journey to the coast by an hour.',
      'Professor Alder',
    );
    expect(whatDoesQuestion(s, o)).toMatch(/^What did Professor Alder say\?$/);
  });
  it('asks a verb with its preposition, a place with "Where", a perfect with "has"', () => {
    const pushed = sentenceWith(
      'The city council has pushed for cheaper bus fares throughout the winter.',
      'city council',
    );
    expect(whatDoesQuestion(pushed.s, pushed.o)).toMatch(
      /^What has the city council pushed for\?$/,
    );
    const landed = sentenceWith(
      'The expedition landed in Greenland after a week at sea.',
      'expedition',
    );
    expect(whatDoesQuestion(landed.s, landed.o)).toMatch(/^Where did the expedition land\?$/);
  });
  it('asks "What does X <verb>?" only of a verb that takes an object, with its object after it', () => {
    // Written here: a verb that takes an adjective ("stays"), one used with none ("sleeps"), and
    // one with its object.
    const stays = sentenceWith(
      'The cooling fan stays quiet until the processor gets hot under load.',
      'cooling fan',
    );
    expect(whatDoesQuestion(stays.s, stays.o)).toBeNull();
    const adjective = sentenceWith(
      'The night porter remains awake while the guests of the hotel sleep.',
      'night porter',
    );
    expect(whatDoesQuestion(adjective.s, adjective.o)).toBeNull();
    const bare = sentenceWith(
      'The compression worker compresses quietly in the background every hour.',
      'compression worker',
    );
    expect(whatDoesQuestion(bare.s, bare.o)).toBeNull();
    const object = sentenceWith(
      'The night porter collects the spare keys before the guests arrive.',
      'night porter',
    );
    expect(whatDoesQuestion(object.s, object.o)).toMatch(/^What does the night porter collect\?$/);
  });

  it('asks what happens under a condition, how a task is done and what a thing is used for', () => {
    // Written here: reference prose's usual shapes, and shapes that give no question.
    const ask = (text: string) => explainingQuestion(analyze([text]).sentences[0] as Sentence);
    expect(
      ask('If the queue is full, the producer waits until a consumer takes a message.'),
    ).toMatch(/^What happens if the queue is full\?$/);
    expect(
      ask('When the cache expires, the proxy fetches the page again from the origin.'),
    ).toMatch(/^What happens when the cache expires\?$/);
    // An instruction or what the reader can do: the question says so.
    expect(
      ask('If you need a newer parser, install the package from the registry directly.'),
    ).toMatch(/^What should you do if you need a newer parser\?$/);
    expect(
      ask('If you want to rotate the logs, you can easily use the rotation module of the agent.'),
    ).toMatch(/^What can you do if you want to rotate the logs\?$/);
    expect(ask('To add a new route, the application calls the register method once.')).toMatch(
      /^How can you add a new route\?$/,
    );
    expect(ask('The preHandler hook is used to check the permissions of each request.')).toMatch(
      /^What is the preHandler hook used for\?$/,
    );
    // No condition of its own, a pronoun for a subject, no comma closing it: no question.
    expect(ask('If needed, the proxy fetches the page again from the origin server.')).toBeNull();
    expect(ask('If something could be a plugin, it likely should be one of them.')).toBeNull();
    expect(ask('The proxy fetches the page again if the cache expires before noon.')).toBeNull();
  });

  it('takes no opening phrase for a subject ("Why will inside the call X throw …?")', () => {
    const { s } = sentenceWith(
      'Inside the second call the helper will throw an error because the value exists only in the first call.',
      'helper',
    );
    expect(whyQuestion(s)).toBeNull();
  });
  it('asks "What should you do" only of advice, and nothing of a wish, a list comma or "you will"', () => {
    // Written here: each shape beside one the rewrite keeps.
    const ask = (text: string) => explainingQuestion(analyze([text]).sentences[0] as Sentence);
    // "…, you will get …" is what follows, not an instruction.
    expect(
      ask('If you have already used the old route, you will get a not found error from the relay.'),
    ).toMatch(/^What happens if /);
    expect(ask('If the relay is busy, you should retry the request after a short delay.')).toMatch(
      /^What should you do if the relay is busy\?$/,
    );
    // A comma inside a list of the condition is not its end: no question cut after "the journal".
    expect(
      ask(
        'If you find that the relay and the journal disagree and the settings, the version, and the host are the same, open an issue on the tracker.',
      ),
    ).toBeNull();
    // A subject the tagger reads as a verb ("versioning conflicts may occur") is no instruction.
    expect(
      ask('When several clients write to the same journal, versioning conflicts may occur.'),
    ).toMatch(/^What happens when /);
    // The reader's wish causes nothing: the main clause is no consequence of it.
    expect(
      ask('If you do want to tune the relay, the journal does include many settings to change.'),
    ).toBeNull();
  });

  it('keeps the phrase that says which use is meant after a verb that says little alone, and the present tense of -ies verbs', () => {
    // Written here.
    const uses = sentenceWith(
      'Quimbex uses the JSDoc standard for API documentation of every module.',
      'Quimbex',
    );
    expect(whatDoesQuestion(uses.s, uses.o)).toMatch(
      /^What does Quimbex use for API documentation of every module\?$/,
    );
    const plain = sentenceWith('Quimbex offers commercial support for the relay.', 'Quimbex');
    expect(whatDoesQuestion(plain.s, plain.o)).toMatch(/^What does Quimbex offer\?$/);
    const specifies = sentenceWith(
      'The scope specifies the place of the change in the relay code.',
      'scope',
    );
    expect(whatDoesQuestion(specifies.s, specifies.o)).toMatch(/^What does the scope specify\?$/);
  });
  it('asks no "Why" of a sentence whose subject the tagger misread as a condition ("When X enabled the response …")', () => {
    const doc = analyze([
      'When the tide gauge enabled the harbour opens the outer gate, because the water is deep enough.',
    ]);
    const s = doc.sentences[0] as Sentence;
    const q = whyQuestion(s);
    expect(q ?? '').not.toMatch(/^Why \w+ when\b/i);
  });
});
