/**
 * Just enough of the tar format (POSIX ustar) for the backup archive: regular files in one
 * folder, written and read as streams so a database of many gigabytes never sits in memory.
 * `tar -tzf` and `tar -xzf` read what is written here. Sizes past ustar's 8 GB octal field
 * use the base-256 form GNU tar and bsdtar read.
 */
import fs from 'node:fs';
import type { Readable, Writable } from 'node:stream';

const BLOCK = 512;

export interface TarEntry {
  name: string;
  /** A file on disk to stream, or the content itself. */
  file?: string;
  content?: Buffer;
  mode: number;
  mtimeSeconds: number;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mode: number, mtimeSeconds: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  if (size < 8 ** 11) {
    block.write(octal(size, 12), 124, 'ascii');
  } else {
    block[124] = 0x80;
    block.writeBigUInt64BE(BigInt(size), 124 + 4);
  }
  block.write(octal(mtimeSeconds, 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0' + '00', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return block;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The archive's bytes, entry after entry, ending with the two empty blocks. */
export async function* tarStream(entries: TarEntry[]): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    const size = entry.file !== undefined ? fs.statSync(entry.file).size : entry.content!.length;
    yield header(entry.name, size, entry.mode, entry.mtimeSeconds);
    let written = 0;
    if (entry.file !== undefined) {
      for await (const chunk of fs.createReadStream(entry.file)) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    } else {
      written = entry.content!.length;
      yield entry.content!;
    }
    if (written !== size) throw new Error(`tar: ${entry.name} changed size while it was archived`);
    yield padding(size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

function readSize(block: Buffer): number {
  if (block[124]! & 0x80) return Number(block.readBigUInt64BE(124 + 4));
  return Number.parseInt(block.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
}

function verifyChecksum(block: Buffer): boolean {
  const stored = Number.parseInt(block.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum === stored;
}

export class TarFormatError extends Error {}

/**
 * Reads an archive and hands each regular file to `open(name)`, which returns where its bytes
 * go (a writable stream), or undefined to skip it. Anything else than a regular file, a bad
 * checksum or a truncated archive is an error.
 */
export async function untar(source: Readable, open: (name: string, size: number) => Writable | undefined): Promise<string[]> {
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  /** The entry being read: its destination and the bytes still to come (file, then padding). */
  let current: { out: Writable | undefined; remaining: number; pad: number } | undefined;
  let ended = false;
  const write = (out: Writable, chunk: Buffer) => new Promise<void>((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
  const finish = (out: Writable) =>
    new Promise<void>((resolve, reject) => {
      out.once('error', reject);
      out.end(() => resolve());
    });
  for await (const chunk of source) {
    pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
    while (!ended) {
      if (current) {
        if (current.remaining > 0) {
          if (pending.length === 0) break;
          const take = Math.min(current.remaining, pending.length);
          if (current.out) await write(current.out, pending.subarray(0, take));
          current.remaining -= take;
          pending = pending.subarray(take);
          if (current.remaining > 0) break;
          if (current.out) await finish(current.out);
        }
        if (pending.length < current.pad) break;
        pending = pending.subarray(current.pad);
        current = undefined;
        continue;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      if (!verifyChecksum(block)) throw new TarFormatError('not a tar archive, or a damaged one (bad header checksum)');
      const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const type = String.fromCharCode(block[156]!);
      if (type !== '0' && type !== '\0') throw new TarFormatError(`unexpected entry ${name} (not a regular file)`);
      const size = readSize(block);
      names.push(name);
      current = { out: open(name, size), remaining: size, pad: (BLOCK - (size % BLOCK)) % BLOCK };
      if (size === 0 && current.out) await finish(current.out);
    }
  }
  if (!ended) throw new TarFormatError('the archive is truncated');
  return names;
}
