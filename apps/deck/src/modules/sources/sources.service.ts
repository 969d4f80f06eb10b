import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  linkSourceType,
  type AddSourceResponse,
  type RemoveSourceResponse,
  type sourceInputSchema,
} from '@mnemo/contracts/api/sources';
import type { DeckSizeResponse } from '@mnemo/contracts/api/decks';
import type { SourceStatusResponse } from '@mnemo/contracts/api/ai';
import { cutSourceTitle } from '@mnemo/contracts/entities/source';
import { DECK_MAX_SIZE_MB, LINK_SIZE_MB } from '@mnemo/contracts/limits';
import type { Tx } from '@mnemo/db/client';
import type { Owner } from '@mnemo/db/owner';
import { AppError } from '@mnemo/service-kit';
import { StorageError, type Storage } from '@mnemo/storage';
import type { UploadsRepository } from '../upload/upload.repository';
import type { CaptionsCheck } from './captions-check';
import { isPlainlyPrivate } from './links';
import { presentSource } from './sources.presenter';
import type { SourceRow, SourcesRepository } from './sources.repository';

const MB = 1024 * 1024;
const DECK_MAX_BYTES = DECK_MAX_SIZE_MB * MB;
/** The size meter counts a link as 0.5 MB (spec 01 §9). */
const LINK_BYTES = LINK_SIZE_MB * MB;

/** The deck's size in bytes as the size meter counts it: files by their size, links 0.5 MB each. */
export const countedBytes = (c: { documentBytes: number; links: number }) => c.documentBytes + c.links * LINK_BYTES;
const toMB = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

/** The source input after the contract's parsing (titles cut, URLs trimmed and checked). */
export type ParsedSourceInput = z.output<typeof sourceInputSchema>;

export const deckNotFound = () => new AppError('NOT_FOUND', 'Deck not found');
export const sourceNotFound = () => new AppError('NOT_FOUND', 'Source not found');

