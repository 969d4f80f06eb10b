import { useState } from 'react';
import type { Question } from '@mnemo/contracts/entities/question';
import type { UpdateQuestionBody } from '@mnemo/contracts/api/questions';
import { Dialog } from '../../components/dialog';
import { draftOf, questionChanges } from '../../lib/question-format';

interface EditQuestionDialogProps {
  open: boolean;
  /** The question being edited; kept while the dialog fades out. */
  question: Question | null;
  saving: boolean;
  error: string | null;
  /** Cancel, Escape or a click outside: closes without saving. */
  onClose: () => void;
  /** Called with only the changed fields; never called when nothing changed. */
  onSave: (body: UpdateQuestionBody) => void;
}

/**
 * The Edit Question modal (spec 02 §2, §4): the question text and the answer under its heading
 * ('Correct Answer' or 'Expected Answer'), Cancel and Save Changes. Save sends only what changed
 * and closes at once when nothing did; the dialog fades out over 200 ms.
 */
export function EditQuestionDialog(props: EditQuestionDialogProps) {
  return (
    <Dialog
      open={props.open}
      onDismiss={props.onClose}
      labelledBy="edit-question-title"
      className="dialog-wide"
    >
      {props.question && (
        <EditQuestionForm key={props.question._id} {...props} question={props.question} />
      )}
    </Dialog>
  );
}

function EditQuestionForm({
  question,
  open,
  saving,
  error,
  onClose,
  onSave,
}: EditQuestionDialogProps & { question: Question }) {
  const [draft, setDraft] = useState(() => draftOf(question));
  const blank = draft.question.trim() === '';
  return (
    <>
      <h2 id="edit-question-title">Edit Question</h2>
      <form
        className="form-stack"
        onSubmit={(e) => {
          e.preventDefault();
          if (!open || saving || blank) return;
          const body = questionChanges(question, draft);
          if (body) onSave(body);
          else onClose();
        }}
      >
        <div className="field">
          <label htmlFor="edit-question-text">Question</label>
          <textarea
            id="edit-question-text"
            className="textarea"
            rows={5}
            value={draft.question}
            onChange={(e) => setDraft((d) => ({ ...d, question: e.target.value }))}
          />
        </div>
        <div className="field">
          <label htmlFor="edit-question-answer">Answer</label>
          <textarea
            id="edit-question-answer"
            className="textarea"
            rows={6}
            value={draft.answer}
            onChange={(e) => setDraft((d) => ({ ...d, answer: e.target.value }))}
          />
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={!open}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!open || saving || blank}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </>
  );
}
