import type { FeedPreview } from '@podpot/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST feeds/preview {url}: what the feed prefills (signed-in users). The form shows failures itself. */
export function previewFeed(url: string): Promise<FeedPreview> {
  return api.post<FeedPreview>('feeds/preview', { url }, { silent: true });
}

export const usePreviewFeed = () => useMutation({ mutationFn: previewFeed });