export function createSourcesService({
  sources,
  uploads,
  storage,
  onRemoved,
  log,
  fetchAllowlist = [],
  captionsCheck,
}: {
  sources: SourcesRepository;
  uploads: Pick<UploadsRepository, 'findOwned'>;
  storage: Pick<Storage, 'stat' | 'delete' | 'downloadUrl'>;
  /** Called after a source is gone, to drop its queued work (the processing side). */
  onRemoved?: (source: { id: string; processingAttempt: number }) => Promise<void>;
  log: FastifyBaseLogger;
  /** Hosts (`host` or `host:port`) links may name even when local: SOURCE_FETCH_ALLOWLIST. */
  fetchAllowlist?: readonly string[];
  /** Asks YouTube, when a video is added, whether it has captions (none: refused at once). */
  captionsCheck?: Pick<CaptionsCheck, 'captions'>;
}) {
  const present = (row: Parameters<typeof presentSource>[0], withContent = false) =>
    presentSource(row, { storage, withContent });

  /** A document's fields, from the caller's own upload and the stored file, never from the client. */
  async function documentFields(tx: Tx, owner: Owner, input: Extract<ParsedSourceInput, { type: 'document' }>) {
    const upload = await uploads.findOwned(owner, input.storageRef, tx);
    if (!upload) throw new AppError('NOT_FOUND', 'Uploaded file not found. Please upload it again.');
    if (upload.sourceId) {
      throw new AppError('CONFLICT', 'This file is already used by another source. Please upload it again to add it twice.');
    }
    let stored: { size: number; contentType: string };
    try {
      stored = await storage.stat(upload.storageRef);
    } catch (err) {
      if (err instanceof StorageError) throw new AppError('NOT_FOUND', 'Uploaded file not found. Please upload it again.');
      throw err;
    }
    const originalFilename = upload.originalFilename ?? input.originalFilename ?? null;
    return {
      type: 'document' as const,
      url: null,
      storageRef: upload.storageRef,
      filename: upload.storageRef.split('/').pop() ?? null,
      originalFilename,
      downloadUrl: await storage.downloadUrl(upload.storageRef),
      contentType: upload.contentType,
      sizeInBytes: stored.size,
      title: input.title?.trim() || cutSourceTitle(originalFilename ?? '') || 'Document',
    };
  }

  // Without a title, a source is named by its file name or address: the placeholder the worker
  // replaces with the document's or page's own title (the web app sends the same).
  function linkFields(input: Extract<ParsedSourceInput, { type: 'website' | 'youtube' }>) {
    if (isPlainlyPrivate(input.url, fetchAllowlist)) {
      throw new AppError('SSRF_BLOCKED', 'This link points to a private or local address and cannot be added');
    }
    return {
      // The address decides the type; the client's is only a hint (docs/decisions.md).
      type: linkSourceType(input.url),
      url: input.url,
      sizeInBytes: 0,
      title: input.title?.trim() || cutSourceTitle(input.url),
    };
  }

  /**
   * Adds a source to the caller's deck inside the caller's transaction, with every rule of
   * POST /decks/:id/sources. POST /decks adds its sources this way, in the deck's own transaction,
   * so a refused source leaves no deck behind.
   */
  async function addWithin(tx: Tx, owner: Owner, deckId: string, input: ParsedSourceInput): Promise<SourceRow> {
    if (!(await sources.lockOwnedDeck(tx, owner, deckId))) throw deckNotFound();
    const fields = input.type === 'document' ? await documentFields(tx, owner, input) : linkFields(input);
    const contents = await sources.deckContents(deckId, tx);
    if (contents.inFlight > 0) {
      throw new AppError('SOURCES_PENDING', 'Please wait for existing sources to finish processing before adding new ones');
    }
    const adding = fields.type === 'document' ? fields.sizeInBytes : LINK_BYTES;
    const after = countedBytes(contents) + adding;
    if (after > DECK_MAX_BYTES) {
      throw new AppError(
        'LIMIT_REACHED',
        `This source would bring the deck to ${toMB(after).toFixed(1)} MB; a deck holds at most ${DECK_MAX_SIZE_MB} MB (${toMB(Math.max(0, DECK_MAX_BYTES - countedBytes(contents))).toFixed(1)} MB left)`,
        { flags: { limitReached: true } },
      );
    }
    const created = await sources.insert(tx, { deckId, processingStatus: 'pending', ...fields });
    if (fields.type === 'document' && !(await sources.attachUpload(tx, owner, fields.storageRef, created.id))) {
      // Another request took the same upload between our read and now.
      throw new AppError('CONFLICT', 'This file is already used by another source. Please upload it again to add it twice.');
    }
    return created;
  }

  /**
   * The checks that ask another service, made before any transaction so no lock waits on the
   * network: a YouTube video that plainly has no captions is refused now (422
   * TRANSCRIPT_UNAVAILABLE) rather than failing after processing. Any doubt lets it through.
   */
  async function precheck(input: ParsedSourceInput): Promise<void> {
    if (input.type === 'document' || !captionsCheck) return;
    if (linkSourceType(input.url) !== 'youtube') return;
    if ((await captionsCheck.captions(input.url)) === 'none') {
      throw new AppError(
        'TRANSCRIPT_UNAVAILABLE',
        'This video has no captions, so there is no transcript to build cards from. Try another video.',
        { details: { reason: 'transcripts_disabled' } },
      );
    }
  }

  return {
    precheck,

    /**
     * Adds a source to the caller's deck, pending (spec 02 §5, §7). Refused while another source
     * of the deck is being processed, and when the deck would pass 60 MB (402 LIMIT_REACHED).
     */
    async add(owner: Owner, deckId: string, input: ParsedSourceInput): Promise<AddSourceResponse> {
      await precheck(input);
      const row = await sources.transaction((tx) => addWithin(tx, owner, deckId, input));
      return { success: true, ...(await present(row)) };
    },

    addWithin,

    /** Removes a source, optionally with its cards, then its stored file once no source uses it. */
    async remove(owner: Owner, deckId: string, sourceId: string, deleteCards: boolean): Promise<RemoveSourceResponse> {
      const { source, cardsDeleted } = await sources.transaction(async (tx) => {
        const found = await sources.findOwned(owner, deckId, sourceId, tx);
        if (!found) throw sourceNotFound();
        return { source: found, cardsDeleted: await sources.remove(tx, sourceId, deleteCards) };
      });
      // After the commit: a failure here leaves a stray file or job, never a broken deck.
      if (source.storageRef && (await sources.countUsing(source.storageRef)) === 0) {
        await storage.delete(source.storageRef).catch((err: unknown) =>
          log.warn({ err, storageRef: source.storageRef }, 'could not delete the file of a removed source'),
        );
      }
      await onRemoved?.(source).catch((err: unknown) => log.warn({ err, sourceId }, 'could not drop the queued work of a removed source'));
      return { success: true, cardsDeleted };
    },

    /** GET /ai/source-status: the source with its extracted text. */
    async status(owner: Owner, deckId: string, sourceId: string): Promise<SourceStatusResponse> {
      const row = await sources.findOwned(owner, deckId, sourceId);
      if (!row) throw sourceNotFound();
      return { success: true, source: await present(row, true) };
    },

    /**
     * GET /decks/:id/size (spec 02 §3 "Deck size info"). The owner's meter. A viewer of a published
     * deck is refused with 403, which the spec's client takes as "hide the size bar" (spec 02 §6);
     * a deck the caller may not see at all is 404 like every other call.
     */
    async size(owner: Owner, deckId: string): Promise<DeckSizeResponse> {
      if (!(await sources.ownsDeck(owner, deckId))) {
        if (await sources.viewsDeck(owner, deckId)) {
          throw new AppError('FORBIDDEN', 'Only the owner of this deck can see its size');
        }
        throw deckNotFound();
      }
      const bytes = countedBytes(await sources.deckContents(deckId));
      return {
        success: true,
        currentSizeMB: toMB(bytes),
        maxSizeMB: DECK_MAX_SIZE_MB,
        usagePercentage: Math.round((bytes / DECK_MAX_BYTES) * 1000) / 10,
        remainingMB: toMB(Math.max(0, DECK_MAX_BYTES - bytes)),
      };
    },
  };
}
export type SourcesService = ReturnType<typeof createSourcesService>;
