import { useId, useState, type DragEvent, type FormEvent } from 'react';
import type { DraftItem } from '../lib/sources/source-draft';
import { sizedItems } from '../lib/sources/source-draft';
import { UPLOAD_EXTENSIONS } from '@mnemo/contracts/api/upload';
import { DOCUMENT_NAMES } from '@mnemo/contracts/file-formats';
import { FILE_ACCEPT, fileKind } from '../lib/sources/source-rules';
import {
  BYTES_PER_MB,
  formatMB,
  meterFor,
  type DeckSizeState,
  type SizeMeter,
} from '../lib/sources/source-size';
import type { SourceDraft } from '../lib/sources/use-source-draft';

type Tab = 'links' | 'files';

/**
 * The Links and Files tabs with the list of added content and the size meter: the creation page
 * (spec 01 §2.6) and the Add Source modal (spec 02 §2) use the same block. `deckSize` is the deck
 * the content goes to, if there is one yet.
 */
export function SourceInputs({
  draft,
  deckSize = { kind: 'none' },
  disabled = false,
}: {
  draft: SourceDraft;
  deckSize?: DeckSizeState;
  disabled?: boolean;
}) {
  const [tab, setTab] = useState<Tab>('links');
  const id = useId();
  const meter = meterFor(deckSize, sizedItems(draft.items));
  return (
    <div className="source-inputs">
      <div className="source-tabs" role="tablist" aria-label="Source type">
        {(['links', 'files'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${id}-${t}-tab`}
            aria-controls={`${id}-${t}-panel`}
            aria-selected={tab === t}
            className={tab === t ? 'source-tab active' : 'source-tab'}
            onClick={() => setTab(t)}
          >
            {t === 'links' ? 'Links' : 'Files'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'links' ? (
          <LinkForm draft={draft} disabled={disabled} />
        ) : (
          <FileDropZone draft={draft} disabled={disabled} />
        )}
      </div>
      {draft.messages.map((message) => (
        <p key={message} className="notice notice-error" role="alert">
          {message}
        </p>
      ))}
      <DraftList items={draft.items} onRemove={draft.remove} disabled={disabled} />
      {meter && <SizeMeterBar meter={meter} />}
    </div>
  );
}

function LinkForm({ draft, disabled }: { draft: SourceDraft; disabled: boolean }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The modal's own buttons sit in an outer block; keep this form's submit to itself.
    event.stopPropagation();
    const result = draft.addLink(value);
    switch (result.kind) {
      case 'empty':
        setError(null);
        return;
      case 'ok':
        setValue('');
        setError(null);
        return;
      default:
        setError(result.message);
    }
  }

  return (
    <>
      <form className="inline-form" onSubmit={onSubmit} noValidate>
        <label className="visually-hidden" htmlFor={inputId}>
          Link
        </label>
        <input
          id={inputId}
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="Paste a website or YouTube link"
          value={value}
          disabled={disabled}
          aria-invalid={error !== null}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="btn" disabled={disabled}>
          Add
        </button>
      </form>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function FileDropZone({ draft, disabled }: { draft: SourceDraft; disabled: boolean }) {
  const [dragging, setDragging] = useState(false);
  const inputId = useId();

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) draft.addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div
      className="drop-zone"
      data-dragging={dragging}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p>Drop {DOCUMENT_NAMES} files here, or</p>
      <label htmlFor={inputId} className="btn" aria-disabled={disabled}>
        Choose files
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        multiple
        accept={FILE_ACCEPT}
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // Cleared so that choosing the same file again (after a failed upload) fires again.
          e.currentTarget.value = '';
          draft.addFiles(files);
        }}
      />
      <p className="muted">{UPLOAD_EXTENSIONS.join(', ')}; each file uploads as soon as it is added.</p>
    </div>
  );
}

function itemName(item: DraftItem): string {
  return item.kind === 'link' ? item.url : item.name;
}

function itemKind(item: DraftItem): string {
  if (item.kind === 'file') return fileKind(item.name);
  return item.type === 'youtube' ? 'YouTube' : 'Website';
}

/** The added content, each with its state and a remove button. */
export function DraftList({
  items,
  onRemove,
  disabled = false,
}: {
  items: readonly DraftItem[];
  onRemove: (id: string) => void;
  disabled?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="draft-list" aria-label="Added content">
      {items.map((item) => {
        const name = itemName(item);
        const uploading = item.kind === 'file' && item.status === 'uploading';
        return (
          <li key={item.id} className="draft-item" data-state={uploading ? 'uploading' : 'ready'}>
            <span className="badge badge-kind">{itemKind(item)}</span>
            <span className="draft-name" title={name}>
              {name}
            </span>
            {uploading ? (
              <span className="draft-state">
                <progress aria-label={`Uploading ${name}`} />
                Uploading...
              </span>
            ) : (
              <span className="draft-state muted">
                {item.kind === 'link' ? 'Link' : `${formatMB(item.size / BYTES_PER_MB)} MB`}
              </span>
            )}
            <button
              type="button"
              className="link-button"
              aria-label={`Remove ${name}`}
              disabled={disabled}
              onClick={() => onRemove(item.id)}
            >
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Used of 60 MB, with the bar's colour by how full it is. */
export function SizeMeterBar({ meter }: { meter: SizeMeter }) {
  return (
    <div className="size-meter" data-tone={meter.tone}>
      <div className="size-meter-text">
        <span>Content size</span>
        <span>{meter.label}</span>
      </div>
      <div
        className="size-meter-bar"
        role="meter"
        aria-label="Content size"
        aria-valuemin={0}
        aria-valuemax={meter.maxMB}
        aria-valuenow={Math.round(meter.usedMB * 10) / 10}
        aria-valuetext={meter.label}
      >
        <span style={{ width: `${meter.percent}%` }} />
      </div>
    </div>
  );
}
