import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../platform/errors';

// Multipart forms are read part by part (issue 11, defect 8): each file streams to a temporary
// file on disk while its size is counted; nothing holds a whole file in memory. A form with more
// files than the call takes, or (for one-file calls) a file past its limit, is refused the moment
// that part starts or the limit is crossed — the rest of the body is not read.

/** How much of a file's start is kept in memory for the type check (magic bytes). */
const HEAD_BYTES = 64;

export interface IncomingFile {
  fieldName: string;
  fileName: string;
  /** The temporary file holding the bytes (moved into place by store(), else deleted). */
  tmpPath: string;
  size: number;
  /** The first bytes, for the content check. */
  head: Buffer;
  /** Whether any byte is NUL (text files must have none). */
  hasNul: boolean;
  /** Set when the file was cut off at the size limit. */
  tooLarge: boolean;
}

export interface IncomingForm {
  fields: Record<string, string>;
  files: IncomingFile[];
}

export interface FormLimits {
  /** Files the call takes: one more is refused at once. */
  maxFiles: number;
  /** Bytes per file. */
  maxBytes: number;
  /** Refuse the whole form at once when a file passes maxBytes (one-file calls); else flag it. */
  refuseTooLarge: boolean;
  /** The message for a file past maxBytes. */
  tooLargeText: string;
  /** Where temporary files go (on the same disk as the stored ones, so a rename places them). */
  tmpDir: string;
}

/**
 * Counts bytes, keeps the head and notes NULs while the file flows to disk; fails as soon as a
 * file passes the limit when the form is to be refused for it.
 */
function meter(file: { size: number; head: Buffer; hasNul: boolean }, limits: FormLimits, stop: () => void) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (limits.refuseTooLarge && file.size + chunk.length > limits.maxBytes) {
        stop();
        done(new HttpError(413, limits.tooLargeText));
        return;
      }
      if (file.head.length < HEAD_BYTES) {
        file.head = Buffer.concat([file.head, chunk.subarray(0, HEAD_BYTES - file.head.length)]);
      }
      if (!file.hasNul && chunk.includes(0)) file.hasNul = true;
      file.size += chunk.length;
      done(null, chunk);
    },
  });
}

/** Deletes the temporary files of a form (those already moved into place are gone: ignored). */
export async function discardForm(form: IncomingForm): Promise<void> {
  await Promise.all(form.files.map((f) => fs.promises.rm(f.tmpPath, { force: true })));
}

/**
 * Reads a multipart form: text fields, and files streamed to temporary files. On refusal the
 * temporary files are deleted and the connection is closed after the answer, so the client's
 * remaining parts are never read.
 */
export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<IncomingForm> {
  const form: IncomingForm = { fields: {}, files: [] };
  // Stops feeding the parser: the rest of a refused body is not parsed, and the answer ends the
  // connection (withForm), so it is not read either.
  const stop = () => request.raw.unpipe();
  try {
    await fs.promises.mkdir(limits.tmpDir, { recursive: true });
    const parts = request.parts({
      limits: {
        fileSize: Math.max(1, limits.maxBytes + 1),
        files: limits.maxFiles + 1,
        fields: 1100,
        fieldSize: 10_000,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        form.fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (form.files.length >= limits.maxFiles) {
        stop();
        throw badRequest(
          limits.maxFiles === 0
            ? 'This call takes no files.'
            : limits.maxFiles === 1
              ? 'Upload one file at a time.'
              : `Upload at most ${limits.maxFiles} files at a time.`,
        );
      }
      const file: IncomingFile = {
        fieldName: part.fieldname,
        fileName: part.filename.replace(/^.*[/\\]/, '').trim() || 'file',
        tmpPath: path.join(limits.tmpDir, `${crypto.randomBytes(16).toString('hex')}.part`),
        size: 0,
        head: Buffer.alloc(0),
        hasNul: false,
        tooLarge: false,
      };
      form.files.push(file);
      await pipeline(part.file, meter(file, limits, stop), fs.createWriteStream(file.tmpPath, { mode: 0o640 }));
      file.tooLarge = part.file.truncated || file.size > limits.maxBytes;
      if (file.tooLarge && limits.refuseTooLarge) throw new HttpError(413, limits.tooLargeText);
    }
    return form;
  } catch (err) {
    stop();
    await discardForm(form);
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('The form has too many parts.');
    throw err;
  }
}

/**
 * After refusing a form whose body is still arriving: once the answer is out, half-close the
 * connection (the client sees the answer, then the end) and discard what is still in flight for at
 * most two seconds — closing at once with unread bytes would reset the connection, and a client
 * could lose the answer. Nothing is parsed or kept meanwhile.
 */
function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  reply.raw.once('finish', () => {
    request.raw.resume();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), 2000);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * Reads the form, runs `use` on it, and always deletes what was not stored. A refused form ends
 * its connection after the answer (closeAfterAnswer), so the rest of its body is never parsed.
 */
export async function withForm<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: FormLimits,
  use: (form: IncomingForm) => Promise<T>,
): Promise<T> {
  let form: IncomingForm;
  try {
    form = await readForm(request, limits);
  } catch (err) {
    closeAfterAnswer(request, reply);
    throw err;
  }
  try {
    return await use(form);
  } finally {
    await discardForm(form);
  }
}
