import { ApiError } from '@/lib/api-client';
import {
  type ColumnMapping,
  type UploadResponse,
  UploadResponseSchema,
} from '../../../../shared/upload';

/**
 * POST /api/upload/tenants with the file in the `file` field, and the clerk's column mapping
 * (issue 31) in `mapping` when the file's headings needed one. XMLHttpRequest rather than fetch
 * because it reports upload progress; errors follow the api client's rule ("<status>: <text>").
 */
export function uploadTenants(
  file: File,
  onProgress: (percent: number) => void,
  mapping?: ColumnMapping,
): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload/tenants');
    request.withCredentials = true;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        resolve(UploadResponseSchema.parse(JSON.parse(request.responseText)));
      } else {
        reject(new ApiError(request.status, request.responseText || request.statusText));
      }
    });
    request.addEventListener('error', () => reject(new Error('Network error')));
    const form = new FormData();
    if (mapping) form.append('mapping', JSON.stringify(mapping));
    form.append('file', file);
    request.send(form);
  });
}
