import type { QuestionType } from '@mnemo/contracts/entities/question';

/**
 * The note types writeApkg puts in the collection: one per Mnemo question type, all with the same
 * fields, so Anki shows multiple choice with its choices and case questions with their case. The
 * `Mnemo` field keeps what Anki has no column for (see apkg.ts); no template shows it.
 */
export const MNEMO_FIELDS = ['Question', 'Answer', 'Options', 'Correct', 'Case context', 'Explanation', 'Source', 'Mnemo'] as const;
export type MnemoField = (typeof MNEMO_FIELDS)[number];

/** Fixed ids, so a second export into the same Anki profile reuses the note types. */
export const MNEMO_MODEL_IDS: Record<QuestionType, number> = {
  multiple_choice: 1732500000001,
  free_response: 1732500000002,
  case_multiple_choice: 1732500000003,
  case_free_response: 1732500000004,
};

export const MNEMO_MODEL_NAMES: Record<QuestionType, string> = {
  multiple_choice: 'Mnemo Multiple choice',
  free_response: 'Mnemo Free response',
  case_multiple_choice: 'Mnemo Case multiple choice',
  case_free_response: 'Mnemo Case free response',
};

const CSS = `.card { font-family: system-ui, sans-serif; font-size: 20px; text-align: left; color: black; background-color: white; }
.case { padding: .5em .75em; border-left: 4px solid #8aa; margin-bottom: .75em; font-size: 18px; }
ol.options { padding-left: 1.5em; } ol.options li { margin: .25em 0; }
.explanation, .source { margin-top: .75em; font-size: 16px; color: #444; }`;

const caseBlock = '{{#Case context}}<div class="case">{{Case context}}</div>{{/Case context}}';
const backExtras =
  '{{#Explanation}}<div class="explanation">{{Explanation}}</div>{{/Explanation}}{{#Source}}<div class="source">{{Source}}</div>{{/Source}}';

function templates(type: QuestionType) {
  const multiple = type === 'multiple_choice' || type === 'case_multiple_choice';
  const withCase = type.startsWith('case_');
  const qfmt = `${withCase ? caseBlock : ''}<div class="question">{{Question}}</div>${multiple ? '{{Options}}' : ''}`;
  const afmt = `{{FrontSide}}<hr id="answer"><div class="answer">${multiple ? '{{Correct}}. ' : ''}{{Answer}}</div>${backExtras}`;
  return { qfmt, afmt };
}

/** Anki's notetype JSON (col.models, schema 11) for a Mnemo question type. */
export function mnemoModel(type: QuestionType, deckId: number, modSeconds: number) {
  const { qfmt, afmt } = templates(type);
  return {
    id: MNEMO_MODEL_IDS[type],
    name: MNEMO_MODEL_NAMES[type],
    type: 0,
    mod: modSeconds,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [{ name: 'Card 1', ord: 0, qfmt, afmt, bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 }],
    flds: MNEMO_FIELDS.map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] })),
    css: CSS,
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    // The card is generated when the Question field is not empty.
    req: [[0, 'any', [0]]],
    tags: [],
    vers: [],
  };
}

export function typeOfModelName(name: string): QuestionType | null {
  const entry = Object.entries(MNEMO_MODEL_NAMES).find(([, n]) => n === name);
  return entry ? (entry[0] as QuestionType) : null;
}
