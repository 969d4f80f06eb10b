import { isZipGuardError, readZipSafely, type ZipGuardError, type ZipLimits } from '@mnemo/archive/zip';
import { exchangeError, type ExchangeError } from './errors';
import { APKG_ZIP_LIMITS } from './limits';

export type ZipCaps = ZipLimits;

const mib = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** A refusal of the shared zip guard in the exchange's codes and an Anki learner's words. */
function refusal(err: ZipGuardError, caps: ZipCaps): ExchangeError {
  const { details } = err;
  switch (err.code) {
    case 'not_zip':
      return exchangeError('EXCHANGE_BAD_FILE', 'This file is not a zip archive, so it is not an Anki deck (.apkg).', { cause: err });
    case 'damaged':
      return exchangeError('EXCHANGE_BAD_FILE', 'This archive is damaged, so it could not be opened.', { cause: err });
    case 'unsafe_path':
      return exchangeError('EXCHANGE_BAD_FILE', 'This archive holds a file whose path points outside it (a crafted archive), so it was not opened.', {
        details: { entry: details.entry },
      });
    case 'encrypted':
      return exchangeError('EXCHANGE_BAD_FILE', 'This archive is password-protected; Anki decks never are. Export the deck from Anki again.', {
        details: { entry: details.entry },
      });
    case 'too_many_entries':
      return exchangeError('EXCHANGE_ZIP_BOMB', `This archive holds ${details.entryCount} files, more than an Anki deck Mnemo opens (${caps.maxEntries}).`, {
        details: { entryCount: details.entryCount, maxEntries: caps.maxEntries },
      });
    case 'entry_too_large':
      return exchangeError('EXCHANGE_ZIP_BOMB', `A file in this archive would unpack to more than ${mib(caps.maxEntryBytes)}.`, {
        details: { entry: details.entry },
      });
    case 'too_large':
      return exchangeError('EXCHANGE_ZIP_BOMB', `This archive would unpack to more than ${mib(caps.maxTotalBytes)}.`, {
        details: { maxTotalBytes: caps.maxTotalBytes },
      });
    case 'suspicious_ratio':
      return exchangeError('EXCHANGE_ZIP_BOMB', 'This archive is compressed far more than real decks are (it looks like a zip bomb), so it was not opened.', {
        details: { entry: details.entry, ratio: details.ratio },
      });
  }
}

/**
 * The entries `wanted` picks, unpacked into memory through the shared zip guard (@mnemo/archive):
 * every cap checked against what the central directory declares, then against the bytes actually
 * inflated; entries not wanted are measured too, so a bomb hidden in a media file is refused as well.
 */
export async function readZip(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  caps: ZipCaps = APKG_ZIP_LIMITS,
): Promise<Map<string, Buffer>> {
  try {
    return (await readZipSafely(bytes, caps, wanted)).files;
  } catch (err) {
    if (isZipGuardError(err)) throw refusal(err, caps);
    throw err;
  }
}
