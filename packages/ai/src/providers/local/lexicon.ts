/**
 * Small word lists the statistics cannot learn from one document: words too general to be a key
 * term, adjectives that only quantify, and the words people use to talk about a text rather than
 * about its subject. They are compared with lower-cased normal forms.
 */

/** Nouns that are frequent in any text and never the point of one. */
export const GENERIC_NOUNS = new Set(
  `time times year years way ways thing things people person part parts number numbers lot lots kind kinds
  use uses example examples day days week weeks month months today world case cases fact facts point points
  place places end side sort type types area areas group groups set sets form forms level levels issue
  issues problem problems question questions result results reason reasons idea ideas percent per cent
  term terms name names word words line lines order page pages information data thing stuff something
  anything everything nothing someone anyone everyone others other one ones hour hours minute minutes
  second seconds mr mrs ms dr lot bit couple amount amounts half rest top bottom front back inside
  instance instances sense matter matters means way note notes section sections chapter chapters figure
  figures table tables link links click share comment comments photo photograph image images credit
  version versions list lists item items detail details aspect aspects approach kind`.split(/\s+/),
);

/** Adjectives and determiners that only quantify or order, stripped from the start of a phrase. */
export const WEAK_MODIFIERS = new Set(
  `many much more most other another several such various certain same own new first last next previous
  few little lot lots whole entire main major key important good great big small large high low long short
  recent current different numerous further particular specific general overall total full real true
  original
  possible likely usual common simple best better worst worse early late only single double each every
  all any some both either neither enough own top`.split(/\s+/),
);

/** Words about the text or the conversation, not its subject ("what does the source say about..."). */
export const META_WORDS = new Set(
  `source sources text texts article articles document documents passage passages chapter author
  say says said tell tells told explain explains explained describe describes described mean means meant
  please thank thanks hi hello okay ok yes no me us you your my i question questions answer answers
  know understand help talk discuss according give show list summarize summarise summary detail details
  something anything thing things more elaborate example examples simple simply words word lot
  analogy analogies practical application applications related relate relates topic topics field
  study learn hint remember takeaway five years old compare`.split(/\s+/),
);

/** Verbs that carry no content on their own. */
export const LIGHT_VERBS = new Set(
  `be have do get make go take come say use can could will would shall should may might must`.split(
    /\s+/,
  ),
);

/** Sentence openings that lean on an earlier sentence; such sentences read badly on their own. */
export const ANAPHORIC_OPENERS = new Set(
  `it its this that these those they them their he she his her him we our but however and also so then
  such thus hence therefore yet or nor instead meanwhile moreover furthermore additionally still
  there here`.split(/\s+/),
);

/** Words that make a short query lean on the conversation ("what about it?"). */
export const ANAPHORS = new Set(
  `it its this that these those they them their he she his her him one ones there then such same above
  former latter`.split(/\s+/),
);

/** Month and day names: dates are handled as dates, never as key terms. */
export const CALENDAR_WORDS = new Set(
  `january february march april may june july august september october november december jan feb mar apr
  jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday`.split(
    /\s+/,
  ),
);
