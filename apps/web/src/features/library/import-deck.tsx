import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import {
  DELIMITED_FORMATS,
  IMPORT_EXTENSIONS,
  importFormatOfFilename,
} from '@mnemo/contracts/api/exchange';
import type { Space } from '@mnemo/contracts/entities/space';
import { serverErrorField } from '../../lib/api';
import { exchangeApi, importResultLine, useImportDeck } from '../../lib/exchange-api';

const SEPARATOR_NAMES: Record<string, string> = { ',': 'comma', '\t': 'tab', ';': 'semicolon' };
const ACCEPT = Object.keys(IMPORT_EXTENSIONS).join(',');

/**
 * Import a deck (issue 24): a drop zone (or a file picker), a preview of the columns and separator
 * detected in CSV, TSV and Quizlet text, then the import into a space and its result line. With
 * `spaces`, the learner picks the space (the library); with one space, it is that space's page.
 */
export function ImportDeck({ spaces }: { spaces: Pick<Space, '_id' | 'title'>[] }) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [spaceId, setSpaceId] = useState(spaces[0]?._id ?? '');
  const preview = useMutation({ mutationFn: (f: File) => exchangeApi.preview(f) });
  const importing = useImportDeck();

  const choose = (f: File | undefined) => {
    if (!f) return;
    setFile(f);
    importing.reset();
    preview.reset();
    const format = importFormatOfFilename(f.name);
    if (format && DELIMITED_FORMATS.includes(format)) preview.mutate(f);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const target = spaces.length === 1 ? spaces[0]!._id : spaceId;
  const error = importing.error ?? preview.error;

  return (
    <section className="import-deck" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import a deck</h2>
      <div
        className={dragging ? 'drop-zone dragging' : 'drop-zone'}
        role="button"
        tabIndex={0}
        aria-label="Drop an Anki, CSV, Quizlet or Mnemo file here, or choose one"
        onClick={() => picker.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            picker.current?.click();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          {file
            ? file.name
            : 'Drop an Anki package (.apkg), CSV, TSV, Quizlet text or Mnemo JSON file here'}
        </p>
        <p className="muted">or click to choose a file</p>
        <input
          ref={picker}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="import-file"
          onChange={(e) => choose(e.target.files?.[0])}
        />
      </div>

      {preview.data && (
        <div className="import-preview" aria-label="Preview">
          <p className="muted">
            {preview.data.rowCount} {preview.data.rowCount === 1 ? 'row' : 'rows'}, separated by{' '}
            {SEPARATOR_NAMES[preview.data.separator] ?? preview.data.separator}
            {preview.data.header ? ', first line read as column names' : ''}
          </p>
          <table className="import-preview-table">
            <thead>
              <tr>
                {preview.data.columns.map((c, i) => (
                  <th key={i} scope="col">
                    {c.name}
                    <span className="muted"> → {c.field ?? 'not imported'}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.data.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {file && (
        <div className="import-actions">
          {spaces.length > 1 && (
            <label>
              Into{' '}
              <select value={spaceId} onChange={(e) => setSpaceId(e.target.value)}>
                {spaces.map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.title}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={!target || importing.isPending}
            onClick={() => importing.mutate({ file, studySpace: target })}
          >
            {importing.isPending ? 'Importing...' : 'Import'}
          </button>
        </div>
      )}
      {spaces.length === 0 && (
        <p className="muted">Create a study space first: decks are imported into one.</p>
      )}

      {importing.data && (
        <p className="notice import-result" role="status">
          {importResultLine(importing.data)}.{' '}
          <Link to="/deck/$deckId/flashcards" params={{ deckId: importing.data.deck._id }}>
            Open “{importing.data.deck.title}”
          </Link>
        </p>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {serverErrorField(error) ?? 'The file could not be imported. Please try again.'}
        </p>
      )}
    </section>
  );
}
