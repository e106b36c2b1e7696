import type { FastifyRequest } from 'fastify';
import { FILE_TOO_LARGE_MESSAGE, UPLOAD_MAX_BYTES } from '../../../shared/upload.js';
import { AppError } from '../../lib/errors.js';

/** Multipart framing around the file: headers, boundaries, the file name. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The uploaded file's name and bytes. A body announced as larger than the limit is refused
 * before a byte is read; one that grows past it while streaming is cut off there (busboy's
 * fileSize limit) — either way 413, and nothing over 5 MB is ever held in memory.
 */
export async function receiveUpload(
  request: FastifyRequest,
): Promise<{ filename: string; bytes: Buffer }> {
  const announced = Number(request.headers['content-length'] ?? 0);
  if (announced > UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD) {
    throw new AppError('TOO_LARGE', FILE_TOO_LARGE_MESSAGE, { headers: { connection: 'close' } });
  }
  if (!request.isMultipart()) {
    throw new AppError(
      'INVALID_REQUEST',
      'Send the file as multipart/form-data in a field named "file".',
    );
  }
  const part = await request.file();
  if (part?.fieldname !== 'file') {
    throw new AppError('INVALID_REQUEST', 'Choose a file to upload (form field "file").');
  }
  // Counted as it streams: past the limit we answer at once and read nothing more.
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > UPLOAD_MAX_BYTES || part.file.truncated) {
      part.file.destroy();
      throw new AppError('TOO_LARGE', FILE_TOO_LARGE_MESSAGE, { headers: { connection: 'close' } });
    }
    chunks.push(chunk);
  }
  if (part.file.truncated)
    throw new AppError('TOO_LARGE', FILE_TOO_LARGE_MESSAGE, { headers: { connection: 'close' } });
  return { filename: part.filename || 'upload', bytes: Buffer.concat(chunks, size) };
}
