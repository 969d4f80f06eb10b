/**
 * How many bytes one document may unpack to while Mnemo reads it, whatever the container: PDF
 * streams (FlateDecode and the other filters pdf.js decodes), and every part of a zip-based file
 * (.docx, and any zip reader added later through zip-guard.ts). A compressed format lets a small file
 * stand for an enormous one (1 GiB of zeros deflates to 1 MB), and the unpacked bytes live in typed
 * arrays outside the JS heap, where a thread's heap limit does not reach. So the bytes are counted as
 * they are unpacked and reading stops at the budget; what a real document needs is far below it
 * (bench/README.md, "Decompression budget").
 *
 * Kept free of imports: the PDF threads load it, and they stay small.
 */
export type DecompressionBudget = {
  /** One stream (a PDF stream, a zip entry) unpacks to at most this many bytes. */
  maxStreamBytes: number;
  /**
   * The whole document unpacks to at most this many bytes, counted cumulatively (a stream decoded
   * twice counts twice), so the figure bounds the work as well as the memory.
   */
  maxDocumentBytes: number;
};

const MiB = 1024 * 1024;

export const DEFAULT_DECOMPRESSION_BUDGET: DecompressionBudget = {
  // A page's content stream is tens of kilobytes, an embedded CJK font a few megabytes, a Word
  // document's main XML part tens of megabytes for a book.
  maxStreamBytes: 64 * MiB,
  maxDocumentBytes: 200 * MiB,
};

/** Mebibytes for a message, whole. */
export const mebibytes = (bytes: number) => `${Math.round(bytes / MiB)} MB`;
