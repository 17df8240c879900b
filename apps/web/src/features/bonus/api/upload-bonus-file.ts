import { type ApiErrorBody, BONUS_UPLOAD_PART_BYTES, type BonusAudioUpload } from '@podpot/domain';
import { ApiError, api, buildUrl, isApiError, tokenStorage } from '@/lib/api-client';
import { pageLocale } from '@/lib/locale';
import { bonusEpisodesPath } from './bonus-episodes';

export interface UploadOptions {
  /** The file's type as the API is told it (Content-Type): one of BONUS_AUDIO_TYPES or BONUS_ARTWORK_TYPES. */
  type: string;
  /** Share of the file sent so far, 0–1; it only ever grows. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /**
   * Audio larger than this goes up in parts (decision 099); smaller files in one PUT. The server's
   * default part size unless told; the parts themselves are as large as the server answers.
   */
  partBytes?: number;
}

/** How often one part is tried again after the network failed, and the wait before each try. */
const PART_RETRIES = 3;
const RETRY_WAIT_MS = 500;

/**
 * PUT tipjars/{id}/bonus-episodes/{episodeId}/{audio|artwork}: the file itself as the request body —
 * or, for audio larger than one part, in parts (`…/audio/uploads`, decision 099), so each request
 * arrives within the server's time on a slow line. XMLHttpRequest, not fetch: only it tells how much of
 * a large body has been sent. Fails with an ApiError like the api client (status 0 when the network
 * failed), never reported by a toast: the form shows it at its field.
 */
export async function uploadBonusFile(
  tipjarId: string,
  episodeId: string,
  what: 'audio' | 'artwork',
  file: Blob,
  { type, onProgress, signal, partBytes = BONUS_UPLOAD_PART_BYTES }: UploadOptions,
): Promise<void> {
  if (signal?.aborted) throw new DOMException('The upload was stopped', 'AbortError');
  let shown = 0;
  const report = (fraction: number) => {
    if (fraction <= shown) return;
    shown = Math.min(1, fraction);
    onProgress?.(shown);
  };
  const path = `${bonusEpisodesPath(tipjarId, episodeId)}/${what}`;
  if (what === 'audio' && file.size > partBytes) {
    await uploadInParts(path, file, type, report, signal);
  } else {
    await send({ path, body: file, contentType: type, signal, onSent: (loaded) => report(loaded / file.size) });
  }
  report(1);
}

/**
 * POST …/audio/uploads, then part after part from where the server stands. After a network failure
 * the server is asked (`Content-Range: bytes * /TOTAL`) and the upload goes on from its answer, at most
 * PART_RETRIES times in a row; a 409 names the offset to go on from.
 */
async function uploadInParts(
  path: string,
  file: Blob,
  type: string,
  report: (fraction: number) => void,
  signal: AbortSignal | undefined,
) {
  const total = file.size;
  const upload = await api.post<BonusAudioUpload>(`${path}/uploads`, { type, bytes: total }, { silent: true, signal });
  const partPath = `${path}/uploads/${encodeURIComponent(upload.id)}`;
  let offset = upload.received;
  let failures = 0;
  while (offset < total) {
    const end = Math.min(offset + upload.partBytes, total);
    const from = offset;
    try {
      const answer = await send({
        path: partPath,
        body: file.slice(from, end),
        contentType: 'application/octet-stream',
        range: `bytes ${from}-${end - 1}/${total}`,
        signal,
        onSent: (loaded) => report((from + loaded) / total),
      });
      if (!isUploadState(answer)) return; // the episode: the file is complete
      offset = answer.received;
      failures = 0;
    } catch (error) {
      if (!isApiError(error)) throw error;
      const expected = error.fields?.['content-range']?.params?.expected;
      if (error.status === 409 && typeof expected === 'number' && failures < PART_RETRIES) {
        failures += 1;
        offset = expected;
      } else if (error.status === 0 && failures < PART_RETRIES) {
        failures += 1;
        offset = await whereItStands(partPath, total, failures, signal);
        if (offset < 0) return; // completed after all
      } else throw error;
    }
    report(offset / total);
  }
}

/** After a failure: waits a moment, then asks the server how far the upload got (-1 once it is complete). */
async function whereItStands(partPath: string, total: number, attempt: number, signal?: AbortSignal) {
  for (;;) {
    await wait(RETRY_WAIT_MS * attempt, signal);
    try {
      const answer = await send({ path: partPath, range: `bytes */${total}`, signal });
      return isUploadState(answer) ? answer.received : -1;
    } catch (error) {
      if (!isApiError(error) || error.status !== 0 || attempt >= PART_RETRIES) throw error;
      attempt += 1;
    }
  }
}

function isUploadState(answer: unknown): answer is BonusAudioUpload {
  return typeof answer === 'object' && answer !== null && 'received' in answer && 'partBytes' in answer;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stopped = () => {
      clearTimeout(timer);
      reject(new DOMException('The upload was stopped', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stopped);
      resolve();
    }, ms);
    if (signal?.aborted) stopped();
    else signal?.addEventListener('abort', stopped, { once: true });
  });
}

/** One PUT with XMLHttpRequest (for the progress of its body); resolves with the parsed answer. */
function send(options: {
  path: string;
  body?: Blob;
  contentType?: string;
  range?: string;
  signal?: AbortSignal;
  onSent?: (loaded: number) => void;
}): Promise<unknown> {
  const { path, body, contentType, range, signal, onSent } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was stopped', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('PUT', buildUrl(path));
    if (contentType) request.setRequestHeader('Content-Type', contentType);
    if (range) request.setRequestHeader('Content-Range', range);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', pageLocale());
    const token = tokenStorage.get();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onSent?.(event.loaded);
    };
    const parsed = (): unknown => {
      try {
        return request.responseText ? (JSON.parse(request.responseText) as unknown) : undefined;
      } catch {
        return undefined;
      }
    };
    const stop = () => request.abort();
    request.onloadend = () => signal?.removeEventListener('abort', stop);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        resolve(parsed());
        return;
      }
      const error = new ApiError(request.status, parsed() as ApiErrorBody | undefined);
      error.silent = true;
      reject(error);
    };
    request.onerror = () => {
      const error = new ApiError(0);
      error.silent = true;
      reject(error);
    };
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    signal?.addEventListener('abort', stop, { once: true });
    request.send(body ?? null);
  });
}
