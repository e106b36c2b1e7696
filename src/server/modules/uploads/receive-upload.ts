import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  type ColumnMapping,
  ColumnMappingSchema,
  FILE_TOO_LARGE_MESSAGE,
  UPLOAD_MAX_BYTES,
} from '../../../shared/upload.js';
import { AppError } from '../../lib/errors.js';

/** Multipart framing around the file: headers, boundaries, the file name. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface ReceivedUpload {
  filename: string;
  bytes: Buffer;
  /** The clerk's column mapping (the optional `mapping` field, JSON), before or after the file. */
  mapping: ColumnMapping | null;
}

/**
 * The uploaded file's name and bytes. A body announced as larger than the limit is refused
 * before a byte is read; one that grows past it while streaming is cut off there (busboy's
 * fileSize limit) — either way 413, and nothing over 5 MB is ever held in memory.
 */
export async function receiveUpload(request: FastifyRequest): Promise<ReceivedUpload> {
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
  let file: { filename: string; bytes: Buffer } | null = null;
  let mappingText: string | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname === 'mapping') mappingText = String(part.value);
    } else if (part.fieldname === 'file' && file === null) {
      file = await readFilePart(part);
    } else {
      part.file.resume();
    }
  }
  if (file === null) {
    throw new AppError('INVALID_REQUEST', 'Choose a file to upload (form field "file").');
  }
  return { ...file, mapping: parseMapping(mappingText) };
}

function parseMapping(text: string | null): ColumnMapping | null {
  if (text === null || text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('INVALID_REQUEST', 'The column mapping is not valid JSON.');
  }
  const parsed = ColumnMappingSchema.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues[0]?.message ?? 'it is not a list of columns and headings';
    throw new AppError('INVALID_REQUEST', `The column mapping cannot be used: ${detail}`);
  }
  return parsed.data;
}

async function readFilePart(part: MultipartFile): Promise<{ filename: string; bytes: Buffer }> {
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
  // A name is shown and stored: no control characters (PostgreSQL refuses NUL in text).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  const filename = part.filename.replace(/[\u0000-\u001F\u007F]/g, '');
  return { filename: filename || 'upload', bytes: Buffer.concat(chunks, size) };
}
