import type { PGlite } from '@electric-sql/pglite';

/**
 * The parts of emscripten's Node file system (NODEFS, which PGlite mounts on a `dataDir` in Node)
 * that change or read a file's size. Typed here because PGlite's types do not export them.
 */
type FsNode = object;
type Stream = { node: FsNode; nfd: number };
type NodeFs = {
  stream_ops: {
    llseek: (stream: Stream, offset: number, whence: number) => number;
    write: (
      stream: Stream,
      buffer: Uint8Array,
      offset: number,
      length: number,
      position?: number,
    ) => number;
    setattr?: (stream: Stream, attr: { size?: number }) => void;
    allocate?: (stream: Stream, offset: number, length: number) => void;
  };
  node_ops: { setattr: (node: FsNode, attr: { size?: number }) => void };
};
type Module = { FS?: { filesystems?: { NODEFS?: NodeFs }; isFile: (mode: number) => boolean } };

const SEEK_END = 2;
const patched = new WeakSet<NodeFs>();

/**
 * Keeps each data file's size in memory instead of asking the file system at every `lseek(SEEK_END)`.
 *
 * Postgres asks a relation's size (`lseek(fd, 0, SEEK_END)`) at the start of every sequential scan
 * and before extending it; emscripten's NODEFS answers with `fs.fstatSync`, which builds a Stats
 * object with four Dates each time: 11-13% of the launcher's CPU while it served `GET /api/decks`
 * (~10 scans of small tables a list, bench/README.md, "Serving"). Postgres keeps no such cache in
 * normal running (only during recovery), so it is kept here, below it.
 *
 * It is exact because PGlite is the data folder's only writer (a second process on a live data
 * folder would corrupt it anyway) and every size change of a file PGlite has open goes through the
 * operations wrapped here, on the same emscripten node (one per open path; a file created anew at a
 * path, after an unlink or rename, is a new node):
 * - a write (also msync's) extends the file to at least its end: the kept size follows it exactly,
 *   from the byte count the write returns;
 * - a truncate, by path or descriptor (also `open` with O_TRUNC), or an allocate forgets the size,
 *   which the next `SEEK_END` reads from the file system again.
 * A size not yet kept is read with `fstat` as before. An in-memory PGlite (no `dataDir`) has no
 * file on NODEFS, so nothing changes for it.
 */
export function keepFileSizes(db: PGlite): boolean {
  const nodefs = (db as unknown as { Module?: Module }).Module?.FS?.filesystems?.NODEFS;
  const FS = (db as unknown as { Module?: Module }).Module?.FS;
  if (!nodefs || !FS || patched.has(nodefs)) return false;
  patched.add(nodefs);
  const sizes = new WeakMap<FsNode, number>();
  const ops = nodefs.stream_ops;
  const { llseek, write, setattr: streamSetattr, allocate } = ops;
  const nodeSetattr = nodefs.node_ops.setattr;

  ops.llseek = function (stream, offset, whence) {
    if (whence !== SEEK_END) return llseek.call(this, stream, offset, whence);
    const size = sizes.get(stream.node);
    // As emscripten's own llseek: a negative position is EINVAL (its call throws the same error).
    if (size === undefined || size + offset < 0) {
      const position = llseek.call(this, stream, offset, whence);
      // Only files have a size (emscripten's llseek adds none for anything else).
      if (FS.isFile((stream.node as { mode: number }).mode))
        sizes.set(stream.node, position - offset);
      return position;
    }
    return size + offset;
  };
  ops.write = function (stream, buffer, offset, length, position) {
    // Forgotten first: if the write throws, the size is read again next time.
    const before = sizes.get(stream.node);
    sizes.delete(stream.node);
    const written = write.call(this, stream, buffer, offset, length, position);
    if (before !== undefined && typeof position === 'number')
      sizes.set(stream.node, Math.max(before, position + written));
    return written;
  };
  if (streamSetattr)
    ops.setattr = function (stream, attr) {
      sizes.delete(stream.node);
      return streamSetattr.call(this, stream, attr);
    };
  if (allocate)
    ops.allocate = function (stream, offset, length) {
      sizes.delete(stream.node);
      return allocate.call(this, stream, offset, length);
    };
  nodefs.node_ops.setattr = function (node, attr) {
    sizes.delete(node);
    return nodeSetattr.call(this, node, attr);
  };
  return true;
}
