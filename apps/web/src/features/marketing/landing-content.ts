import type { NavKey } from './scroll-spy';

/**
 * A claim on a slide. One that names a feature of the study tools links to the help section that
 * explains it (and from there into the app), so every promise leads to the thing itself.
 */
export type SlidePoint = string | { text: string; help: StudyHelpTopic };

/** The help page's sections on the study tools (issue 20), by anchor. */
export const STUDY_HELP_TOPICS = ['review', 'quizzes', 'mastery', 'statistics'] as const;
export type StudyHelpTopic = (typeof STUDY_HELP_TOPICS)[number];

/** The words of a point, linked or not. */
export function pointText(point: SlidePoint): string {
  return typeof point === 'string' ? point : point.text;
}

/** One slide of a landing carousel: copy only, the page lays it out. */
export interface SlideCopy {
  id: string;
  title: string;
  text: string;
  points: readonly SlidePoint[];
  /** 8000 to 28800 ms (spec 01 §2.12); absent means the 6000 ms default. */
  durationMs?: number;
}

export interface CarouselSection {
  /** The section's id (spec 01 §2.12): links and the top bar's Schools jump use it. */
  id: 'process' | 'flashcards' | 'community' | 'schools';
  nav: NavKey;
  eyebrow: string;
  title: string;
  lead: string;
  slides: readonly SlideCopy[];
}

/** The four carousel sections of the landing page, in order, with the marketing copy of spec 01 §1. */
export const CAROUSEL_SECTIONS: readonly CarouselSection[] = [
  {
    id: 'process',
    nav: 'features',
    eyebrow: 'Interactive Notes',
    title: 'Every source becomes notes you can study',
    lead: 'Add web pages, videos, PDFs or Word documents. Mnemo reads them for you.',
    slides: [
      {
        id: 'sources',
        title: 'Add any source',
        text: 'Paste a website or video link, or drop in PDF and Word files.',
        points: ['Web pages and articles', 'Video links', 'PDF and Word documents'],
        durationMs: 8000,
      },
      {
        id: 'summary',
        title: 'Summary and key points',
        text: 'Each source gets an AI summary and its key points, ready before you start studying.',
        points: ['A short summary', 'The key points, one by one', 'Kept with the source'],
        durationMs: 12_000,
      },
      {
        id: 'cards',
        title: 'Cards from your material',
        text: 'Questions are written from what you added, not from the whole internet.',
        points: ['Multiple choice', 'Free response', 'Case-based questions'],
        durationMs: 10_000,
      },
    ],
  },
  {
    id: 'flashcards',
    nav: 'features',
    eyebrow: 'Active Recall',
    title: 'Remember more by answering, not rereading',
    lead: 'Active recall and spaced repetition, with feedback on every answer.',
    slides: [
      {
        id: 'recall',
        title: 'Active recall',
        text: 'Answer each card from memory before you see the solution.',
        points: [
          'Retrieve, then check',
          'Hints when you are stuck',
          { text: 'Summary quizzes', help: 'quizzes' },
        ],
        durationMs: 9000,
      },
      {
        id: 'own-words',
        title: 'Explain it in your own words',
        text: 'Free responses are graded with feedback, so you know what is missing.',
        points: [
          'Written feedback',
          'A score for each answer',
          { text: 'What to review next', help: 'mastery' },
        ],
        durationMs: 14_000,
      },
      {
        id: 'spaced',
        title: 'Spaced repetition',
        text: 'Come back to the cards you found hard until they stick.',
        points: [
          { text: 'Hard cards come back', help: 'review' },
          { text: 'Easy cards step aside', help: 'review' },
          { text: 'Your progress day by day', help: 'statistics' },
        ],
      },
    ],
  },
  {
    id: 'community',
    nav: 'features',
    eyebrow: 'Consistent Learning',
    title: 'A study routine that keeps going',
    lead: 'Organise decks into study spaces, ask the AI tutor, share with others.',
    slides: [
      {
        id: 'spaces',
        title: 'Study spaces',
        text: 'Group the decks of one course or topic and find them again in your library.',
        points: ['One space per course', 'Every deck in one place'],
        durationMs: 8000,
      },
      {
        id: 'tutor',
        title: 'Chat with an AI tutor',
        text: 'Ask questions about your sources; answers quote the material they come from.',
        points: ['Answers from your sources', 'Sources named with each answer'],
        durationMs: 12_000,
      },
      {
        id: 'explore',
        title: 'Share on Explore',
        text: 'Publish a deck, and clone the decks other learners have published.',
        points: ['Publish with or without your name', 'Clone in one click'],
        durationMs: 10_000,
      },
    ],
  },
  {
    id: 'schools',
    nav: 'schools',
    eyebrow: 'Transforming Education',
    title: 'Built for classrooms too',
    lead: 'Teachers turn a curriculum into a study space for the whole class.',
    slides: [
      {
        id: 'curriculum',
        title: 'Upload the curriculum',
        text: 'Add the course material once and generate a study space from it.',
        points: ['Course documents and links', 'A space generated from them'],
        durationMs: 10_000,
      },
      {
        id: 'join-code',
        title: 'Share a join code',
        text: 'Students join the space with a 5-character code.',
        points: ['No accounts to set up for them', 'One code per class'],
        durationMs: 8000,
      },
      {
        id: 'mastery',
        title: 'See mastery per concept',
        text: 'Follow how the class is doing on each concept and know what to teach again.',
        points: [{ text: 'Mastery per concept', help: 'mastery' }, 'Spot gaps early'],
        durationMs: 28_800,
      },
    ],
  },
] as const;

export interface Testimonial {
  quote: string;
  who: string;
}

/**
 * The testimonial strip. These are illustrative quotes written for the Beta; they name a kind of
 * learner, never a person, and are to be replaced with quotes users agree to publish.
 */
export const TESTIMONIALS: readonly Testimonial[] = [
  { quote: 'I turned a 40-page reading into cards in a few minutes.', who: 'Nursing student' },
  {
    quote: 'Explaining answers in my own words is what finally made it stick.',
    who: 'History major',
  },
  {
    quote: 'The tutor quotes the lecture notes, so I can check everything.',
    who: 'Medical student',
  },
  { quote: 'I share one deck with my study group before every exam.', who: 'Law student' },
  { quote: 'My class studies from the curriculum I already had.', who: 'High-school teacher' },
  { quote: 'Videos I watched once are now questions I can answer.', who: 'Self-taught developer' },
];
