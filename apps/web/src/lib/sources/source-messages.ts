import { UPLOAD_EXTENSIONS } from '@mnemo/contracts/api/upload';
import { DOCUMENT_NAMES } from '@mnemo/contracts/file-formats';
import { isApiError, serverErrorField } from '../api';

/**
 * The words of spec 01 §8 and spec 02 §5, §8 for sources and their processing. The duplicate and
 * unsupported-file messages are ours (the spec names neither).
 */
export const SOURCE_MESSAGES = {
  invalidUrl: 'Please enter a valid URL',
  duplicateLink: 'This link has already been added',
  unsupportedFile: `Only ${DOCUMENT_NAMES} files (${UPLOAD_EXTENSIONS.join(', ')}) can be added`,
  noSources: 'Please add at least one source (URL or file)',
  uploadsRunning: 'Please wait for all files to finish uploading',
  sourcesPending: 'Please wait for existing sources to finish processing before adding new ones',
  addFailed: 'Failed to add source. Please try again.',
  removeFailed: 'Failed to remove source. Please try again.',
  processFailed: 'Failed to process this source. Please try again.',
  progressParse: 'Failed to parse progress update',
  progressConnection: 'Progress tracking connection failed',
  deckLoadFailed: 'Failed to load deck data. Please try again.',
  deckNotFound: 'Deck not found or not accessible.',
  refreshFailed: 'Failed to refresh sources',
} as const;

/** 'Failed to upload {filename}: {server message}', or without the message when there was none. */
export function uploadFailedMessage(filename: string, error: unknown): string {
  const server = serverErrorField(error);
  return server ? `Failed to upload ${filename}: ${server}` : `Failed to upload ${filename}`;
}

/**
 * An add-source failure: 'Size limit exceeded: {server message}' when the answer carries
 * limitReached, the pending-sources rule when the server refused for it, else the generic message.
 */
export function addSourceFailedMessage(error: unknown): string {
  if (isApiError(error) && error.limitReached) {
    return `Size limit exceeded: ${serverErrorField(error) ?? error.message}`;
  }
  if (isApiError(error) && error.code === 'SOURCES_PENDING') return SOURCE_MESSAGES.sourcesPending;
  return SOURCE_MESSAGES.addFailed;
}
