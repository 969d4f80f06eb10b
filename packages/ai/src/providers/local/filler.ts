import type { UnusableTextReason } from '../../errors';

/**
 * Filler is text that only stands in for content: placeholder Latin ("Lorem ipsum" and its
 * generators' vocabulary), blind texts that repeat one paragraph, cookie and privacy banners.
 * Questions about it teach nothing, so it is recognised by general properties of the text, never
 * by matching known passages:
 * - placeholder: most words belong to the placeholder generators' pseudo-Latin vocabulary (real
 *   Latin shares its function words, not most of its running text);
 * - repeated: most sentences are copies of an earlier sentence of the same text;
 * - boilerplate: most sentences speak to the reader about cookies, tracking or consent.
 */

// The words of the common placeholder generators (lipsum's Cicero-derived list, the classic
// "sed do eiusmod" paragraph and the German "consetetur sadipscing" variant).
const PLACEHOLDER = new Set(
  `a ac accumsan ad adipiscing aenean aliqua aliquam aliquet aliquip aliquyam amet anim ante aptent
  arcu at auctor augue aute bibendum blandit cillum class clita commodo condimentum congue
  consectetuer consectetur consequat consetetur convallis cras cubilia culpa cupidatat curabitur
  curae cursus dapibus deserunt diam dictum dictumst dignissim dis do dolor dolore dolores donec
  dui duis duo ea efficitur egestas eget eiusmod eirmod eleifend elementum elit elitr enim eos erat
  eros esse est et etiam eu euismod ex excepteur exercitation facilisi facilisis fames faucibus
  felis fermentum feugiat finibus fringilla fugiat fusce gravida gubergren habitant habitasse hac
  hendrerit himenaeos iaculis id imperdiet in inceptos incididunt integer interdum invidunt ipsum
  irure justo kasd labore laboris laborum lacinia lacus laoreet lectus leo libero ligula litora
  lobortis lorem luctus maecenas magna magnis malesuada massa mattis mauris metus mi minim molestie
  mollis mollit montes morbi mus nam nascetur natoque nec neque netus nibh nisi nisl no non nonumy
  nostra nostrud nulla nullam nunc occaecat odio officia orci ornare pariatur parturient
  pellentesque penatibus per pharetra phasellus placerat platea porta porttitor posuere potenti
  praesent pretium primis proident proin pulvinar purus quam qui quis quisque rebum reprehenderit
  rhoncus ridiculus risus rutrum sadipscing sagittis sanctus sapien scelerisque sea sed sem semper
  senectus sint sit sociosqu sodales sollicitudin stet sunt suscipit suspendisse taciti takimata
  tellus tempor tempus tincidunt torquent tortor tristique turpis ullamco ullamcorper ultrices
  ultricies urna ut varius vehicula vel velit veniam venenatis vero vestibulum vitae vivamus
  viverra voluptate voluptua volutpat vulputate`.split(/\s+/),
);

// A sentence addressed to the reader ("we", "you") about cookies, tracking or consent.
const CONSENT_TOPIC =
  /\b(?:cookies?|tracking|trackers?|privacy|consent|gdpr|datenschutz|einwilligung|consentement|consentimiento)\b/i;
const CONSENT_PARTIES =
  /\b(?:we|our|us|you|your|wir|unsere?n?|sie|ihre?n?|nous|vous|votre|nosotros|usted)\b/i;
const CONSENT_ACTION =
  /\b(?:use|uses|accept|agree|consent|preferences|settings|continu\w*|manage|reject|allow|opt|akzeptier\w*|zustimm\w*|accepte\w*|acept\w*)\b/i;

const lettersOf = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];

/** Sentences by their final stop; enough for counting, language-independent. */
const sentencesOf = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?。！？])\s*/u)
    .map((s) => s.trim())
    .filter((s) => lettersOf(s).length >= 4);

/** Share of a text's words that are placeholder vocabulary. */
export function placeholderShare(text: string): number {
  const words = lettersOf(text);
  if (words.length === 0) return 0;
  return words.filter((w) => PLACEHOLDER.has(w)).length / words.length;
}

/** One sentence that is placeholder text (most of its words) or a consent notice. */
export function fillerSentence(text: string): boolean {
  if (lettersOf(text).length >= 4 && placeholderShare(text) >= 0.6) return true;
  return CONSENT_TOPIC.test(text) && CONSENT_PARTIES.test(text) && CONSENT_ACTION.test(text);
}

/**
 * Fewer words than this is a caption or a title, not a passage: no question can be asked about it
 * that it does not simply repeat.
 */
export const MIN_WORDS = 12;

// ICU word breaks (dictionary-based for Chinese and Japanese, which have no spaces between words).
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
/**
 * Words of a text, counted up to `atMost`. Node's segment iterator slows down with the length of
 * the string (a 250,000-character text took 53 s of CPU to count, a whole book several minutes),
 * so the count stops once it is known to be enough.
 */
export const wordCount = (text: string, atMost = Infinity): number => {
  let n = 0;
  for (const s of wordSegmenter.segment(text)) if (s.isWordLike && ++n >= atMost) break;
  return n;
};

/** Why a whole text is filler or too short, or null when it has content worth asking about. */
export function fillerReason(text: string): UnusableTextReason | null {
  if (wordCount(text, MIN_WORDS) < MIN_WORDS) return 'too_short';
  const words = lettersOf(text);
  if (words.length < 20) return null;
  if (placeholderShare(text) >= 0.5) return 'placeholder';
  const sentences = sentencesOf(text);
  if (sentences.length >= 6) {
    const seen = new Set<string>();
    let copies = 0;
    for (const s of sentences) {
      const key = lettersOf(s).join(' ');
      if (seen.has(key)) copies++;
      else seen.add(key);
    }
    if (copies / sentences.length >= 0.5) return 'repeated';
  }
  if (sentences.length > 0) {
    const consent = sentences.filter(
      (s) => CONSENT_TOPIC.test(s) && CONSENT_PARTIES.test(s) && CONSENT_ACTION.test(s),
    ).length;
    if (consent / sentences.length >= 0.5) return 'boilerplate';
  }
  return null;
}
