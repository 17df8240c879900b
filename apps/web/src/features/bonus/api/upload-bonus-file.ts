import type { ApiErrorBody } from '@podpot/domain';
import { ApiError, buildUrl, tokenStorage } from '@/lib/api-client';
import { pageLocale } from '@/lib/locale';
import { bonusEpisodesPath } from './bonus-episodes';

export interface UploadOptions {
  /** The file's type as the API is told it (Content-Type): one of BONUS_AUDIO_TYPES or BONUS_ARTWORK_TYPES. */
  type: string;
  /** Share of the file sent so far, 0–1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * PUT tipjars/{id}/bonus-episodes/{episodeId}/{audio|artwork}: the file itself as the request body.
 * XMLHttpRequest, not fetch: only it tells how much of a large body has been sent. Fails with an
 * ApiError like the api client (status 0 when the network failed), never reported by a toast: the
 * form shows it at its field.
 */
export function uploadBonusFile(
  tipjarId: string,
  episodeId: string,
  what: 'audio' | 'artwork',
  file: Blob,
  { type, onProgress, signal }: UploadOptions,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', buildUrl(`${bonusEpisodesPath(tipjarId, episodeId)}/${what}`));
    request.setRequestHeader('Content-Type', type);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', pageLocale());
    const token = tokenStorage.get();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve();
        return;
      }
      let body: ApiErrorBody | undefined;
      try {
        body = request.responseText ? (JSON.parse(request.responseText) as ApiErrorBody) : undefined;
      } catch {
        body = undefined;
      }
      const error = new ApiError(request.status, body);
      error.silent = true;
      reject(error);
    };
    request.onerror = () => {
      const error = new ApiError(0);
      error.silent = true;
      reject(error);
    };
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
