import type { StudyAi } from '../../types';
import { throwIfAborted } from './abort';
import { enhanceQuery, followUpPrompts, hint } from './conversation';
import { detectLanguage } from '../../language';
import { analyze, type DocumentModel } from './document';
import { evaluateAnswer } from './evaluate';
import { generateQuestions } from './questions';
import { sampleForAnalysis } from './sample';
import { pickKeyPoints, refuseEmptyShort, refuseFiller, summarySentences } from './summarize';
import { tutor } from './tutor';

export { createHashingEmbedder } from './hashing-embedder';
export { defaultFollowUpPrompts } from './conversation';

/**
 * The offline provider: every task done with NLP on the text itself (wink-nlp and its English lite
 * model, loaded once on first use), deterministic, no network and no model download. What each
 * task does, and what it cannot do, is in README.md in this folder.
 */
export function createLocalStudyAi(): StudyAi {
  // The ingest worker asks for the summary and then the key points of the same text: analyse it
  // once, and a long one through a sample of it (sample.ts).
  let last: { title: string; text: string; doc: DocumentModel } | undefined;
  const analysed = (title: string, text: string): DocumentModel => {
    if (last?.text !== text || last.title !== title) {
      refuseFiller(text);
      const sample = sampleForAnalysis(text);
      last = { title, text, doc: analyze([sample], { title, language: detectLanguage(sample) }) };
    }
    return last.doc;
  };
  return {
    provider: 'local',

    async summarize(input) {
      throwIfAborted(input.signal);
      const summary = summarySentences(analysed(input.title, input.text))
        .map((s) => s.text)
        .join(' ');
      refuseEmptyShort(input.text, summary.trim() === '');
      return summary;
    },

    async keyPoints(input) {
      throwIfAborted(input.signal);
      const points = pickKeyPoints(analysed(input.title, input.text));
      refuseEmptyShort(input.text, points.length === 0);
      return points;
    },

    async generateQuestions(input) {
      return generateQuestions(input);
    },

    async evaluateAnswer(input) {
      throwIfAborted(input.signal);
      return evaluateAnswer(input);
    },

    tutor(input) {
      return tutor(input);
    },

    async followUpPrompts(input) {
      throwIfAborted(input.signal);
      return followUpPrompts(input);
    },

    async enhanceQuery(input) {
      throwIfAborted(input.signal);
      return enhanceQuery(input.query, input.history);
    },

    async hint(input) {
      throwIfAborted(input.signal);
      return hint(input);
    },
  };
}
