import { waitFor } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { PageTitle } from '@/components/page-title';
import { ShareMeta } from '@/features/storefront/components/share-meta';
import { render } from '@/test/render';

/** The root shell's brand title, with the storefront's tags while `shown`. */
function Probe({ shown = true, imageUrl }: { shown?: boolean; imageUrl: string | null }) {
  return (
    <>
      <PageTitle />
      {shown && (
        <ShareMeta
          title="De Koffiepod"
          description="Over koffie"
          imageUrl={imageUrl}
          url="https://podpot.test/de-koffiepod"
        />
      )}
    </>
  );
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('ShareMeta', () => {
  it('sets title, description and Open Graph tags from the tip jar, and takes them away with the page', async () => {
    const view = render(<Probe imageUrl="https://img.test/pod.png" />);
    await waitFor(() => expect(document.title).toBe('De Koffiepod - Podpot'));
    expect(meta('meta[name="description"]')).toBe('Over koffie');
    expect(meta('meta[property="og:title"]')).toBe('De Koffiepod - Podpot');
    expect(meta('meta[property="og:description"]')).toBe('Over koffie');
    expect(meta('meta[property="og:image"]')).toBe('https://img.test/pod.png');
    expect(meta('meta[property="og:url"]')).toBe('https://podpot.test/de-koffiepod');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://podpot.test/de-koffiepod',
    );

    view.rerender(<Probe shown={false} imageUrl="https://img.test/pod.png" />);
    await waitFor(() => expect(document.title).toBe('Podpot'));
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
  });

  it('leaves og:image out when the tip jar has no image', async () => {
    render(<Probe imageUrl={null} />);
    await waitFor(() => expect(meta('meta[property="og:title"]')).toBe('De Koffiepod - Podpot'));
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
  });
});
