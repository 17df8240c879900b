import type { FeedPreview } from '@podpot/domain';
import type { ComponentType } from 'react';

/**
 * The "Podcast feed (RSS)" field with its Fetch button, as the forms that take a feed (ordering a tip
 * jar, its settings) see it. Features may not import each other, so those forms take it as a `feedField`
 * prop and the page passes features/feeds' FeedField (like the checkout block, lib/checkout-slot.ts).
 */
export interface FeedFieldProps {
  /** The feed address (controlled): saved with the form. */
  value: string;
  onChange: (url: string) => void;
  /** Fetch succeeded: the form fills its fields from it (the maker may still change everything). */
  onPrefill: (preview: FeedPreview) => void;
  /** Our stored artwork of the feed, shown beside the field. */
  artworkUrl?: string | null;
  /** A field error of the surrounding form for this field (already translated). */
  error?: string;
}

export type FeedFieldComponent = ComponentType<FeedFieldProps>;
