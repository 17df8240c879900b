import { waitFor } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { useShareMeta } from '@/features/storefront/hooks/use-share-meta';
import { cleanup, render } from '@/test/render';

function Probe({ imageUrl }: { imageUrl: string | null }) {
  useShareMeta({
    title: 'De Koffiepod',
    description: 'Over koffie',
    imageUrl,
    url: 'https://podpot.test/de-koffiepod',
  });
  return null;
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('useShareMeta', () => {
  it('sets title, description and Open Graph tags from the tip jar, and puts them back afterwards', async () => {
    document.title = 'Podpot';
    render(<Probe imageUrl="https://img.test/pod.png" />);
    await waitFor(() => expect(document.title).toBe('De Koffiepod - Podpot'));
    expect(meta('meta[name="description"]')).toBe('Over koffie');
    expect(meta('meta[property="og:title"]')).toBe('De Koffiepod - Podpot');
    expect(meta('meta[property="og:description"]')).toBe('Over koffie');
    expect(meta('meta[property="og:image"]')).toBe('https://img.test/pod.png');
    expect(meta('meta[property="og:url"]')).toBe('https://podpot.test/de-koffiepod');

    cleanup();
    expect(document.title).toBe('Podpot');
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
  });

  it('leaves og:image out when the tip jar has no image', async () => {
    render(<Probe imageUrl={null} />);
    await waitFor(() => expect(meta('meta[property="og:title"]')).toBe('De Koffiepod - Podpot'));
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
  });
});
